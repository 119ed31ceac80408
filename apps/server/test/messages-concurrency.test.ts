import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { messageCalls, pointsCalls, videoCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { createMessages, messagesJobs } from '../src/modules/messages/messages.module';
import { messages } from '../src/modules/messages/messages.schema';
import { createLevelsService } from '../src/modules/levels/levels.module';
import { createPoints } from '../src/modules/points/points.module';
import { createVideoEvents } from '../src/modules/videos/video-events';
import { createConfigVersions } from '../src/platform/config/config-versions';
import { startJobs } from '../src/platform/jobs/jobs';
import { register, type Registered } from './support/accounts';
import { notices, sendMessages, unreadState } from './support/messages';
import { at, ledgerMismatches, watchNewVideo } from './support/points';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

/** The unread count under parallel reads, sends and retried events: never negative, never drifting. */
let t: TestApp;
let creator: Registered;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(at('2026-03-02', '10:00'));
  creator = await register(t);
});
afterAll(() => t.close());

const templatesOf = async (userId: number) =>
  (await t.database.db.select().from(messages).where(eq(messages.userId, userId))).map((m) => m.template);

describe('the unread count under concurrency', () => {
  it('20 parallel reads of one message count it read once', async () => {
    const user = await register(t);
    const [id] = await sendMessages(t, ...notices(user.user.id, 3));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.call(messageCalls.messageRead, { body: { id: id! } }, { token: user.token })),
    );
    expect(results.every((r) => r.code === 0 && r.data.unread_num === 2)).toBe(true);
    expect(await unreadState(t, user.user.id)).toEqual({ stored: 2, actual: 2 });
  });

  it('reads, all-reads and sends at once leave the count equal to the unread messages', async () => {
    const user = await register(t);
    const ids = await sendMessages(t, ...notices(user.user.id, 40));
    const service = createMessages({ db: t.database.db, clock: t.clock });
    const seen: number[] = [];
    await Promise.all([
      ...ids.map(async (_, i) => {
        const res = await t.call(messageCalls.messageRead, { body: { id: ids[i % 20]! } }, { token: user.token });
        seen.push(res.data.unread_num);
      }),
      ...Array.from({ length: 5 }, async () => {
        const res = await t.call(messageCalls.messageAllRead, {}, { token: user.token });
        seen.push(res.data.unread_num);
      }),
      ...notices(user.user.id, 30).map((m) => t.database.db.transaction((tx) => service.send(tx, m))),
    ]);
    expect(seen.every((n) => n >= 0)).toBe(true);
    const state = await unreadState(t, user.user.id);
    expect(state.stored).toBe(state.actual);
    expect((await t.call(messageCalls.messageList, { query: { unread: 1 } }, { token: user.token })).data.total).toBe(
      state.actual,
    );
    expect((await t.call(messageCalls.messageAllRead, {}, { token: user.token })).data.unread_num).toBe(0);
    expect(await unreadState(t, user.user.id)).toEqual({ stored: 0, actual: 0 });
  });

  it('a send rolled back with its transaction leaves neither message nor count', async () => {
    const user = await register(t);
    const service = createMessages({ db: t.database.db, clock: t.clock });
    await expect(
      t.database.db.transaction(async (tx) => {
        await service.send(tx, notices(user.user.id, 1)[0]!);
        throw new Error('the business change fails');
      }),
    ).rejects.toThrow('fails');
    expect(await unreadState(t, user.user.id)).toEqual({ stored: 0, actual: 0 });
  });
});

