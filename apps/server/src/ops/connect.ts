import type { Config } from '../config';
import { createDatabase, type Database } from '../platform/db/database';
import { findRunningEmbedded, startEmbeddedPostgres } from '../platform/db/embedded-postgres';

/**
 * The database the server uses: DATABASE_URL, else the embedded server a
 * running TAICE already started on DATA_DIR, else one started for this command.
 */
export async function connectForOps(config: Config): Promise<{ database: Database; close(): Promise<void> }> {
  if (config.DATABASE_URL) {
    const database = createDatabase(config.DATABASE_URL, 2);
    return { database, close: () => database.close() };
  }
  const running = await findRunningEmbedded(config.DATA_DIR);
  if (running) {
    const database = createDatabase(running, 2);
    return { database, close: () => database.close() };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    notice: (line) => process.stderr.write(`${line}\n`),
  });
  const database = createDatabase(embedded.url, 2);
  return {
    database,
    async close() {
      await database.close();
      await embedded.stop();
    },
  };
}
