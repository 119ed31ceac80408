import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCalls, messageCalls, videoCalls, type CampaignDetail } from '@taice/contract';
import { campaignParticipants } from '../src/modules/campaigns/campaigns.schema';
import { SETTLE_GRACE_MS } from '../src/modules/campaigns/settlement';
import { splitJackpot } from '../src/modules/campaigns/split';
import { messages } from '../src/modules/messages/messages.schema';
import { userRewards } from '../src/modules/races/races.schema';
import { register, type Registered } from './support/accounts';
import { addActivity, campaignJob, createCampaign } from './support/campaigns';
import { at, watchNewVideo } from './support/points';
import { operator, VERIFIED_FOR_A_YEAR } from './support/operators';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let creator: Registered;
let admin: Registered | undefined;
let adminSince = 0;

beforeAll(async () => {
  t = await createTestApp({ env: VERIFIED_FOR_A_YEAR });
  // Past the demo campaigns' windows (seeded around the real date): the ongoing tab holds only this file's.
  t.clock.set(at('2027-03-01', '12:00'));
  creator = await register(t);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
/** An admin whose session is fresh at the clock's time (the tests walk through months; sessions last 30 days). */
async function anAdmin(): Promise<Registered> {
  const now = t.clock.now().getTime();
  if (!admin || Math.abs(now - adminSince) > 7 * 24 * HOUR_MS) {
    admin = await operator(t, 'admin');
    adminSince = now;
  }
  return admin;
}
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const detail = (id: number, user?: Registered, lang?: string) =>
  t.call(campaignCalls.campaignDetail, { query: { id } }, { token: user?.token, lang });
const join = (id: number, user: Registered, lang?: string) =>
  t.call(campaignCalls.campaignJoin, { body: { id } }, { token: user.token, lang });
const participants = (id: number, page = 1, size = 20) =>
  t.call(campaignCalls.campaignParticipants, { query: { id, page, size } });
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
/** Moves the clock past the end of `c` and the job's grace (unless it is already), then runs the job. */
async function settleByJob(c: { ends_at: string }) {
  const due = Date.parse(c.ends_at) + SETTLE_GRACE_MS + 1_000;
  if (t.clock.now().getTime() < due) t.clock.set(new Date(due));
  return campaignJob(t).tick();
}
const rewardsOf = (campaignId: number) =>
  t.database.db
    .select()
    .from(userRewards)
    .where(and(eq(userRewards.source, 'campaign'), eq(userRewards.sourceId, campaignId)))
    .orderBy(userRewards.userId);

describe('the demo campaigns', () => {
  it('two running (one to join, one automatic) and a finished draw anyone can check', async () => {
    // The demo's windows are placed around the real date the template was seeded.
    t.clock.set(new Date());
    const ongoing = await t.call(campaignCalls.campaignList, { query: { status: 'ongoing' } });
    const byTitle = new Map(ongoing.data.list.map((c) => [c.title, c]));
    expect(byTitle.get('Weekly Watch Marathon')).toMatchObject({
      status: 'ongoing',
      split: 'rank',
      join_mode: 'explicit',
      winners: 3,
      jackpot: 10_000,
      participants: 8,
    });
    expect(byTitle.get('Share & Earn Week')).toMatchObject({ status: 'ongoing', split: 'equal', join_mode: 'auto' });
    const banner = await t.inject({ method: 'GET', url: byTitle.get('Share & Earn Week')!.banner });
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/webp');

    const completed = await t.call(campaignCalls.campaignList, { query: { status: 'completed' } }, { lang: 'zh-TW' });
    const draw = completed.data.list.find((c) => c.title === '上線幸運抽獎')!;
    expect(draw).toMatchObject({ status: 'settled', split: 'draw', winners: 5 });
    const shown = (await detail(draw.id)).data;
    expect(shown.rules.split('\n')).toHaveLength(3);
    expect(sha256(shown.draw_seed!)).toBe(shown.draw_commitment);
    const board = await participants(draw.id, 1, 50);
    const tickets = board.data.list
      .filter((p) => p.qualified)
      .map((p) => ({ id: p.user_id, ticket: sha256(`${shown.draw_seed}:${p.user_id}`) }))
      .sort((a, b) => (a.ticket < b.ticket ? -1 : 1));
    expect(tickets.length).toBeGreaterThan(5);
    expect(shown.results.map((r) => [r.user_id, r.ticket])).toEqual(tickets.slice(0, 5).map((w) => [w.id, w.ticket]));
    expect(shown.results.reduce((sum, r) => sum + r.amount, 0)).toBe(3_000);
    t.clock.set(at('2027-03-01', '12:00'));
  });
});

describe('activity/list and activity/detail', () => {
  it('lists ongoing (running by end, then upcoming) and completed campaigns, with their cards', async () => {
    const upcoming = await createCampaign(t, await anAdmin(), {
      starts_at: later(48 * HOUR_MS),
      ends_at: later(72 * HOUR_MS),
    });
    const endsLate = await createCampaign(t, await anAdmin(), {
      starts_at: later(HOUR_MS),
      ends_at: later(30 * HOUR_MS),
    });
    const endsSoon = await createCampaign(t, await anAdmin(), {
      starts_at: later(HOUR_MS),
      ends_at: later(10 * HOUR_MS),
      split: 'rank',
      rank_shares: [60, 40],
      join_mode: 'auto',
      currency: 'USDT',
      jackpot: 250.5,
    });
    const finished = await createCampaign(t, await anAdmin(), {
      starts_at: later(HOUR_MS),
      ends_at: later(2 * HOUR_MS),
    });
    t.clock.set(later(3 * HOUR_MS));

    const ongoing = await t.call(campaignCalls.campaignList, { query: { status: 'ongoing' } });
    expect(ongoing.code).toBe(0);
    expect(ongoing.data.list.map((c) => c.id)).toEqual([endsSoon.id, endsLate.id, upcoming.id]);
    expect(ongoing.data.server_time).toBe(t.clock.now().toISOString());
    expect(ongoing.data.list[0]).toEqual({
      id: endsSoon.id,
      title: endsSoon.title.en_US,
      banner: 'https://cdn.example.com/banner.webp',
      starts_at: endsSoon.starts_at,
      ends_at: endsSoon.ends_at,
      status: 'ongoing',
      jackpot: 250.5,
      currency: 'USDT',
      participants: 0,
      split: 'rank',
      join_mode: 'auto',
      winners: 2,
    });
    expect(ongoing.data.list.map((c) => [c.status, c.winners])).toEqual([
      ['ongoing', 2],
      ['ongoing', null],
      ['upcoming', null],
    ]);

    const completed = await t.call(campaignCalls.campaignList, { query: { status: 'completed', size: 50 } });
    expect(completed.data.list[0]).toMatchObject({ id: finished.id, status: 'ended' });
    // The demo's finished draw is there too, settled.
    expect(completed.data.list.some((c) => c.status === 'settled')).toBe(true);
    expect(completed.data.list.map((c) => c.id)).not.toContain(endsSoon.id);

    const all = await t.call(campaignCalls.campaignList, { query: { size: 3 } });
    expect(all.data.list.map((c) => c.id)).toEqual([endsSoon.id, endsLate.id, upcoming.id]);
    expect(all.data.has_more).toBe(true);
    expect(all.data.total).toBe(ongoing.data.total + completed.data.total);

    const tw = await t.call(campaignCalls.campaignList, { query: { status: 'ongoing' } }, { lang: 'zh-TW' });
    expect(tw.data.list[0]!.title).toBe(endsSoon.title['zh-TW']);
  });

  it('details a campaign in the request language; a visitor has no progress', async () => {
    const c = await createCampaign(t, await anAdmin(), {
      split: 'draw',
      winners: 3,
      conditions: { min_watched: 2, min_invites: 1, min_shares: 0 },
    });
    const res = await detail(c.id, undefined, 'zh-CN');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: c.id,
      title: c.title['zh-CN'],
      rules: '规则',
      status: 'upcoming',
      split: 'draw',
      join_mode: 'explicit',
      winners: 3,
      conditions: { min_watched: 2, min_invites: 1, min_shares: 0 },
      rank_shares: [],
      draw_seed: null,
      me: null,
      results: [],
      server_time: t.clock.now().toISOString(),
    });
    expect(res.data.draw_commitment).toMatch(/^[0-9a-f]{64}$/);
    expect((await detail(c.id)).data.rules).toBe('Line one\nLine two');
    expect(await detail(999_999)).toMatchObject({ code: 18020, msg: 'This campaign does not exist', data: null });

    const rank = await createCampaign(t, await anAdmin(), { split: 'rank', rank_shares: [50, 25.5, 24.5] });
    expect((await detail(rank.id)).data).toMatchObject({ rank_shares: [50, 25.5, 24.5], draw_commitment: null });
  });
});

