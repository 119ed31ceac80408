import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import {
  errorCode,
  errorMessage,
  expectedTypeNames,
  fillPlaceholders,
  isErrorKey,
  validationReasons,
  type ApiLang,
  type ValidationReason,
} from '@taice/contract';

/** Request input that failed its schema; the error handler words it for the user. */
export class RequestValidationError extends Error {
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('request validation failed');
    this.name = 'RequestValidationError';
  }
}

/** Like fastify-type-provider-zod's compiler, but keeps the input so a missing field reads "is required". */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
  };

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

function localizeExpected(expected: string | number, lang: ApiLang): string {
  const names = expectedTypeNames as Record<string, Record<ApiLang, string>>;
  return names[String(expected)]?.[lang] ?? String(expected);
}

export interface ValidationOutcome {
  code: number;
  msg: string;
  data: { field: string };
}

/**
 * Words the first failed field for the user: a schema may name a catalogue
 * entry as its message (for texts the spec fixes), otherwise the message is
 * "<field>: <reason>".
 */
export function describeValidation(error: RequestValidationError, lang: ApiLang): ValidationOutcome {
  const issue = error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : error.part;
  if (!issue) {
    return { code: errorCode('validation_failed'), msg: errorMessage('bad_request', lang), data: { field } };
  }
  if (isErrorKey(issue.message)) {
    const limits: Record<string, number> = {};
    if ('minimum' in issue) limits.min = Number(issue.minimum);
    if ('maximum' in issue) limits.max = Number(issue.maximum);
    return { code: errorCode(issue.message), msg: errorMessage(issue.message, lang, limits), data: { field } };
  }
  const { reason, params } = reasonOf(issue);
  if (params.expected !== undefined) params.expected = localizeExpected(params.expected, lang);
  const reasonText = fillPlaceholders(validationReasons[reason][lang], params);
  return {
    code: errorCode('validation_failed'),
    msg: errorMessage('validation_failed', lang, { field, reason: reasonText }),
    data: { field },
  };
}
