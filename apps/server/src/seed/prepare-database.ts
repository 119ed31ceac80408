import { loadConfig } from '../config';
import type { Database } from '../platform/db/database';
import { runMigrations } from '../platform/db/database';
import { installJobQueue } from '../platform/jobs/jobs';
import { createStorage, type Storage } from '../platform/media/storage';
import { runSeeds } from './seed';
import { seedSteps } from './steps';

/** Key of the advisory lock that lets only one process migrate and seed at a time. */
const PREPARE_LOCK = 7_246_130_001;

/**
 * Brings the database up to date: migrations and the job queue's tables, then pending seed steps. Several
 * processes starting together take turns through a PostgreSQL advisory lock.
 * Seed steps write generated media to `storage`: by default the storage the
 * environment configures (the one the server serves).
 */
export async function prepareDatabase(
  database: Database,
  options: { demo: boolean; log?: (message: string) => void; storage?: Storage },
): Promise<void> {
  const storage = options.storage ?? createStorage(loadConfig());
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK]);
    await runMigrations(database.db);
    await installJobQueue(database.pool);
    await runSeeds(database.db, storage, seedSteps, options);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => undefined);
    client.release();
  }
}
