import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCalls, opsCampaignCalls as ops, opsRaceCalls } from '@taice/contract';
import { campaigns } from '../src/modules/campaigns/campaigns.schema';
import { auditLog } from '../src/modules/operators/operators.schema';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { register, type Registered } from './support/accounts';
import { campaignBody, createCampaign } from './support/campaigns';
import { at, ledgerMismatches, walletOf } from './support/points';
import { operator, VERIFIED_FOR_A_YEAR } from './support/operators';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Registered;
let support: Registered;
let member: Registered;

beforeAll(async () => {
  t = await createTestApp({ env: VERIFIED_FOR_A_YEAR });
  t.clock.set(at('2027-02-01', '12:00'));
  admin = await operator(t, 'admin');
  support = await operator(t, 'support');
  member = await register(t);
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;
const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
const auditsOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'campaign'), eq(auditLog.targetId, String(id))))
    .orderBy(auditLog.id);

describe('who may use the campaigns’ operator API', () => {
  it('visitors must log in, members are refused, support may only list', async () => {
    const body = campaignBody(t);
    expect((await t.call(ops.opsCampaignCreate, { body })).code).toBe(401);
    expect((await t.call(ops.opsCampaigns, {})).code).toBe(401);
    for (const who of [member, support]) {
      expect((await t.call(ops.opsCampaignCreate, { body }, { token: who.token })).code).toBe(403);
      expect((await t.call(ops.opsCampaignUpdate, { body: { ...body, id: 1 } }, { token: who.token })).code).toBe(403);
      expect((await t.call(ops.opsCampaignSettle, { body: { id: 1 } }, { token: who.token })).code).toBe(403);
    }
    expect((await t.call(ops.opsCampaigns, {}, { token: member.token })).code).toBe(403);
    expect((await t.call(ops.opsCampaigns, {}, { token: support.token })).code).toBe(0);
  });
});

describe('create', () => {
  it('stores the three languages, the split and conditions, and publishes only the seed’s hash', async () => {
    const res = await t.call(
      ops.opsCampaignCreate,
      {
        body: campaignBody(t, {
          split: 'draw',
          winners: 3,
          jackpot: 1234.56,
          currency: 'USDT',
          join_mode: 'auto',
          conditions: { min_watched: 5, min_invites: 1, min_shares: 2 },
        }),
      },
      { token: admin.token },
    );
    expect(res.code).toBe(0);
    const c = res.data;
    expect(c).toMatchObject({
      status: 'upcoming',
      jackpot: 1234.56,
      currency: 'USDT',
      split: 'draw',
      join_mode: 'auto',
      winners: 3,
      rank_shares: [],
      conditions: { min_watched: 5, min_invites: 1, min_shares: 2 },
      draw_seed: null,
      participants: 0,
      qualified: 0,
      rewards: 0,
      settled_at: null,
    });
    expect(c.title).toEqual({ en_US: expect.any(String), 'zh-CN': expect.any(String), 'zh-TW': expect.any(String) });
    const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row).toMatchObject({ jackpot: 123_456, drawCommitment: c.draw_commitment });
    expect(createHash('sha256').update(row!.drawSeed).digest('hex')).toBe(c.draw_commitment);

    const audits = await auditsOf(c.id);
    expect(audits.map((a) => [a.action, a.actor])).toEqual([['campaign.create', String(admin.user.id)]]);
    // The seed is in no audit row.
    expect(JSON.stringify(audits)).not.toContain(row!.drawSeed);
  });

  it('refuses settings that do not hold together', async () => {
    const refused = async (change: Record<string, unknown>) =>
      t.send(ops.opsCampaignCreate, { body: { ...campaignBody(t), ...change } }, { token: admin.token });
    // Rules across fields name the field; their wording is the generic one of each language.
    expect(await refused({ split: 'rank', rank_shares: [50, 40] })).toMatchObject({
      code: 422,
      msg: 'rank_shares: is invalid',
    });
    expect(await refused({ split: 'rank' })).toMatchObject({ code: 422, msg: 'rank_shares: is invalid' });
    expect(await refused({ split: 'draw' })).toMatchObject({ code: 422, msg: 'winners: is invalid' });
    expect(await refused({ winners: 2 })).toMatchObject({ code: 422, msg: 'winners: is invalid' });
    expect(await refused({ ends_at: later(-HOUR_MS) })).toMatchObject({ code: 422, msg: 'ends_at: is invalid' });
    expect(await refused({ starts_at: later(-2 * HOUR_MS), ends_at: later(-HOUR_MS) })).toMatchObject({
      code: 422,
      msg: 'ends_at: must be in the future',
    });
    expect(await refused({ banner: 'javascript:alert(1)' })).toMatchObject({ code: 422 });
    expect(await refused({ jackpot: 0 })).toMatchObject({ code: 422 });
    expect(await refused({ jackpot: 1.234 })).toMatchObject({ code: 422 });
    expect(await refused({ title: { en_US: 'Only English' } })).toMatchObject({ code: 422 });
    expect(await refused({ split: 'lottery' })).toMatchObject({ code: 422 });
    expect(await refused({ currency: 'DOGE' })).toMatchObject({ code: 422 });
    expect(await refused({ conditions: { min_watched: -1 } })).toMatchObject({ code: 422 });
  });
});