describe('activity/join', () => {
  it('refuses visitors, campaigns not started or ended, and is harmless twice', async () => {
    const member = await register(t);
    const c = await createCampaign(t, await anAdmin());
    expect((await t.call(campaignCalls.campaignJoin, { body: { id: c.id } })).code).toBe(401);
    expect(await join(c.id, member)).toMatchObject({ code: 18022, msg: 'This campaign has not started yet' });
    expect(await join(999_999, member)).toMatchObject({ code: 18020 });

    t.clock.set(c.starts_at);
    const first = await join(c.id, member);
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ status: 'ongoing', participants: 1 });
    expect(first.data.me).toMatchObject({ joined: true, watched: 0, invites: 0, shares: 0, qualified: true });
    const again = await join(c.id, member);
    expect(again.data.participants).toBe(1);
    expect(again.data.me).toEqual(first.data.me);
    expect((await detail(c.id, await register(t))).data.me).toMatchObject({ joined: false, qualified: false });

    t.clock.set(c.ends_at);
    expect(await join(c.id, member)).toMatchObject({ code: 18021, msg: 'This incentive activity has ended' });
    expect(await join(c.id, member, 'zh-TW')).toMatchObject({ code: 18021, msg: '此激勵活動已結束' });
    await settleByJob(c);
    expect(await join(c.id, member)).toMatchObject({ code: 18021 });
  });

  it('an auto campaign needs no join: every member takes part', async () => {
    const member = await register(t);
    const c = await createCampaign(t, await anAdmin(), { join_mode: 'auto' });
    t.clock.set(c.starts_at);
    const res = await join(c.id, member);
    expect(res.data).toMatchObject({ participants: 0, me: { joined: true, qualified: false } });
  });
});

