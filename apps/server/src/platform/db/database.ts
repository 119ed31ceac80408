import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../process/paths';
import { DatabaseBusyError } from './unavailable';

export type Db = NodePgDatabase;

/** A transaction (or the database itself) that a service writes through, inside its caller's transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** Round trip to the server, for readiness checks. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

// PostgreSQL bigint (int8) as JS number: every bigint here (amounts in
// hundredths, counters) stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** How long a request may wait for the database, so that an outage or overload fails fast (decision 032). */
export interface DatabaseLimits {
  /** Waiting for a connection (a free one in the pool, or a new one). */
  connectTimeoutMs?: number;
  /** One statement, enforced by PostgreSQL; the client gives up a second later if no answer comes at all. */
  statementTimeoutMs?: number;
  /** Requests waiting for a connection at once; more are refused at once. */
  maxWaiting?: number;
}

/** Refuses a checkout when `maxWaiting` requests already wait: an overload must not pile up work. */
function boundWaiting(pool: pg.Pool, maxWaiting: number): void {
  const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
  const bounded = (callback?: (...args: unknown[]) => void) => {
    if (pool.waitingCount < maxWaiting) return connect(callback);
    const err = new DatabaseBusyError(`${maxWaiting} requests already wait for a database connection`);
    if (!callback) return Promise.reject(err);
    process.nextTick(() => callback(err, undefined, () => undefined));
  };
  pool.connect = bounded as typeof pool.connect;
}

export function createDatabase(url: string, poolSize = 20, limits: DatabaseLimits = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    statement_timeout: limits.statementTimeoutMs,
    query_timeout: limits.statementTimeoutMs && limits.statementTimeoutMs + 1_000,
  });
  if (limits.maxWaiting !== undefined) boundWaiting(pool, limits.maxWaiting);
  // A client losing its connection (the server restarting or stopping) must not crash the
  // process: idle clients report through the pool, busy ones through their pending query.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return {
    pool,
    db,
    async ping(timeoutMs = 2_000) {
      const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
      const query = pool.query('select 1').then(
        () => true,
        () => false,
      );
      return Promise.race([query, timeout]);
    },
    close: () => pool.end(),
  };
}

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsDir });
}

/** True when `err` (or its cause, as drizzle wraps it) is PostgreSQL refusing a duplicate under `constraint`. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? err;
  const pgError = cause as { code?: string; constraint?: string };
  return pgError.code === '23505' && pgError.constraint === constraint;
}
