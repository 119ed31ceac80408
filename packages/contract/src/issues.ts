import type { z } from 'zod';
import { expectedTypeNames, fillPlaceholders, validationReasons, type ValidationReason } from './errors';
import type { ApiLang } from './lang';

function reasonOf(issue: z.core.$ZodIssue): { reason: ValidationReason; params: Record<string, string | number> } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { reason: 'required', params: {} };
      return { reason: 'invalid_type', params: { expected: issue.expected } };
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1 ? { reason: 'required', params: {} } : { reason: 'too_short', params: { minimum } };
      }
      return { reason: 'too_small', params: { minimum } };
    }
    case 'too_big':
      return issue.origin === 'string'
        ? { reason: 'too_long', params: { maximum: Number(issue.maximum) } }
        : { reason: 'too_big', params: { maximum: Number(issue.maximum) } };
    case 'invalid_format':
      return { reason: 'invalid_format', params: {} };
    case 'invalid_value':
      return { reason: 'invalid_value', params: { options: issue.values.map(String).join(', ') } };
    case 'custom':
      return { reason: issue.params?.reason === 'unsafe_text' ? 'unsafe_text' : 'invalid', params: {} };
    default:
      return { reason: 'invalid', params: {} };
  }
}

/**
 * Why a value failed its schema, in `lang` ("is required", "must be at most 300 characters"): the server words
 * `validation_failed` with it, the operator console its form fields. Parse with `reportInput` so that a missing
 * value reads "is required".
 */
export function issueReason(issue: z.core.$ZodIssue, lang: ApiLang): string {
  const { reason, params } = reasonOf(issue);
  if (params.expected !== undefined) {
    const names = expectedTypeNames as Record<string, Record<ApiLang, string>>;
    params.expected = names[String(params.expected)]?.[lang] ?? String(params.expected);
  }
  return fillPlaceholders(validationReasons[reason][lang], params);
}
