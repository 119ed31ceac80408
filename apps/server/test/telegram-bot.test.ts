import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { errorCode, identityCalls, opsRedemptionCalls, TELEGRAM_WEBHOOK_PATH, type Envelope } from '@taice/contract';
import { createMessages } from '../src/modules/messages/messages.module';
import { createTelegram, type Telegram } from '../src/modules/telegram/telegram.module';
import { serverRoot } from '../src/platform/process/paths';
import { businessDay } from '../src/platform/time/business-day';
import type { Registered } from './support/accounts';
import { startBotApiStandIn, type BotApiCall, type BotApiStandIn } from './support/bot-api-stand-in';
import { operator } from './support/operators';
import { createPrize, exchangePhysical, fund, saveAddress } from './support/redemption';
import { signMiniAppInitData } from './support/telegram';
import { createTestApp, type TestApp } from './support/test-app';

const BOT_TOKEN = '424242:test-bot-token-for-the-bot-tests';
const SECRET = 'webhook-secret-for-the-bot-tests';
const APP_LINK = 'https://t.me/taice_test_bot/app';

let api: BotApiStandIn;
let t: TestApp;
let telegram: Telegram;
let support: Registered;

beforeAll(async () => {
  api = await startBotApiStandIn(BOT_TOKEN);
  t = await createTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      TELEGRAM_BOT_NAME: 'taice_test_bot',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_API_URL: api.apiRoot,
    },
  });
  support = await operator(t, 'support');
  // The notices as the send job runs them, on the app's database and the stand-in.
  const messages = createMessages({ db: t.database.db, clock: t.clock });
  telegram = createTelegram({
    config: t.config,
    db: t.database.db,
    clock: t.clock,
    messages,
    log: pino({ level: 'silent' }),
  })!;
});
afterAll(async () => {
  await t.close();
  await api.close();
});
beforeEach(() => {
  api.calls.length = 0;
});

let telegramIds = 9_100_000;
let updateIds = 1;

interface From {
  id: number;
  language_code?: string;
}

const newFrom = (language_code = 'en'): From => ({ id: ++telegramIds, language_code });

function webhook(update: Record<string, unknown>, secret: string | null = SECRET, lang?: string) {
  return t.inject({
    method: 'POST',
    url: TELEGRAM_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      ...(lang ? { lang } : {}),
    },
    payload: JSON.stringify(update),
  });
}

const user = (from: From) => ({ ...from, is_bot: false, first_name: 'Mia' });
const chat = (from: From) => ({ id: from.id, type: 'private', first_name: 'Mia' });

/** A private text message from `from`, as Telegram delivers it; commands carry their entity. */
function said(from: From, text: string) {
  const command = /^\/\w+/.exec(text)?.[0];
  return {
    update_id: updateIds++,
    message: {
      message_id: updateIds,
      date: Math.floor(Date.now() / 1000),
      chat: chat(from),
      from: user(from),
      text,
      ...(command ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] } : {}),
    },
  };
}

/** A tap on an inline button of the bot's message `messageId`. */
function tapped(from: From, data: string, messageId: number, updateId = updateIds++) {
  return {
    update_id: updateId,
    callback_query: {
      id: `cb-${updateId}`,
      from: user(from),
      chat_instance: 'ci',
      data,
      message: { message_id: messageId, date: 0, chat: chat(from), text: 'menu' },
    },
  };
}

const buttonsOf = (call: BotApiCall) =>
  (
    call.params.reply_markup as { inline_keyboard: { text: string; url?: string; callback_data?: string }[][] }
  ).inline_keyboard.flat();

const lastSent = () => api.callsOf('sendMessage').at(-1)!;

/** Opens the notifications menu and taps `kind` on. */
async function optIn(from: From, kind: 'sign_in' | 'results' | 'orders') {
  await webhook(said(from, '/notifications'));
  const menu = lastSent();
  expect((await webhook(tapped(from, `notify:${kind}:on`, 1))).statusCode).toBe(200);
  return menu;
}

