import { Command, Option } from 'commander';
import { API_LANGS, type ApiLang } from '@taice/contract';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../platform/database';
import { runMigrations } from '../platform/database';
import { runSeeds } from '../seed/seed';
import { createStorage } from '../platform/storage';
import { seedSteps } from '../seed/steps';
import { settingsAdmin } from '../modules/content/settings.admin';
import { connectForOps } from './connect';
import { mailOutbox } from '../platform/mail.schema';
import { desc } from 'drizzle-orm';

/** Runs a command against the database and closes it afterwards. */
function withDatabase<A extends unknown[]>(run: (database: Database, ...args: A) => Promise<void>) {
  return async (...args: A) => {
    const config = loadConfig();
    const { database, close } = await connectForOps(config);
    try {
      await run(database, ...args);
    } finally {
      await close();
    }
  };
}

const print = (line: string) => process.stdout.write(`${line}\n`);

/** A refusal worded for the operator; printed without a stack. */
class OpsError extends Error {}
const langOption = new Option('--lang <lang>', 'only this language').choices(API_LANGS);

const program = new Command('ops').description('TAICE operator commands');

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(
    withDatabase(async (database) => {
      await runMigrations(database.db);
      print('migrations applied');
    }),
  );

program
  .command('seed')
  .description('apply pending seed steps (essential data, and demo content unless --no-demo)')
  .option('--no-demo', 'skip demo content')
  .option('--force', 'run every step again (steps only add what is missing)')
  .action(
    withDatabase(async (database, options: { demo: boolean; force?: boolean }) => {
      await runMigrations(database.db);
      const storage = createStorage(loadConfig());
      const ran = await runSeeds(database.db, storage, seedSteps, {
        demo: options.demo,
        force: options.force,
        log: print,
      });
      print(ran.length > 0 ? `seeded: ${ran.join(', ')}` : 'nothing to seed');
    }),
  );

const config = program.command('config').description('read and change settings (the key_values table)');

config
  .command('list')
  .description('every setting with its value')
  .action(
    withDatabase(async (database) => {
      for (const row of await settingsAdmin(database.db).list()) {
        print(`${row.key}${row.isPublic ? '' : ' (private)'} = ${JSON.stringify(row.value)}`);
      }
    }),
  );

config
  .command('get <key>')
  .description('one setting')
  .addOption(langOption)
  .action(
    withDatabase(async (database, key: string, options: { lang?: ApiLang }) => {
      const row = await settingsAdmin(database.db).get(key);
      if (!row) throw new OpsError(`no setting named ${key}`);
      const value = typeof row.value === 'string' || !options.lang ? row.value : row.value[options.lang];
      print(typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    }),
  );

config
  .command('set <key> <value>')
  .description('set a setting (for every language, or one with --lang)')
  .addOption(langOption)
  .option('--private', 'server-side only: never returned by the keyValue calls')
  .option('--public', 'returned by the keyValue calls')
  .option('--description <text>', 'what the setting is for')
  .action(
    withDatabase(
      async (
        database,
        key: string,
        value: string,
        options: { lang?: ApiLang; private?: boolean; public?: boolean; description?: string },
      ) => {
        const isPublic = options.private ? false : options.public ? true : undefined;
        const row = await settingsAdmin(database.db).set(key, value, {
          lang: options.lang,
          isPublic,
          description: options.description,
        });
        print(`${row.key} = ${JSON.stringify(row.value)}`);
      },
    ),
  );

program
  .command('outbox')
  .description('mail written instead of sent (no SMTP_URL), newest first')
  .option('--limit <n>', 'how many messages', '10')
  .action(
    withDatabase(async (database, options: { limit: string }) => {
      const rows = await database.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(Math.max(1, Number(options.limit) || 10));
      if (rows.length === 0) print('the outbox is empty');
      for (const row of rows) {
        print(`--- #${row.id} ${row.createdAt.toISOString()} to ${row.to}`);
        print(`Subject: ${row.subject}\n\n${row.text}\n`);
      }
    }),
  );

program.parseAsync().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof OpsError ? err.message : err);
  process.exit(1);
});