describe('progress', () => {
  it('counts videos watched on the window’s business days, friends confirmed and shares inside the window', async () => {
    t.clock.set(at('2027-03-10', '20:00'));
    const member = await register(t);
    const c = await createCampaign(t, await anAdmin(), {
      starts_at: at('2027-03-11', '00:00').toISOString(),
      ends_at: at('2027-03-13', '00:00').toISOString(),
      conditions: { min_watched: 2, min_invites: 1, min_shares: 1 },
    });
    // The day before the window: not counted.
    const early = await watchNewVideo(t, member, creator.user.id);
    expect((await t.call(videoCalls.share, { body: { id: early } }, { token: member.token })).code).toBe(0);

    t.clock.set(at('2027-03-11', '09:00'));
    expect((await join(c.id, member)).data.me).toMatchObject({ watched: 0, invites: 0, shares: 0, qualified: false });
    await watchNewVideo(t, member, creator.user.id);
    const post = await watchNewVideo(t, member, creator.user.id);
    await t.call(videoCalls.share, { body: { id: post } }, { token: member.token });
    const friend = await register(t, { inviteCode: member.user.invite_code });
    const seen = await watchNewVideo(t, friend, creator.user.id);
    await t.call(videoCalls.share, { body: { id: seen } }, { token: friend.token });
    expect((await detail(c.id, member)).data.me).toEqual({
      joined: true,
      watched: 2,
      invites: 1,
      shares: 1,
      qualified: true,
      reward: null,
    });

    // The board shows what the last refresh counted.
    expect((await participants(c.id)).data).toMatchObject({
      total: 1,
      refreshed_at: null,
      list: [{ user_id: member.user.id, watched: 0, qualified: false }],
    });
    expect(await campaignJob(t).tick()).toMatchObject({ refreshed: expect.any(Number) });
    expect((await participants(c.id)).data).toMatchObject({
      total: 1,
      refreshed_at: t.clock.now().toISOString(),
      list: [
        {
          user_id: member.user.id,
          uuid: member.user.uuid,
          user_name: member.user.nickname,
          watched: 2,
          invites: 1,
          shares: 1,
          qualified: true,
        },
      ],
    });

    // After the end: nothing more counts.
    t.clock.set(at('2027-03-13', '08:00'));
    await watchNewVideo(t, member, creator.user.id);
    await t.call(videoCalls.share, { body: { id: post } }, { token: member.token });
    expect((await detail(c.id, member)).data).toMatchObject({
      status: 'ended',
      me: { watched: 2, invites: 1, shares: 1, qualified: true },
    });

    expect(await settleByJob(c)).toMatchObject({ settled: 1 });
    const settled = await detail(c.id, member);
    const [reward] = await rewardsOf(c.id);
    expect(settled.data).toMatchObject({
      status: 'settled',
      results: [{ rank: null, user_id: member.user.id, amount: 100, ticket: null }],
      me: { qualified: true, reward: { id: reward!.id, rank: null, amount: 100, status: 'pending' } },
    });
  });

  it('an auto campaign takes in the members active in the window at each refresh', async () => {
    t.clock.set(at('2027-04-01', '10:00'));
    const [watcher, sharer, idle] = [await register(t), await register(t), await register(t)];
    const c = await createCampaign(t, await anAdmin(), { join_mode: 'auto', conditions: { min_watched: 1 } });
    t.clock.set(later(2 * HOUR_MS));
    await addActivity(t, watcher.user.id, { watched: 1 });
    await addActivity(t, sharer.user.id, { shares: 2 });
    await campaignJob(t).tick();
    const board = await participants(c.id);
    expect(board.data.list.map((p) => [p.user_id, p.watched, p.shares, p.qualified])).toEqual([
      [watcher.user.id, 1, 0, true],
      [sharer.user.id, 0, 2, false],
    ]);
    expect((await detail(c.id)).data.participants).toBe(2);
    expect((await detail(c.id, idle)).data.me).toMatchObject({ joined: true, watched: 0, qualified: false });
    expect((await detail(c.id, watcher)).data.me).toMatchObject({ joined: true, qualified: true });
  });
});