/** A physical order of a fresh member, shipped by support: the `order_shipped` message is written. */
async function shipAnOrder(buyer: Registered) {
  await fund(t, buyer, 100);
  const placed = await exchangePhysical(
    t,
    buyer,
    await createPrize(t, { type: 'physical', price: 1_000 }),
    await saveAddress(t, buyer),
  );
  const shipped = await t.call(
    opsRedemptionCalls.opsOrderShip,
    { body: { order_no: placed.data.order_no, carrier: 'DHL', tracking_no: 'JD0042' } },
    { token: support.token },
  );
  expect(shipped.code).toBe(0);
  return placed.data.order_no;
}

/** The Telegram user logs in to TAICE from the Mini App (no e-mail), so the bot knows their account. */
async function telegramMember(from: From): Promise<Registered> {
  const initData = signMiniAppInitData(BOT_TOKEN, {
    user: { id: from.id, first_name: 'Mia', username: `mia${from.id}` },
    auth_date: Math.floor(t.clock.now().getTime() / 1000),
  });
  const res = await t.call(identityCalls.telegramLogin, { body: { user: initData } });
  expect(res.code).toBe(0);
  return { email: '', password: '', token: res.data.token, user: res.data.user };
}

async function noticesOf(from: From) {
  const { rows } = await t.database.pool.query<{ id: number; kind: string; status: string; throttled: number }>(
    'select id, kind, status, throttled from telegram_notices where telegram_user_id = $1 order by id',
    [from.id],
  );
  return rows;
}

async function sendJobs(noticeId: number) {
  const { rows } = await t.database.pool.query<{ run_at: Date }>(
    'select run_at from graphile_worker.jobs where key = $1',
    [`telegram.send:${noticeId}`],
  );
  return rows;
}

