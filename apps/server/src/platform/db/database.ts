import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrationsDir } from '../process/paths';

export type Db = NodePgDatabase;

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

export function createDatabase(url: string, poolSize = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
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
