import type { ErrorKey, MessageParams } from '@taice/contract';

/**
 * A business outcome other than success. The error handler turns it into the
 * envelope `{code, msg, data}` with `msg` in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }
}
