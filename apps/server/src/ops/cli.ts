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
import {
  errorMessage,
  opsMessageCalls,
  opsRaceCalls,
  opsRedemptionCalls,
  ORDER_STATUSES,
  PRIZE_TYPES,
  REWARD_SOURCES,
  REWARD_STATUSES,
} from '@taice/contract';
import fsp from 'node:fs/promises';
import type { z } from 'zod';
import { AppError } from '../platform/http/app-error';
import { redemptionAdmin } from '../modules/redemption/redemption.admin';
import { racesAdmin } from '../modules/races/races.admin';
import { poolsAdmin } from '../modules/pools/pools.admin';
import { registerWebhook } from '../modules/telegram/telegram.admin';

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

program
  .command('telegram-webhook')
  .description("register the bot's webhook (PUBLIC_URL + /api/telegram/webhook) and its commands with Telegram")
  .action(async () => {
    try {
      print(`webhook registered: ${await registerWebhook(loadConfig())}`);
    } catch (err) {
      throw new OpsError(`telegram-webhook: ${err instanceof Error ? err.message : String(err)}`);
    }
  });

const taice = (hundredths: number) => (hundredths / 100).toFixed(2);

program
  .command('ledger')
  .argument('<action>', 'verify')
  .description('verify: recompute every balance from the ledger entries and report any difference')
  .action(
    withDatabase(async (database, action: string) => {
      if (action !== 'verify') throw new OpsError(`unknown ledger action ${action} (try: verify)`);
      const result = await pointsAdmin(database.db).verifyLedger();
      // Reward pools' escrow against their rows and claims (decision 050).
      const pools = await poolsAdmin(database.db).verify();
      result.mismatches.push(...pools.mismatches);
      print(`${result.accounts} accounts, ${result.entries} entries, ${pools.pools} reward pools checked`);
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

/** Runs an operator tool, turning its refusals (a RangeError, or the API's AppError) into an OpsError. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RangeError) throw new OpsError(err.message);
    if (err instanceof AppError) throw new OpsError(errorMessage(err.key, 'en_US', err.params));
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
  .command('totp-reset <email>')
  .description('remove the account’s second factor (a lost device): it enrols again in the console')
  .action(
    withDatabase(async (database, email: string) => {
      const user = await refusing(() => operatorsAdmin(database.db).totpReset(email));
      print(
        `${user.email}: ${user.reset ? 'second factor reset; enrol again in the console' : 'no second factor to reset'}`,
      );
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

/** A contract body checked by its schema; the first problem is the operator's message. */
function parsed<S extends z.ZodType>(schema: S | undefined, value: unknown): z.output<S> {
  if (!schema) throw new Error('a call without a body');
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new OpsError(`${issue.path.map(String).join('.') || 'input'}: ${issue.message}`);
  }
  return result.data;
}

const redemption = (database: Database) => redemptionAdmin(database.db, createStorage(loadConfig()));
const optionalNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));

const prizesCommand = program.command('prizes').description('the redemption catalogue (prices in TAICE)');

prizesCommand
  .command('list')
  .description('every prize, active or not, in sort order')
  .addOption(new Option('--type <type>', 'only this type').choices(PRIZE_TYPES))
  .action(
    withDatabase(async (database, o: { type?: (typeof PRIZE_TYPES)[number] }) => {
      const { prizes } = redemption(database);
      for (let page = 1; ; page++) {
        const result = await prizes.list({ type: o.type, page, size: 50 });
        for (const p of result.list) {
          const codes = p.type === 'virtual' ? `, ${p.free_codes} free codes` : '';
          const limit = p.per_user_limit ? `, ${p.per_user_limit} per user` : '';
          const days = p.membership_days ? ` ${p.membership_days} days` : '';
          print(
            `#${p.id} ${p.type}${days} "${p.name.en_US}" ${p.price.toFixed(2)} TAICE, stock ${p.stock}${codes}${limit}${p.active ? '' : ' (inactive)'}`,
          );
        }
        if (!result.has_more) break;
      }
    }),
  );