describe('update', () => {
  it('replaces the settings before the start (audited, the seed kept), refuses after', async () => {
    const c = await createCampaign(t, admin, { split: 'draw', winners: 2 });
    const change = campaignBody(t, {
      title: { en_US: 'Renamed', 'zh-CN': '改名', 'zh-TW': '改名' },
      starts_at: c.starts_at,
      ends_at: later(48 * HOUR_MS),
      split: 'draw',
      winners: 4,
      jackpot: 50,
    });
    const res = await t.call(ops.opsCampaignUpdate, { body: { ...change, id: c.id } }, { token: admin.token });
    expect(res.data).toMatchObject({
      id: c.id,
      title: { en_US: 'Renamed' },
      winners: 4,
      jackpot: 50,
      draw_commitment: c.draw_commitment,
    });
    const [, updated] = await auditsOf(c.id);
    expect(updated).toMatchObject({
      action: 'campaign.update',
      before: expect.objectContaining({ winners: 2 }),
      after: expect.objectContaining({ winners: 4 }),
    });
    expect((await t.call(campaignCalls.campaignDetail, { query: { id: c.id } })).data.title).toBe('Renamed');

    const missing = await t.call(ops.opsCampaignUpdate, { body: { ...change, id: 999_999 } }, { token: admin.token });
    expect(missing.code).toBe(18020);
    t.clock.set(c.starts_at);
    expect(
      await t.call(ops.opsCampaignUpdate, { body: { ...change, id: c.id } }, { token: admin.token }),
    ).toMatchObject({ code: 18024, msg: 'This campaign has started and can no longer be changed' });
    expect(await auditsOf(c.id)).toHaveLength(2);
  });
});

describe('list', () => {
  it('pages campaigns by latest start, optionally of one status', async () => {
    t.clock.set(at('2027-02-10', '12:00'));
    const running = await createCampaign(t, admin, { starts_at: later(HOUR_MS), ends_at: later(10 * HOUR_MS) });
    const upcoming = await createCampaign(t, admin, { starts_at: later(5 * HOUR_MS), ends_at: later(10 * HOUR_MS) });
    t.clock.set(later(2 * HOUR_MS));
    const all = await t.call(ops.opsCampaigns, { query: { size: 2 } }, { token: support.token });
    expect(all.data.list.map((c) => c.id)).toEqual([upcoming.id, running.id]);
    expect(all.data.has_more).toBe(true);
    const ongoing = await t.call(ops.opsCampaigns, { query: { status: 'ongoing' } }, { token: admin.token });
    expect(ongoing.data.list.map((c) => c.id)).toEqual([running.id]);
    const settled = await t.call(ops.opsCampaigns, { query: { status: 'settled', size: 50 } }, { token: admin.token });
    expect(settled.data.list.every((c) => c.status === 'settled' && c.settled_at !== null)).toBe(true);
    expect(await t.send(ops.opsCampaigns, { query: { status: 'finished' } }, { token: admin.token })).toMatchObject({
      code: 422,
    });
  });
});

describe('settle now', () => {
  it('only after the end; again is harmless; approval then pays the winner through the ledger', async () => {
    t.clock.set(at('2027-02-20', '12:00'));
    const c = await createCampaign(t, admin, { jackpot: 75.5 });
    const settle = () => t.call(ops.opsCampaignSettle, { body: { id: c.id } }, { token: admin.token });
    expect(await settle()).toMatchObject({ code: 18023, msg: 'This campaign can only be settled after it ends' });
    t.clock.set(c.starts_at);
    const winner = await register(t);
    expect((await t.call(campaignCalls.campaignJoin, { body: { id: c.id } }, { token: winner.token })).code).toBe(0);
    expect(await settle()).toMatchObject({ code: 18023 });

    t.clock.set(c.ends_at);
    const first = await settle();
    expect(first.data).toMatchObject({
      status: 'settled',
      participants: 1,
      qualified: 1,
      rewards: 1,
      settled_at: t.clock.now().toISOString(),
      draw_seed: null,
    });
    const again = await settle();
    expect(again.data).toEqual(first.data);
    expect((await auditsOf(c.id)).map((a) => a.action)).toEqual([
      'campaign.create',
      'campaign.settle',
      'campaign.settle',
    ]);
    expect(await t.call(ops.opsCampaignSettle, { body: { id: 999_999 } }, { token: admin.token })).toMatchObject({
      code: 18020,
    });

    // The reward waits for an operator, like a race's; approving it pays the TAICE once.
    const rewards = await t.call(
      opsRaceCalls.opsRewards,
      { query: { source: 'campaign', source_id: c.id } },
      { token: admin.token },
    );
    expect(rewards.data.list).toEqual([
      expect.objectContaining({ user_id: winner.user.id, amount: 75.5, status: 'pending', rank: null }),
    ]);
    const rewardId = rewards.data.list[0]!.id;
    const approve = () => t.call(opsRaceCalls.opsRewardApprove, { body: { id: rewardId } }, { token: admin.token });
    expect((await approve()).data).toMatchObject({ status: 'paid' });
    await approve();
    expect((await walletOf(t, winner)).spendable).toBe(75.5);
    const paid = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, winner.user.id), eq(ledgerEntries.reason, 'campaign_reward')));
    expect(paid).toHaveLength(1);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