describe('the webhook', () => {
  it('refuses a call without Telegram’s secret, in the caller’s language, and answers nothing', async () => {
    const from = newFrom();
    for (const secret of [null, 'not-the-secret-at-all', `${SECRET}x`]) {
      const res = await webhook(said(from, '/start'), secret, 'zh-CN');
      expect(res.statusCode).toBe(401);
      expect(res.json<Envelope<null>>()).toEqual({
        code: errorCode('telegram_webhook_refused'),
        msg: '此请求并非来自 Telegram',
        data: null,
      });
    }
    expect(api.calls).toEqual([]);
    const { rows } = await t.database.pool.query('select 1 from telegram_chats where telegram_user_id = $1', [from.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a body that is not an update', async () => {
    for (const body of [{}, { update_id: 'one' }, { update_id: -1 }]) {
      const res = await webhook(body);
      expect(res.statusCode).toBe(400);
      expect(res.json<Envelope<null>>().code).toBe(errorCode('bad_request'));
    }
    const garbled = await t.inject({
      method: 'POST',
      url: TELEGRAM_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      payload: '{"update_id": 1,',
    });
    expect(garbled.json<Envelope<null>>().code).toBe(errorCode('bad_request'));
  });

  it('is off on a server without a webhook secret', async () => {
    const plain = await createTestApp({
      env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_URL: api.apiRoot },
      databaseUrl: t.databaseUrl,
    });
    try {
      const res = await plain.inject({
        method: 'POST',
        url: TELEGRAM_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        payload: JSON.stringify(said(newFrom(), '/start')),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json<Envelope<null>>().code).toBe(errorCode('telegram_bot_off'));
    } finally {
      await plain.close();
    }
  });

  it('answers 503 when the Bot API cannot be reached, so that Telegram delivers the update again', async () => {
    const from = newFrom();
    api.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error' });
    const update = said(from, '/start');
    const first = await webhook(update);
    expect(first.statusCode).toBe(503);
    expect(first.json<Envelope<null>>().code).toBe(errorCode('telegram_unavailable'));
    expect((await webhook(update)).statusCode).toBe(200);
    expect(api.callsOf('sendMessage')).toHaveLength(2);
  });
});

describe('/start and /help', () => {
  it('/start with a payload answers with a button that opens the Mini App with that payload', async () => {
    const from = newFrom();
    const res = await webhook(said(from, '/start v12_rABCD1234'));
    expect(res.statusCode).toBe(200);
    expect(res.json<Envelope<null>>().code).toBe(0);
    const answer = lastSent();
    expect(answer.params).toMatchObject({ chat_id: from.id, parse_mode: 'HTML' });
    expect(answer.params.text).toContain('A video is waiting for you on TAICE');
    expect(buttonsOf(answer)).toEqual([{ text: 'Watch the video', url: `${APP_LINK}?startapp=v12_rABCD1234` }]);
  });

  it('/start with an invitation speaks of the friend; without one, or with a payload it cannot read, opens the app', async () => {
    const from = newFrom();
    await webhook(said(from, '/start rabcd1234'));
    expect(lastSent().params.text).toContain('A friend invited you');
    expect(buttonsOf(lastSent())).toEqual([{ text: 'Open TAICE', url: `${APP_LINK}?startapp=rABCD1234` }]);
    await webhook(said(from, '/start'));
    expect(lastSent().params.text).toContain('Welcome to TAICE');
    expect(buttonsOf(lastSent())).toEqual([{ text: 'Open TAICE', url: APP_LINK }]);
    await webhook(said(from, '/start <b>!</b>'));
    expect(buttonsOf(lastSent())).toEqual([{ text: 'Open TAICE', url: APP_LINK }]);
  });

  it('speaks the user’s Telegram language: simplified and traditional Chinese', async () => {
    await webhook(said(newFrom('zh-hans'), '/start'));
    expect(lastSent().params.text).toContain('欢迎来到 TAICE');
    expect(buttonsOf(lastSent())[0]!.text).toBe('打开 TAICE');
    await webhook(said(newFrom('zh-hant'), '/help'));
    expect(lastSent().params.text).toContain('TAICE 機器人');
  });

  it('/help lists the commands, and anything else said gets the help', async () => {
    const from = newFrom();
    await webhook(said(from, '/help'));
    expect(lastSent().params.text).toContain('/notifications');
    await webhook(said(from, 'hello?'));
    expect(lastSent().params.text).toContain('/notifications');
  });

  it('says nothing in a group', async () => {
    const from = newFrom();
    const update = said(from, '/start');
    update.message.chat = { id: -100_42, type: 'group', first_name: 'A group' };
    expect((await webhook(update)).statusCode).toBe(200);
    expect(api.calls.filter((c) => c.method !== 'getMe')).toEqual([]);
  });
});

describe('choosing notifications', () => {
  it('the menu turns each notification on and off; a repeated tap leaves it as it is', async () => {
    const from = newFrom();
    await telegramMember(from);
    await webhook(said(from, '/notifications'));
    expect(lastSent().params.text).toContain('Choose what I tell you. Tap a line');
    expect(buttonsOf(lastSent()).map((b) => [b.text, b.callback_data])).toEqual([
      ['⬜ Daily sign-in reminder', 'notify:sign_in:on'],
      ['⬜ Race and campaign results', 'notify:results:on'],
      ['⬜ Order shipped', 'notify:orders:on'],
    ]);
    const tap = tapped(from, 'notify:orders:on', 1);
    expect((await webhook(tap)).statusCode).toBe(200);
    const edited = api.callsOf('editMessageText').at(-1)!;
    expect(buttonsOf(edited).map((b) => b.callback_data)).toEqual([
      'notify:sign_in:on',
      'notify:results:on',
      'notify:orders:off',
    ]);
    expect(api.callsOf('answerCallbackQuery').at(-1)!.params).toMatchObject({ text: 'Saved' });
    // The same tap delivered again (or tapped twice): still on, and Telegram's "not modified" is no error.
    expect((await webhook({ ...tap, update_id: updateIds++ })).statusCode).toBe(200);
    expect(await telegram.chats.settings(from.id)).toEqual({ sign_in: false, results: false, orders: true });
    expect((await webhook(tapped(from, 'notify:orders:off', 1))).statusCode).toBe(200);
    expect(await telegram.chats.settings(from.id)).toEqual({ sign_in: false, results: false, orders: false });
  });

  it('tells a Telegram user who has not opened TAICE yet that there is nothing to tell them until they do', async () => {
    const from = newFrom();
    await webhook(said(from, '/notifications'));
    expect(lastSent().params.text).toContain('Open TAICE from this chat once');
  });

  it('ignores a tap whose data it did not write', async () => {
    const from = newFrom();
    await webhook(said(from, '/start'));
    expect((await webhook(tapped(from, 'notify:everything:on', 1))).statusCode).toBe(200);
    expect(await telegram.chats.settings(from.id)).toEqual({ sign_in: false, results: false, orders: false });
  });
});

describe('notifications', () => {
  it('an order shipped is queued with its message and sent once; a 429 waits retry_after, then sends', async () => {
    const from = newFrom('zh-hans');
    const buyer = await telegramMember(from);
    await optIn(from, 'orders');
    const orderNo = await shipAnOrder(buyer);
    const [notice] = await noticesOf(from);
    expect(notice).toMatchObject({ kind: 'message', status: 'queued' });
    expect(await sendJobs(notice!.id)).toHaveLength(1);

    api.calls.length = 0;
    api.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 7',
      parameters: { retry_after: 7 },
    });
    await telegram.notices.send(notice!.id);
    expect((await noticesOf(from))[0]).toMatchObject({ status: 'queued', throttled: 1 });
    const [retry] = await sendJobs(notice!.id);
    expect(retry!.run_at.getTime() - t.clock.now().getTime()).toBe(7_000);

    await telegram.notices.send(notice!.id);
    await telegram.notices.send(notice!.id);
    expect((await noticesOf(from))[0]).toMatchObject({ status: 'sent', throttled: 1 });
    const sends = api.callsOf('sendMessage');
    expect(sends).toHaveLength(2);
    expect(sends[1]!.params).toMatchObject({ chat_id: from.id, parse_mode: 'HTML' });
    expect(sends[1]!.params.text).toMatch(
      new RegExp(`^<b>订单已发货</b>\n您的订单 ${orderNo}（测试奖品 \\d+）已由 DHL 发出，运单号 JD0042。$`),
    );
    expect(buttonsOf(sends[1]!)).toEqual([{ text: '打开 TAICE', url: APP_LINK }]);
  });

  it('sends a notice once when its job runs many times at once', async () => {
    const from = newFrom();
    const buyer = await telegramMember(from);
    await optIn(from, 'orders');
    await shipAnOrder(buyer);
    const [notice] = await noticesOf(from);
    api.calls.length = 0;
    await Promise.all(Array.from({ length: 12 }, () => telegram.notices.send(notice!.id)));
    expect(api.callsOf('sendMessage')).toHaveLength(1);
    expect((await noticesOf(from))[0]!.status).toBe('sent');
  });

  it('queues nothing for a kind not chosen, and skips a notice whose kind was turned off before it was due', async () => {
    const from = newFrom();
    const buyer = await telegramMember(from);
    await optIn(from, 'results');
    await shipAnOrder(buyer);
    expect(await noticesOf(from)).toEqual([]);

    await webhook(tapped(from, 'notify:orders:on', 1));
    await shipAnOrder(buyer);
    await webhook(tapped(from, 'notify:orders:off', 1));
    const [notice] = await noticesOf(from);
    api.calls.length = 0;
    await telegram.notices.send(notice!.id);
    expect((await noticesOf(from))[0]!.status).toBe('skipped');
    expect(api.callsOf('sendMessage')).toEqual([]);
  });

  it('stops telling a user who blocked the bot, until they write to it again', async () => {
    const from = newFrom();
    const buyer = await telegramMember(from);
    await optIn(from, 'orders');
    await shipAnOrder(buyer);
    const [notice] = await noticesOf(from);
    api.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await telegram.notices.send(notice!.id);
    expect((await noticesOf(from))[0]!.status).toBe('skipped');
    await shipAnOrder(buyer);
    expect(await noticesOf(from)).toHaveLength(1);

    await webhook(said(from, '/start'));
    await shipAnOrder(buyer);
    expect((await noticesOf(from)).map((n) => n.status)).toEqual(['skipped', 'queued']);
  });

  it('reminds opted-in members who have not signed in today, once a day, in their language', async () => {
    const waiting = newFrom('zh-hant');
    await telegramMember(waiting);
    await optIn(waiting, 'sign_in');
    const signedIn = newFrom();
    const signedInId = (await telegramMember(signedIn)).user.id;
    await optIn(signedIn, 'sign_in');
    await t.database.pool.query(
      'insert into sign_ins (user_id, day, streak_day, reward, bonus) values ($1, $2, 1, 100, 0)',
      [signedInId, businessDay(t.clock.now())],
    );
    const notOptedIn = newFrom();
    await telegramMember(notOptedIn);
    await webhook(said(notOptedIn, '/start'));

    expect(await telegram.notices.queueSignInReminders()).toBeGreaterThanOrEqual(1);
    expect(await telegram.notices.queueSignInReminders()).toBe(0);
    expect(await noticesOf(signedIn)).toEqual([]);
    expect(await noticesOf(notOptedIn)).toEqual([]);
    const [reminder] = await noticesOf(waiting);
    expect(reminder).toMatchObject({ kind: 'sign_in_reminder', status: 'queued' });

    api.calls.length = 0;
    await telegram.notices.send(reminder!.id);
    expect(lastSent().params.text).toBe('<b>今日簽到還在等你</b>\n今天觀看一部影片並簽到，領取 TAICE，保持連續簽到。');
    expect(buttonsOf(lastSent())).toEqual([{ text: '立即簽到', url: APP_LINK }]);
  });
});

