import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { errorCode, errorMessage, isErrorKey, issueReason, type ApiLang } from '@taice/contract';

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
  return {
    code: errorCode('validation_failed'),
    msg: errorMessage('validation_failed', lang, { field, reason: issueReason(issue, lang) }),
    data: { field },
  };
}
