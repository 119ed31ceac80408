import path from 'node:path';
import { Command, Option } from 'commander';
import { API_LANGS, type ApiLang } from '@taice/contract';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../platform/db/database';
import { runMigrations } from '../platform/db/database';
import { installJobQueue } from '../platform/jobs/jobs';
import { runSeeds } from '../seed/seed';
import { createStorage } from '../platform/media/storage';
import { seedSteps } from '../seed/steps';
import { settingsAdmin } from '../modules/content/settings.admin';
import { connectForOps } from './connect';
import { backup, restore } from './backup';
import { mailOutbox } from '../platform/mail/mail.schema';
import { desc } from 'drizzle-orm';
import { pointsAdmin } from '../modules/points/points.admin';
import { describeFailure } from '../platform/process/startup-error';
import { operatorsAdmin } from '../modules/operators/operators.admin';
import { messagesAdmin } from '../modules/messages/messages.admin';
import { opsMessageCalls } from '@taice/contract';

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
      await installJobQueue(database.pool);
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

const taice = (hundredths: number) => (hundredths / 100).toFixed(2);

program
  .command('ledger')
  .argument('<action>', 'verify')
  .description('verify: recompute every balance from the ledger entries and report any difference')
  .action(
    withDatabase(async (database, action: string) => {
      if (action !== 'verify') throw new OpsError(`unknown ledger action ${action} (try: verify)`);
      const result = await pointsAdmin(database.db).verifyLedger();
      print(`${result.accounts} accounts, ${result.entries} entries checked`);
      if (result.mismatches.length === 0) {
        print('the ledger is sound');
        return;
      }
      for (const line of result.mismatches) print(line);
      throw new OpsError(`${result.mismatches.length} mismatches`);
    }),
  );

/** What a backup holds, in one line. */
const summary = (h: { tables: { rows: number }[]; createdAt: string }) =>
  `${h.tables.length} tables, ${h.tables.reduce((n, t) => n + t.rows, 0)} rows, taken ${h.createdAt}`;

program
  .command('backup <file>')
  .description('write a consistent backup of the database (every table, one moment) to a file')
  .action(
    withDatabase(async (database, file: string) => {
      const header = await backup(database, path.resolve(file));
      print(`backup written to ${path.resolve(file)}: ${summary(header)}`);
    }),
  );

program
  .command('restore <file>')
  .description('replace the embedded database (no server running) or fill the empty DATABASE_URL from a backup')
  .action(async (file: string) => {
    const header = await restore(loadConfig(), path.resolve(file));
    print(`restored from ${path.resolve(file)}: ${summary(header)}`);
  });

const tasks = program.command('tasks').description('task templates (amounts in TAICE)');

tasks
  .command('list')
  .description('every template with its type, group, target and reward')
  .action(
    withDatabase(async (database) => {
      for (const t of await pointsAdmin(database.db).templates()) {
        const group = t.groupNo ? ` group ${t.groupNo}` : '';
        const state = t.enabled ? '' : ' (disabled)';
        print(
          `${t.code}: ${t.taskType}${group} ${t.taskKey}/${t.unitKey} × ${t.totalNum} → ${taice(t.point)} TAICE${state}  "${t.name.en_US}"`,
        );
      }
    }),
  );

tasks
  .command('set <code>')
  .description('change a template')
  .option('--point <taice>', 'reward in TAICE', Number)
  .option('--total <n>', 'target (minutes for time tasks)', Number)
  .addOption(new Option('--unit <unit>', 'what the target counts').choices(['time', 'other']))
  .option('--task-key <key>', 'the action that advances it')
  .option('--enable', 'offer it')
  .option('--disable', 'stop offering it')
  .action(
    withDatabase(
      async (
        database,
        code: string,
        o: {
          point?: number;
          total?: number;
          unit?: 'time' | 'other';
          taskKey?: string;
          enable?: boolean;
          disable?: boolean;
        },
      ) => {
        const enabled = o.enable ? true : o.disable ? false : undefined;
        try {
          const row = await pointsAdmin(database.db).setTemplate(code, { ...o, enabled });
          if (!row) throw new OpsError(`no task template ${code} (see: tasks list)`);
          print(
            `${row.code}: ${row.taskKey}/${row.unitKey} × ${row.totalNum} → ${taice(row.point)} TAICE${row.enabled ? '' : ' (disabled)'}`,
          );
        } catch (err) {
          if (err instanceof RangeError) throw new OpsError(err.message);
          throw err;
        }
      },
    ),
  );