describe('messages on the points events, once per event', () => {
  it('parallel heartbeats of a first watch write one welcome message', async () => {
    const user = await register(t);
    const postId = await createPost(t, creator.user.id);
    const open = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { token: user.token });
    t.clock.advance(12_000);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        t.call(
          videoCalls.addViewLog,
          { body: { id: postId, session_id: open.data.session_id } },
          { token: user.token },
        ),
      ),
    );
    await watchNewVideo(t, user, creator.user.id);
    expect(await templatesOf(user.user.id)).toEqual(['new_user_reward']);
    const [message] = (await t.call(messageCalls.messageList, {}, { token: user.token })).data.list;
    expect(message).toMatchObject({ title: 'Welcome reward', link: { kind: 'wallet', id: null } });
    expect(message?.content).toContain('200.00 TAICE');
  });

  it('a referral confirmed by parallel shares, and confirmed again by retries, writes one message', async () => {
    const inviter = await register(t);
    const invitee = await register(t, { inviteCode: inviter.user.invite_code });
    const posts = await Promise.all(Array.from({ length: 4 }, () => createPost(t, creator.user.id)));
    await watchNewVideo(t, invitee, creator.user.id);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(videoCalls.share, { body: { id: posts[i % posts.length] } }, { token: invitee.token }),
      ),
    );
    // The event retried: the same confirmation run again in many transactions at once.
    const versions = createConfigVersions(t.database.db, t.clock);
    const points = createPoints({
      db: t.database.db,
      clock: t.clock,
      events: createVideoEvents(),
      messages: createMessages({ db: t.database.db, clock: t.clock }),
      versions,
      levels: createLevelsService(t.database.db, t.clock, versions),
    });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.database.db.transaction((tx) => points.referrals.confirmIfDue(tx, invitee.user.id)),
      ),
    );
    expect(await templatesOf(inviter.user.id)).toEqual(['referral_confirmed']);
    const list = await t.call(messageCalls.messageList, {}, { token: inviter.token, lang: 'zh-CN' });
    expect(list.data.list[0]).toMatchObject({ title: '邀请成功', link: { kind: 'referral', id: null } });
    expect(list.data.list[0]?.content).toContain('500.00 TAICE');
    expect(await unreadState(t, inviter.user.id)).toEqual({ stored: 1, actual: 1 });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('the 7-day bonus, claimed by parallel sign-ins, writes one message; other days write none', async () => {
    const user = await register(t);
    for (let d = 1; d <= 7; d++) {
      t.clock.set(at(`2026-03-1${d}`));
      await watchNewVideo(t, user, creator.user.id);
      const results = await Promise.all(
        Array.from({ length: d === 7 ? 20 : 1 }, () => t.call(pointsCalls.signIn, {}, { token: user.token })),
      );
      expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    }
    expect((await templatesOf(user.user.id)).sort()).toEqual(['new_user_reward', 'seven_day_bonus']);
    const list = await t.call(messageCalls.messageList, {}, { token: user.token, lang: 'zh-TW' });
    expect(list.data.list[0]).toMatchObject({ template: 'seven_day_bonus', title: '連續簽到 7 天獎勵' });
    expect(list.data.list[0]?.content).toContain('100.00 TAICE');
    expect(await unreadState(t, user.user.id)).toEqual({ stored: 2, actual: 2 });
  });
});

describe('a notice to every account', () => {
  const notice = notices(0, 1)[0]!.params!;

  it('is delivered in batches; batches run again, in parallel, by a retry or a second worker send nobody two', async () => {
    const reader = await register(t);
    await sendMessages(t, ...notices(reader.user.id, 2));
    const service = createMessages({ db: t.database.db, clock: t.clock, broadcastBatchSize: 7 });
    const { id } = await t.database.db.transaction((tx) => service.broadcasts.start(tx, notice, 'cli:test'));
    const [{ n: accounts }] = (await t.database.db.select({ n: count() }).from(users)) as [{ n: number }];

    // A worker runs the queued jobs while batches are also run by hand, several at once.
    const runner = await startJobs({
      pool: t.database.pool,
      sets: [messagesJobs(service.broadcasts)],
      log: pino({ level: 'silent' }),
      concurrency: 2,
    });
    try {
      for (let done = false; !done;) {
        const runs = await Promise.all(Array.from({ length: 3 }, () => service.broadcasts.runBatch(id)));
        done = runs.some(Boolean);
      }
      await Promise.all(Array.from({ length: 3 }, () => service.broadcasts.runBatch(id)));
    } finally {
      await runner.stop();
    }

    const delivered = await t.database.db
      .select({ userId: messages.userId, n: count() })
      .from(messages)
      .where(eq(messages.broadcastId, id))
      .groupBy(messages.userId);
    expect(delivered).toHaveLength(accounts);
    expect(delivered.every((d) => d.n === 1)).toBe(true);
    expect(await service.broadcasts.status(id)).toMatchObject({ sent: accounts, finishedAt: t.clock.now() });
    expect(await unreadState(t, reader.user.id)).toEqual({ stored: 3, actual: 3 });
    const [latest] = (await t.call(messageCalls.messageList, {}, { token: reader.token, lang: 'zh-CN' })).data.list;
    expect(latest).toMatchObject({ template: 'operator_notice', title: '通知 1', content: '内容 1', is_read: 0 });
  });
});
