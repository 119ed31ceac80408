/** The pool refused to queue one more request: the database is overloaded or too slow. */
export class DatabaseBusyError extends Error {}

/** Connection failures: nothing listens, the connection broke, or the address cannot be reached. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * PostgreSQL's own: shutting down or starting (57P01-57P03), too many connections (53300), a
 * statement cancelled by statement_timeout (57014), connection exceptions (class 08).
 */
const SERVER_CODES = /^(57P0[123]|53300|57014|08...)$/;
/** node-postgres and its pool say these in words only. */
const DRIVER_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|not queryable|connection is closed/i;

interface CodedError {
  code?: unknown;
  syscall?: unknown;
  message?: unknown;
  cause?: unknown;
}

/**
 * True when `err`, or an error it wraps (drizzle wraps the driver's), says the database is down,
 * unreachable or too slow: the request could not be served now, and may succeed when retried.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let at = err as CodedError | undefined, depth = 0; at && depth < 5; at = at.cause as CodedError, depth++) {
    if (at instanceof DatabaseBusyError) return true;
    const code = typeof at.code === 'string' ? at.code : '';
    if (NETWORK_CODES.has(code) || SERVER_CODES.test(code)) return true;
    // A Unix socket that is gone: the server is not running.
    if (code === 'ENOENT' && at.syscall === 'connect') return true;
    if (typeof at.message === 'string' && DRIVER_MESSAGES.test(at.message)) return true;
  }
  return false;
}