prizesCommand
  .command('create')
  .description('create a prize with its three translations (and images)')
  .addOption(new Option('--type <type>', 'what it is').choices(PRIZE_TYPES).makeOptionMandatory())
  .requiredOption('--name-en <text>', 'name in English')
  .requiredOption('--name-cn <text>', 'name in simplified Chinese')
  .requiredOption('--name-tw <text>', 'name in traditional Chinese')
  .requiredOption('--text-en <text>', 'description in English')
  .requiredOption('--text-cn <text>', 'description in simplified Chinese')
  .requiredOption('--text-tw <text>', 'description in traditional Chinese')
  .requiredOption('--price <taice>', 'price in TAICE')
  .option('--stock <n>', 'units to sell (virtual products: import codes instead)')
  .option('--limit <n>', 'most one user may exchange')
  .option('--days <n>', 'membership tiers: days added to the expiry')
  .option('--starts <iso>', 'on sale from (ISO 8601)')
  .option('--ends <iso>', 'on sale until (ISO 8601)')
  .option('--sort <n>', 'position in the catalogue (lower first)')
  .option('--inactive', 'create it hidden')
  .option('--image <file...>', 'image files (JPEG, PNG, WebP), the first is the cover')
  .action(
    withDatabase(async (database, o: Record<string, string | string[] | boolean | undefined>) => {
      const input = parsed(opsRedemptionCalls.opsPrizeCreate.body, {
        type: o.type,
        name: { en_US: o.nameEn, 'zh-CN': o.nameCn, 'zh-TW': o.nameTw },
        description: { en_US: o.textEn, 'zh-CN': o.textCn, 'zh-TW': o.textTw },
        price: Number(o.price),
        stock: optionalNumber(o.stock as string | undefined),
        per_user_limit: optionalNumber(o.limit as string | undefined) ?? null,
        membership_days: optionalNumber(o.days as string | undefined) ?? null,
        sale_starts_at: o.starts ?? null,
        sale_ends_at: o.ends ?? null,
        sort: optionalNumber(o.sort as string | undefined),
        active: !o.inactive,
      });
      const { actor, prizes } = redemption(database);
      let prize = await refusing(() => prizes.create(actor, input));
      for (const file of (o.image as string[] | undefined) ?? []) {
        const id = prize.id;
        prize = await refusing(async () => prizes.addImage(actor, id, await fsp.readFile(file)));
      }
      print(`prize #${prize.id} created: "${prize.name.en_US}", ${prize.images.length} images`);
    }),
  );

prizesCommand
  .command('stock <id> <n>')
  .description('set what is left to sell')
  .action(
    withDatabase(async (database, id: string, n: string) => {
      const body = parsed(opsRedemptionCalls.opsPrizeStock.body, { id, stock: Number(n) });
      const { actor, prizes } = redemption(database);
      const prize = await refusing(() => prizes.setStock(actor, body.id, body.stock));
      print(`prize #${prize.id} "${prize.name.en_US}": stock ${prize.stock}`);
    }),
  );

prizesCommand
  .command('image <id> <file>')
  .description('add an image to a prize')
  .action(
    withDatabase(async (database, id: string, file: string) => {
      const { actor, prizes } = redemption(database);
      const prize = await refusing(async () => prizes.addImage(actor, Number(id) || 0, await fsp.readFile(file)));
      print(`prize #${prize.id}: ${prize.images.length} images`);
    }),
  );

program
  .command('codes')
  .argument('<action>', 'import')
  .argument('<prize-id>', 'a virtual product')
  .argument('<file>', 'CSV file, codes in the first column')
  .description('import: add the codes of a CSV file to a virtual product (each new code adds one to its stock)')
  .action(
    withDatabase(async (database, action: string, prizeId: string, file: string) => {
      if (action !== 'import') throw new OpsError(`unknown codes action ${action} (try: import)`);
      const { actor, prizes } = redemption(database);
      const csv = await fsp.readFile(file, 'utf8');
      const r = await refusing(() => prizes.importCodes(actor, Number(prizeId) || 0, csv));
      print(
        `${r.imported} codes imported, ${r.duplicates} already there; stock ${r.stock}, ${r.free_codes} free codes`,
      );
    }),
  );

const ordersCommand = program.command('orders').description('redemption orders');

ordersCommand
  .command('list')
  .description('orders, newest first')
  .addOption(new Option('--status <status>', 'only this status').choices(ORDER_STATUSES))
  .option('--user <id>', 'only this user’s')
  .option('--limit <n>', 'how many', '50')
  .action(
    withDatabase(async (database, o: { status?: (typeof ORDER_STATUSES)[number]; user?: string; limit: string }) => {
      const { orders } = redemption(database);
      const size = Math.min(50, Math.max(1, Number(o.limit) || 50));
      const page = await orders.list({ status: o.status, user_id: optionalNumber(o.user), page: 1, size }, 'en_US');
      if (page.list.length === 0) print('no orders');
      for (const r of page.list) {
        const ship = r.address ? ` to ${r.address.first_name} ${r.address.last_name}, ${r.address.country}` : '';
        const track = r.tracking_no ? ` via ${r.carrier} ${r.tracking_no}` : '';
        print(
          `${r.order_no} ${r.created_at} user ${r.user_id} "${r.prize.name}" ${r.price.toFixed(2)} TAICE ${r.status}${ship}${track}`,
        );
      }
      if (page.has_more) print(`... ${page.total} in all`);
    }),
  );

ordersCommand
  .command('ship <order-no>')
  .description('mark a not-shipped order shipped; the user gets a message with the tracking number')
  .requiredOption('--carrier <name>', 'who carries it')
  .requiredOption('--tracking <no>', 'the tracking number')
  .action(
    withDatabase(async (database, orderNo: string, o: { carrier: string; tracking: string }) => {
      const body = parsed(opsRedemptionCalls.opsOrderShip.body, {
        order_no: orderNo,
        carrier: o.carrier,
        tracking_no: o.tracking,
      });
      const { actor, orders } = redemption(database);
      const r = await refusing(() =>
        orders.ship(actor, body.order_no, { carrier: body.carrier, trackingNo: body.tracking_no }, 'en_US'),
      );
      print(`${r.order_no} shipped via ${r.carrier} ${r.tracking_no}`);
    }),
  );

