/** A failure the operator can act on: what went wrong, and what to do about it. */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly todo: string,
  ) {
    super(message);
  }
}

interface SystemError {
  code?: string;
  message?: string;
  address?: string;
  port?: number;
  path?: string;
  cause?: unknown;
}

const DEBUG_HINT = 'run again with LOG_LEVEL=debug for the details, or see the log above';

/** The error or its innermost cause that carries a code (drizzle and pg-pool wrap the driver's). */
function innermost(err: unknown): SystemError {
  let at = err as SystemError;
  for (let i = 0; i < 5 && at?.cause && typeof at.cause === 'object'; i++) {
    if (at.code) break;
    at = at.cause as SystemError;
  }
  return at ?? {};
}

/** What went wrong and what to do, for an error found at start-up or in an operator command. */
export function explainFailure(err: unknown): { message: string; todo: string } {
  if (err instanceof StartupError) return { message: err.message, todo: err.todo };
  if (err === undefined || err === null) return { message: 'failed without saying why', todo: DEBUG_HINT };
  const e = innermost(err);
  const where = e.address ? `${e.address}${e.port ? `:${e.port}` : ''}` : 'the configured address';
  switch (e.code) {
    case 'EADDRINUSE':
      return {
        message: `${where} is already in use by another program`,
        todo: 'stop that program, or set PORT (or HOST) to a free one',
      };
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return {
        message: `the database at ${where} cannot be reached (${e.code})`,
        todo: 'check that PostgreSQL is running and that DATABASE_URL names it',
      };
    case 'EACCES':
    case 'EPERM':
      return {
        message: `not allowed: ${e.message ?? e.code}`,
        todo: 'run as a user that may use this path or port, or choose another (DATA_DIR, PORT)',
      };
    case '28P01':
    case '28000':
      return { message: 'the database refused the credentials', todo: 'check the user and password in DATABASE_URL' };
    case '3D000':
      return {
        message: e.message ?? 'the database does not exist',
        todo: 'create it, or fix the name in DATABASE_URL',
      };
    case '57P03':
      return { message: 'the database is starting up or shutting down', todo: 'try again in a few seconds' };
  }
  const message = err instanceof Error ? err.message || err.name : String(err);
  return { message, todo: DEBUG_HINT };
}

/** The explanation as the lines printed to the operator (no stack unless asked for). */
export function describeFailure(err: unknown, title: string, withStack = false): string {
  const { message, todo } = explainFailure(err);
  const stack = withStack && err instanceof Error && err.stack ? `\n\n${err.stack}` : '';
  return `${title}: ${message}\nWhat to do: ${todo}${stack}`;
}