describe('the server runs the send job', () => {
  it('a shipped order reaches the Telegram chat through the job runner', async () => {
    const server = await createTestApp({
      env: {
        TELEGRAM_BOT_TOKEN: BOT_TOKEN,
        TELEGRAM_BOT_NAME: 'taice_test_bot',
        TELEGRAM_WEBHOOK_SECRET: SECRET,
        TELEGRAM_API_URL: api.apiRoot,
        JOBS_CONCURRENCY: '1',
      },
      databaseUrl: t.databaseUrl,
    });
    try {
      const from = newFrom();
      const buyer = await telegramMember(from);
      await optIn(from, 'orders');
      api.calls.length = 0;
      const orderNo = await shipAnOrder(buyer);
      // The job marks the notice sent once Telegram has answered: wait for both, not only for the call.
      const deadline = Date.now() + 20_000;
      const reached = () => api.callsOf('sendMessage').some((c) => String(c.params.text).includes(orderNo));
      while (!reached() || (await noticesOf(from))[0]?.status !== 'sent') {
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(reached()).toBe(true);
      expect((await noticesOf(from))[0]!.status).toBe('sent');
    } finally {
      await server.close();
    }
  });
});

describe('registering the webhook', () => {
  const cli = path.join(serverRoot, 'src/ops/cli.ts');
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'telegram-webhook'], {
      env: { ...process.env, TELEGRAM_BOT_TOKEN: BOT_TOKEN, TELEGRAM_API_URL: api.apiRoot, ...env },
    });

  it('the ops command tells Telegram the webhook with its secret, and the commands in English and Chinese', async () => {
    const { stdout } = await run({ TELEGRAM_WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://taice.test' });
    expect(stdout).toBe('webhook registered: https://taice.test/api/telegram/webhook\n');
    expect(api.callsOf('setWebhook').map((c) => c.params)).toEqual([
      {
        url: 'https://taice.test/api/telegram/webhook',
        secret_token: SECRET,
        allowed_updates: ['message', 'callback_query'],
      },
    ]);
    const lists = api.callsOf('setMyCommands').map((c) => c.params);
    expect(lists.map((l) => l.language_code)).toEqual([undefined, 'zh']);
    expect(lists[1]!.commands).toContainEqual({ command: 'notifications', description: '选择通知内容' });
  });

  it('refuses without a secret or a public address, and tells Telegram nothing', async () => {
    const failed = await run({ PUBLIC_URL: 'https://taice.test' }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toContain(
      'set TELEGRAM_BOT_TOKEN, TELEGRAM_WEBHOOK_SECRET and PUBLIC_URL',
    );
    expect(api.calls).toEqual([]);
  });
});