ordersCommand
  .command('complete <order-no>')
  .description('mark a shipped order completed (delivered)')
  .action(
    withDatabase(async (database, orderNo: string) => {
      const { actor, orders } = redemption(database);
      const r = await refusing(() => orders.complete(actor, orderNo, 'en_US'));
      print(`${r.order_no} completed`);
    }),
  );

ordersCommand
  .command('cancel <order-no>')
  .description('cancel a not-shipped order: stock back, TAICE refunded')
  .action(
    withDatabase(async (database, orderNo: string) => {
      const { actor, orders } = redemption(database);
      const r = await refusing(() => orders.cancel(actor, orderNo, 'en_US'));
      print(`${r.order_no} cancelled, ${r.price.toFixed(2)} TAICE refunded (ledger entry ${r.refund_entry_id})`);
    }),
  );

const racesCommand = program.command('races').description('weekly leaderboard races');

racesCommand
  .command('list')
  .description('races newest first, with their rewards waiting for a decision')
  .action(
    withDatabase(async (database) => {
      const { races } = racesAdmin(database.db);
      const page = await races.list({ page: 1, size: 20 }, 'en_US');
      for (const r of page.list) {
        print(
          `${r.id} ${r.label} ${r.starts_at} .. ${r.ends_at} ${r.status}, ${r.participants} participants, rewards: ${r.rewards_pending} pending, ${r.rewards_ineligible} ineligible, ${r.rewards_settled} decided`,
        );
      }
    }),
  );

racesCommand
  .command('close <id>')
  .description('close an ended race now: final ranking frozen, rewards written (safe to repeat)')
  .action(
    withDatabase(async (database, id: string) => {
      const body = parsed(opsRaceCalls.opsRaceClose.body, { id });
      const { actor, races } = racesAdmin(database.db);
      const r = await refusing(() => races.close(actor, body.id, 'en_US'));
      print(`${r.id} ${r.label} ${r.status}: ${r.rewards_pending} pending, ${r.rewards_ineligible} ineligible`);
    }),
  );

const rewardsCommand = program.command('rewards').description('rewards of races and campaigns');

rewardsCommand
  .command('list')
  .description('rewards by race or campaign and rank')
  .addOption(new Option('--source <source>', 'race or campaign').choices(REWARD_SOURCES))
  .option('--of <id>', 'only this race’s or campaign’s')
  .addOption(new Option('--status <status>', 'only this status').choices(REWARD_STATUSES))
  .action(
    withDatabase(
      async (
        database,
        o: { source?: (typeof REWARD_SOURCES)[number]; of?: string; status?: (typeof REWARD_STATUSES)[number] },
      ) => {
        const { rewards } = racesAdmin(database.db);
        const page = await rewards.opsList(
          { source: o.source, source_id: optionalNumber(o.of), status: o.status, page: 1, size: 50 },
          'en_US',
        );
        if (page.list.length === 0) print('no rewards');
        for (const r of page.list) {
          const why = r.reason ? ` (${r.reason})` : '';
          print(
            `${r.id} ${r.source} ${r.source_id} "${r.title}" rank ${r.rank ?? '-'} user ${r.user_id} ${r.amount.toFixed(2)} ${r.currency} ${r.status}${why}`,
          );
        }
        if (page.has_more) print(`... ${page.total} in all`);
      },
    ),
  );

rewardsCommand
  .command('approve <id>')
  .description('approve a pending reward: TAICE paid through the ledger once, a token recorded as owed')
  .action(
    withDatabase(async (database, id: string) => {
      const body = parsed(opsRaceCalls.opsRewardApprove.body, { id });
      const { actor, rewards } = racesAdmin(database.db);
      const r = await refusing(() => rewards.approve(actor, body.id, 'en_US'));
      print(`${r.id} ${r.status}${r.payout_ref ? ` (ledger entry ${r.payout_ref})` : ''}`);
    }),
  );

rewardsCommand
  .command('reject <id>')
  .description('refuse a pending reward; the member sees the reason')
  .requiredOption('--reason <text>', 'why, as the member will read it')
  .action(
    withDatabase(async (database, id: string, o: { reason: string }) => {
      const body = parsed(opsRaceCalls.opsRewardReject.body, { id, reason: o.reason });
      const { actor, rewards } = racesAdmin(database.db);
      const r = await refusing(() => rewards.reject(actor, body.id, body.reason, 'en_US'));
      print(`${r.id} ${r.status}: ${r.reason}`);
    }),
  );

program.parseAsync().catch((err: unknown) => {
  const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');
  const known = err instanceof ConfigError || err instanceof OpsError;
  console.error(known ? err.message : describeFailure(err, 'The command failed', verbose));
  process.exit(1);
});
