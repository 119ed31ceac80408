import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { systemClock } from './platform/time/clock';
import { createDatabase } from './platform/db/database';
import { superviseEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded-postgres';
import { createLogger } from './platform/process/logger';
import { createSharedState } from './platform/state/shared-state';
import { installShutdown } from './platform/process/shutdown';
import { prepareDatabase } from './seed/prepare-database';
import { describeFailure } from './platform/process/startup-error';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/** Stopped again when start-up fails later, so that no PostgreSQL is left running without a server. */
let embedded: EmbeddedDatabase | null = null;

async function main() {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL);

  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.info({ dataDir: config.DATA_DIR }, 'starting embedded PostgreSQL');
    embedded = await superviseEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      port: config.EMBEDDED_PG_PORT,
      log: (line) => logger.debug({ postgres: line }),
      notice: (line) => logger.warn(line),
    });
    databaseUrl = embedded.url;
  }

  // Migrations and seeds may run long: on connections of their own, without the requests' time limits.
  const setup = createDatabase(databaseUrl, 4);
  try {
    await prepareDatabase(setup, { demo: config.SEED_DEMO, log: (m) => logger.info(m) });
  } finally {
    await setup.close();
  }
  const database = createDatabase(databaseUrl, config.DATABASE_POOL_SIZE, {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    maxWaiting: config.DATABASE_MAX_WAITING,
  });
  const shared = createSharedState(config);

  const app = await buildApp({ config, database, shared, clock: systemClock, logger });
  installShutdown(
    app,
    async () => {
      await shared.close();
      await database.close();
      await embedded?.stop();
      embedded = null;
    },
    config.SHUTDOWN_TIMEOUT_MS,
  );
  await app.listen({ host: config.HOST, port: config.PORT });
}

main().catch(async (err: unknown) => {
  const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  console.error(describeFailure(err, 'TAICE did not start', verbose));
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
