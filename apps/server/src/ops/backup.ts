import type { Config } from '../config';
import { backupDatabase, inspectBackup, restoreDatabase } from '../platform/db/backup';
import { createDatabase, runMigrations, type Database } from '../platform/db/database';
import { findRunningEmbedded, startEmbeddedPostgres } from '../platform/db/embedded-postgres';
import { StartupError } from '../platform/process/startup-error';

/** The restore goes into a database of this name first, and replaces the real one only once it is whole. */
const RESTORING = 'taice_restoring';

const withName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A consistent backup of the database the server uses (see `connectForOps`). */
export async function backup(database: Database, file: string) {
  const client = await database.pool.connect();
  try {
    return await backupDatabase(client, file);
  } finally {
    client.release();
  }
}

async function restoreInto(url: string, file: string) {
  const database = createDatabase(url, 2);
  const client = await database.pool.connect();
  try {
    return await restoreDatabase(client, file, () => runMigrations(database.db));
  } finally {
    client.release();
    await database.close();
  }
}

/**
 * Restores a backup. With DATABASE_URL into that database, which must be empty (the servers may be
 * running against another one). Else into the embedded database on DATA_DIR, which no server may be
 * using: it is built beside the current one and replaces it only when complete.
 */
export async function restore(config: Config, file: string) {
  await inspectBackup(file);
  if (config.DATABASE_URL) {
    const database = createDatabase(config.DATABASE_URL, 1);
    try {
      const { rows } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      if (rows[0]!.n > 0) {
        throw new StartupError(
          'a backup is restored only into an empty database, and the one in DATABASE_URL has tables',
          'create an empty database, point DATABASE_URL at it, restore, then start the servers on it',
        );
      }
    } finally {
      await database.close();
    }
    return restoreInto(config.DATABASE_URL, file);
  }
  if (await findRunningEmbedded(config.DATA_DIR)) {
    throw new StartupError(
      `a TAICE server is running on ${config.DATA_DIR}`,
      'stop it first (the restore replaces its database), then restore and start it again',
    );
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_PG_PORT });
  const admin = createDatabase(withName(embedded.url, 'postgres'), 1);
  try {
    await admin.pool.query(`drop database if exists ${RESTORING}`);
    await admin.pool.query(`create database ${RESTORING}`);
    const header = await restoreInto(withName(embedded.url, RESTORING), file);
    await admin.pool.query('drop database if exists taice with (force)');
    await admin.pool.query(`alter database ${RESTORING} rename to taice`);
    return header;
  } finally {
    await admin.close();
    await embedded.stop();
  }
}