program
  .command('points')
  .argument('[key]', 'a setting to change')
  .argument('[value]', 'its new value (TAICE, or a count for daily.max_groups)')
  .description('earning amounts and caps: list them, or set one')
  .action(
    withDatabase(async (database, key?: string, value?: string) => {
      const admin = pointsAdmin(database.db);
      if (key !== undefined) {
        if (value === undefined) throw new OpsError('give the new value too');
        try {
          await admin.setSetting(key, Number(value));
        } catch (err) {
          if (err instanceof RangeError) throw new OpsError(err.message);
          throw err;
        }
      }
      for (const s of await admin.settings()) {
        print(`${s.key} = ${s.key === 'daily.max_groups' ? s.value : taice(s.value)}`);
      }
    }),
  );

/** Runs an operator tool, turning its RangeError (a refusal worded for the operator) into an OpsError. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RangeError) throw new OpsError(err.message);
    throw err;
  }
}

const usersCommand = program.command('users').description('operator roles of accounts (admin, support)');

usersCommand
  .command('grant <email> <role>')
  .description('give the account a role: admin or support')
  .action(
    withDatabase(async (database, email: string, role: string) => {
      const user = await refusing(() => operatorsAdmin(database.db).grant(email, role));
      print(`${user.email}: ${user.roles.join(', ')}`);
    }),
  );

usersCommand
  .command('revoke <email>')
  .description('take every role from the account')
  .action(
    withDatabase(async (database, email: string) => {
      const user = await refusing(() => operatorsAdmin(database.db).revoke(email));
      print(`${user.email}: no roles`);
    }),
  );

program
  .command('audit')
  .argument('<action>', 'list')
  .description('list: operator actions, newest first')
  .option('--target <type[:id]>', 'only actions on this target, e.g. user:42')
  .option('--limit <n>', 'how many rows', '50')
  .action(
    withDatabase(async (database, action: string, options: { target?: string; limit: string }) => {
      if (action !== 'list') throw new OpsError(`unknown audit action ${action} (try: list)`);
      const limit = Math.max(1, Number(options.limit) || 50);
      const rows = await operatorsAdmin(database.db).list({ target: options.target, limit });
      if (rows.length === 0) print('no audit rows');
      for (const r of rows) {
        const from = r.requestId ? ` request ${r.requestId} from ${r.ip}` : '';
        print(
          `#${r.id} ${r.createdAt.toISOString()} ${r.actor} (${r.role}) ${r.action} ${r.targetType}:${r.targetId}` +
            ` before ${JSON.stringify(r.before)} after ${JSON.stringify(r.after)}${from}`,
        );
      }
    }),
  );

const messagesCommand = program.command('messages').description('notices to members (message center)');

messagesCommand
  .command('send')
  .description('send a notice to one account (--user) or to every account (--all); Chinese texts default to English')
  .option('--user <email>', 'the account to send it to')
  .option('--all', 'every account, delivered in batches by the server’s jobs')
  .requiredOption('--title-en <text>', 'title in English')
  .requiredOption('--text-en <text>', 'text in English')
  .option('--title-cn <text>', 'title in simplified Chinese')
  .option('--text-cn <text>', 'text in simplified Chinese')
  .option('--title-tw <text>', 'title in traditional Chinese')
  .option('--text-tw <text>', 'text in traditional Chinese')
  .action(
    withDatabase(async (database, o: Record<string, string | boolean | undefined>) => {
      if (Boolean(o.user) === Boolean(o.all)) throw new OpsError('give either --user EMAIL or --all');
      const parsed = opsMessageCalls.noticeBody.safeParse({
        title_en: o.titleEn,
        title_cn: o.titleCn,
        title_tw: o.titleTw,
        text_en: o.textEn,
        text_cn: o.textCn,
        text_tw: o.textTw,
      });
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new OpsError(`--${String(issue.path[0]).replace('_', '-')}: ${issue.message}`);
      }
      const admin = messagesAdmin(database.db);
      if (typeof o.user === 'string') {
        const sent = await refusing(() => admin.sendToUser(o.user as string, parsed.data));
        print(`message #${sent.id} sent to ${o.user}`);
      } else {
        const started = await admin.sendToAll(parsed.data);
        print(`broadcast #${started.id} queued: the server's jobs deliver it (see: messages broadcast ${started.id})`);
      }
    }),
  );

messagesCommand
  .command('broadcast <id>')
  .description('how far a broadcast has got')
  .action(
    withDatabase(async (database, id: string) => {
      const b = await messagesAdmin(database.db).broadcast(Number(id) || 0);
      if (!b) throw new OpsError(`no broadcast #${id}`);
      print(`broadcast #${b.id}: ${b.sent} accounts so far, ${b.finishedAt ? 'done' : 'in progress'}`);
    }),
  );

program.parseAsync().catch((err: unknown) => {
  const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  const known = err instanceof ConfigError || err instanceof OpsError;
  console.error(known ? err.message : describeFailure(err, 'The command failed', verbose));
  process.exit(1);
});