/** Members joined to a running explicit campaign, with activity, in id order. */
async function joinedWith(campaignId: number, activity: { watched?: number; shares?: number }[]) {
  const members: Registered[] = [];
  for (const a of activity) {
    const member = await register(t);
    expect((await join(campaignId, member)).code).toBe(0);
    await addActivity(t, member.user.id, a);
    members.push(member);
  }
  return members;
}

describe('settlement', () => {
  it('equal: the jackpot among the qualifiers, the hundredths left over to the lowest user ids', async () => {
    t.clock.set(at('2027-05-03', '10:00'));
    const c = await createCampaign(t, await anAdmin(), { jackpot: 100, conditions: { min_watched: 1 } });
    t.clock.set(c.starts_at);
    const [a, b, d, idle] = await joinedWith(c.id, [{ watched: 1 }, { watched: 3 }, { watched: 2 }, {}]);
    await settleByJob(c);
    expect((await rewardsOf(c.id)).map((r) => [r.userId, r.amount, r.rank, r.status, r.currency])).toEqual([
      [a!.user.id, 3334, null, 'pending', 'TAICE'],
      [b!.user.id, 3333, null, 'pending', 'TAICE'],
      [d!.user.id, 3333, null, 'pending', 'TAICE'],
    ]);
    const seen = await detail(c.id, idle);
    expect(seen.data.results.map((r) => [r.user_id, r.amount])).toEqual([
      [a!.user.id, 33.34],
      [b!.user.id, 33.33],
      [d!.user.id, 33.33],
    ]);
    expect(seen.data.me).toMatchObject({ joined: true, qualified: false, reward: null });
    // Each winner is told once, with a link to the reward: a share, without a rank.
    const inbox = await t.call(messageCalls.messageList, {}, { token: a!.token });
    expect(inbox.data.list.filter((m) => m.template === 'reward_won')).toEqual([]);
    const won = inbox.data.list.filter((m) => m.template === 'reward_shared');
    const [reward] = await rewardsOf(c.id);
    expect(won).toEqual([expect.objectContaining({ link: { kind: 'reward', id: reward!.id } })]);
    expect(won[0]!.content).toContain('33.34 TAICE');
  });

  it('rank: by watched + invites + shares, ties to the lower user id, each rank its share', async () => {
    t.clock.set(at('2027-05-10', '10:00'));
    const c = await createCampaign(t, await anAdmin(), {
      jackpot: 1000,
      split: 'rank',
      rank_shares: [50, 30, 20],
      conditions: { min_shares: 1 },
    });
    t.clock.set(c.starts_at);
    const [tieA, tieB, top, low, noShare] = await joinedWith(c.id, [
      { watched: 4, shares: 1 },
      { watched: 3, shares: 2 },
      { watched: 6, shares: 1 },
      { watched: 1, shares: 1 },
      { watched: 10 },
    ]);
    await settleByJob(c);
    const results = (await detail(c.id)).data.results;
    expect(results.map((r) => [r.rank, r.user_id, r.amount])).toEqual([
      [1, top!.user.id, 500],
      [2, tieA!.user.id, 300],
      [3, tieB!.user.id, 200],
    ]);
    const board = await participants(c.id);
    expect(board.data.list.map((p) => p.user_id)).toEqual([top, tieA, tieB, low, noShare].map((m) => m!.user.id));
    expect(board.data.list.map((p) => p.qualified)).toEqual([true, true, true, true, false]);
  });

  it('draw: the smallest sha256(seed:user id) win, reproducible from the seed revealed at settlement', async () => {
    t.clock.set(at('2027-05-17', '10:00'));
    const c = await createCampaign(t, await anAdmin(), {
      jackpot: 10.01,
      split: 'draw',
      winners: 2,
      conditions: { min_watched: 1 },
    });
    t.clock.set(c.starts_at);
    const members = await joinedWith(c.id, [{ watched: 1 }, { watched: 1 }, { watched: 2 }, { watched: 1 }, {}]);
    const before = await detail(c.id);
    expect(before.data).toMatchObject({ draw_seed: null, results: [] });
    await settleByJob(c);
    const after: CampaignDetail = (await detail(c.id)).data;
    const seed = after.draw_seed!;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(after.draw_commitment).toBe(before.data.draw_commitment);
    expect(sha256(seed)).toBe(before.data.draw_commitment);

    const qualifiers = members.slice(0, 4).map((m) => m.user.id);
    const expected = qualifiers
      .map((id) => ({ id, ticket: sha256(`${seed}:${id}`) }))
      .sort((x, y) => (x.ticket < y.ticket ? -1 : 1))
      .slice(0, 2);
    expect(after.results.map((r) => [r.rank, r.user_id, r.ticket])).toEqual(
      expected.map((e, i) => [i + 1, e.id, e.ticket]),
    );
    // 10.01 in two: 5.00 each, the hundredth left over to the lower user id.
    const lower = Math.min(...expected.map((e) => e.id));
    expect(after.results.map((r) => r.amount)).toEqual(expected.map((e) => (e.id === lower ? 5.01 : 5)));
  });

  it('runs once: again, at the same time, or after downtime, one set of rewards and messages', async () => {
    t.clock.set(at('2027-06-01', '10:00'));
    const first = await createCampaign(t, await anAdmin(), { ends_at: later(3 * HOUR_MS) });
    const second = await createCampaign(t, await anAdmin(), { ends_at: later(5 * HOUR_MS) });
    t.clock.set(first.starts_at);
    await joinedWith(first.id, [{ watched: 1 }, {}]);
    await joinedWith(second.id, [{ shares: 1 }]);
    // Down for days: the next run settles both.
    t.clock.set(later(72 * HOUR_MS));
    const job = campaignJob(t);
    const [x, y] = await Promise.all([job.tick(), job.tick()]);
    expect(x.settled + y.settled).toBeGreaterThanOrEqual(2);
    expect((await job.tick()).settled).toBe(0);
    await job.settle(first.id);
    expect(await rewardsOf(first.id)).toHaveLength(2);
    expect(await rewardsOf(second.id)).toHaveLength(1);
    const reward = (await rewardsOf(first.id))[0]!;
    const notes = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.linkKind, 'reward'), eq(messages.linkId, reward.id)));
    expect(notes).toHaveLength(1);
    // The final figures stay as settled.
    const [row] = await t.database.db
      .select()
      .from(campaignParticipants)
      .where(and(eq(campaignParticipants.campaignId, first.id), eq(campaignParticipants.userId, reward.userId)));
    expect(row).toMatchObject({ watched: 1, qualified: true });
  });
});

describe('the split rules at their edges', () => {
  const rules = { jackpot: 5, winners: null, rankShares: [3_333, 3_333, 3_334], drawSeed: 'seed' };
  const qualifiers = [
    { userId: 7, score: 3 },
    { userId: 3, score: 3 },
    { userId: 9, score: 1 },
  ];

  it('rank: amounts round down, the rounding’s hundredths go to rank 1', () => {
    expect(splitJackpot({ ...rules, split: 'rank' }, qualifiers)).toEqual([
      { userId: 3, rank: 1, amount: 3, ticket: null },
      { userId: 7, rank: 2, amount: 1, ticket: null },
      { userId: 9, rank: 3, amount: 1, ticket: null },
    ]);
  });

  it('equal: a jackpot smaller than a hundredth each pays only whole hundredths', () => {
    expect(splitJackpot({ ...rules, split: 'equal', jackpot: 2 }, qualifiers)).toEqual([
      { userId: 3, rank: null, amount: 1, ticket: null },
      { userId: 7, rank: null, amount: 1, ticket: null },
    ]);
  });

  it('draw: with fewer qualifiers than prizes, each still gets one prize', () => {
    const prizes = splitJackpot({ ...rules, split: 'draw', jackpot: 1_000, winners: 5 }, qualifiers);
    expect(prizes.map((p) => p.amount)).toEqual([200, 200, 200]);
    expect(prizes.map((p) => p.rank)).toEqual([1, 2, 3]);
  });
});
