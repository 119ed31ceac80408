import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsAuditCalls, opsUserCalls as ops, pointsCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { userIdentities } from '../src/modules/identities/identities.schema';
import { auditLog } from '../src/modules/operators/operators.schema';
import { ledgerAccounts, ledgerEntries, referrals } from '../src/modules/points/points.schema';
import { register, type Registered } from './support/accounts';
import { operator, type Operator } from './support/operators';
import { ledgerMismatches } from './support/points';
import { createPrize, exchange, fund, newKey } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Operator;
let support: Operator;
let member: Registered;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operator(t, 'admin');
  support = await operator(t, 'support');
  member = await register(t);
});
afterAll(() => t.close());

const auditsOf = (userId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.targetType, 'user'),
        eq(auditLog.targetId, String(userId)),
        eq(auditLog.action, 'balance.adjust'),
      ),
    );

const search = (q: string) => t.call(ops.opsUserSearch, { query: { q } }, { token: support.token });
const found = async (q: string) => (await search(q)).data.list.map((u) => u.id);

const adjust = (user: Registered, amount: number, reason = 'Compensation for a missed reward', key = newKey()) =>
  t.call(
    ops.opsBalanceAdjust,
    { body: { user_id: user.user.id, amount, reason, idempotency_key: key } },
    { token: admin.token },
  );

describe('who may read members and adjust balances', () => {
  const byUser = { query: { user_id: 1 } };
  const adjustBody = { body: { user_id: 1, amount: 1, reason: 'x', idempotency_key: 'abcdefgh' } };

  it('a visitor is asked to log in, a member is refused', async () => {
    for (const token of [undefined, member.token]) {
      const expected = token ? 403 : 401;
      expect((await t.call(ops.opsUserSearch, {}, { token })).code).toBe(expected);
      expect((await t.call(ops.opsUserDetail, byUser, { token })).code).toBe(expected);
      expect((await t.call(ops.opsUserLedger, byUser, { token })).code).toBe(expected);
      expect((await t.call(ops.opsUserLedgerVerify, { body: { user_id: 1 } }, { token })).code).toBe(expected);
      expect((await t.call(ops.opsUserOrders, byUser, { token })).code).toBe(expected);
      expect((await t.call(ops.opsUserReferrals, byUser, { token })).code).toBe(expected);
      expect((await t.call(ops.opsBalanceAdjust, adjustBody, { token })).code).toBe(expected);
      expect((await t.call(opsAuditCalls.opsAuditList, {}, { token })).code).toBe(expected);
    }
  });

  it('support reads members but neither adjusts balances nor reads the audit log', async () => {
    expect((await t.call(ops.opsUserSearch, {}, { token: support.token })).code).toBe(0);
    expect(
      (await t.call(ops.opsUserDetail, { query: { user_id: member.user.id } }, { token: support.token })).code,
    ).toBe(0);
    expect((await t.call(ops.opsBalanceAdjust, adjustBody, { token: support.token })).code).toBe(403);
    expect((await t.call(opsAuditCalls.opsAuditList, {}, { token: support.token })).code).toBe(403);
  });
});

describe('finding a member', () => {
  it('by e-mail (whole or its start), uuid, id and nickname start, any case', async () => {
    const ada = await register(t, { email: `Ada.${randomBytes(3).toString('hex')}@Example.com` });
    const [row] = await t.database.db
      .update(users)
      .set({ nickname: 'AdaLovelace' })
      .where(eq(users.id, ada.user.id))
      .returning();
    expect(await found(ada.email)).toEqual([ada.user.id]);
    expect(await found(ada.email.slice(0, 10).toUpperCase())).toEqual([ada.user.id]);
    expect(await found(row!.uuid.toUpperCase())).toEqual([ada.user.id]);
    expect(await found(String(ada.user.id))).toContain(ada.user.id);
    expect(await found('adalove')).toEqual([ada.user.id]);
    // LIKE's wildcards are taken literally.
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('by wallet address, Telegram id and TON address', async () => {
    const holder = await register(t);
    const address = `0x${randomBytes(20).toString('hex')}`;
    const telegramId = String(7_000_000_000 + Math.floor(Math.random() * 1_000_000));
    const tonRaw = `0:${randomBytes(32).toString('hex')}`;
    const tonFriendly = randomBytes(36).toString('base64url');
    await t.database.db.update(users).set({ chainAddress: address }).where(eq(users.id, holder.user.id));
    await t.database.db.insert(userIdentities).values([
      { userId: holder.user.id, provider: 'telegram', subject: telegramId, label: '@holder' },
      { userId: holder.user.id, provider: 'ton', subject: tonRaw, label: tonFriendly },
    ]);
    expect(await found(address.toUpperCase().replace('0X', '0x'))).toEqual([holder.user.id]);
    expect(await found(telegramId)).toEqual([holder.user.id]);
    expect(await found(tonRaw)).toEqual([holder.user.id]);
    expect(await found(tonFriendly)).toEqual([holder.user.id]);
    const [hit] = (await search(telegramId)).data.list;
    expect(hit).toMatchObject({ wallet_address: address, telegram_id: telegramId, banned: false, roles: [] });
  });

  it('lists everyone newest first without q, a page at a time', async () => {
    const page = await t.call(ops.opsUserSearch, { query: { size: 2 } }, { token: support.token });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.has_more).toBe(true);
    expect(page.data.list[0]!.id).toBeGreaterThan(page.data.list[1]!.id);
    const long = await t.send(ops.opsUserSearch, { query: { q: 'x'.repeat(101) } }, { token: support.token });
    expect(long.code).toBe(422);
  });
});

describe("a member's page", () => {
  it('shows profile, identities, roles, ban, balances and counts', async () => {
    const inviter = await register(t);
    const invitee = await register(t, { inviteCode: inviter.user.invite_code });
    await fund(t, inviter, 50);
    const res = await t.call(ops.opsUserDetail, { query: { user_id: inviter.user.id } }, { token: support.token });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: inviter.user.id,
      email: inviter.email,
      roles: [],
      banned: false,
      banned_at: null,
      inviter: null,
      identities: [{ kind: 'email', subject: inviter.email, created_at: null }],
      balances: { spendable: 50, locked: 0, total: 50, lifetime_earned: 50 },
      counts: { orders: 0, invited: 1, referrals: 0, ledger_entries: 1 },
    });
    const invited = await t.call(ops.opsUserDetail, { query: { user_id: invitee.user.id } }, { token: support.token });
    expect(invited.data.inviter).toEqual({ id: inviter.user.id, name: inviter.user.nickname });
    const staff = await t.call(ops.opsUserDetail, { query: { user_id: admin.user.id } }, { token: support.token });
    expect(staff.data.roles).toEqual(['admin']);
  });

  it('an unknown member is named as such on every call about one', async () => {
    const nobody = { query: { user_id: 2_000_000_000 } };
    expect((await t.call(ops.opsUserDetail, nobody, { token: support.token })).code).toBe(11017);
    expect((await t.call(ops.opsUserLedger, nobody, { token: support.token })).code).toBe(11017);
    expect((await t.call(ops.opsUserOrders, nobody, { token: support.token })).code).toBe(11017);
    expect((await t.call(ops.opsUserReferrals, nobody, { token: support.token })).code).toBe(11017);
    expect(
      (await t.call(ops.opsUserLedgerVerify, { body: { user_id: 2_000_000_000 } }, { token: support.token })).code,
    ).toBe(11017);
    expect((await t.send(ops.opsUserDetail, { query: { user_id: 'abc' } }, { token: support.token })).code).toBe(422);
  });

  it('lists orders and referrals, pending and confirmed', async () => {
    const buyer = await register(t);
    await fund(t, buyer, 300);
    const prizeId = await createPrize(t, { type: 'virtual', price: 100_00 }, 2);
    expect((await exchange(t, buyer, prizeId, 'virtual')).code).toBe(0);
    const orders = await t.call(ops.opsUserOrders, { query: { user_id: buyer.user.id } }, { token: support.token });
    expect(orders.data.list).toHaveLength(1);
    expect(orders.data.list[0]).toMatchObject({ user_id: buyer.user.id, price: 100, status: 'completed' });

    const pending = await register(t, { inviteCode: buyer.user.invite_code });
    const confirmed = await register(t, { inviteCode: buyer.user.invite_code });
    await t.database.db
      .insert(referrals)
      .values({ inviteeId: confirmed.user.id, inviterId: buyer.user.id, reward: 500_00, confirmedAt: t.clock.now() });
    const list = await t.call(ops.opsUserReferrals, { query: { user_id: buyer.user.id } }, { token: support.token });
    expect(list.data.total).toBe(2);
    expect(list.data.list).toMatchObject([
      { user_id: confirmed.user.id, email: confirmed.email, reward: 500, confirmed_at: t.clock.now().toISOString() },
      { user_id: pending.user.id, reward: null, confirmed_at: null },
    ]);
  });
});

describe("a member's ledger", () => {
  it('shows each entry with the balance after it, newest first, and verifies', async () => {
    const user = await register(t);
    await fund(t, user, 10);
    await fund(t, user, 5, 'locked');
    expect((await adjust(user, -2.5)).code).toBe(0);
    const page = await t.call(ops.opsUserLedger, { query: { user_id: user.user.id } }, { token: support.token });
    expect(page.data.total).toBe(3);
    expect(page.data.list.map((e) => [e.amount, e.bucket, e.balance_after, e.total_after])).toEqual([
      [-2.5, 'spendable', 7.5, 12.5],
      [5, 'locked', 5, 15],
      [10, 'spendable', 10, 10],
    ]);
    expect(page.data.list[0]).toMatchObject({ reason: 'operator_adjust', memo: 'Compensation for a missed reward' });

    const verified = await t.call(
      ops.opsUserLedgerVerify,
      { body: { user_id: user.user.id } },
      { token: support.token },
    );
    expect(verified.data).toMatchObject({
      ok: true,
      entries: 3,
      mismatches: [],
      lifetime_earned: 15,
      lifetime_computed: 15,
    });
    expect(verified.data.accounts).toEqual([
      { bucket: 'spendable', balance: 7.5, computed: 7.5 },
      { bucket: 'locked', balance: 5, computed: 5 },
    ]);
  });

  it('verify names a tampered balance', async () => {
    const user = await register(t);
    await fund(t, user, 10);
    const mine = and(eq(ledgerAccounts.userId, user.user.id), eq(ledgerAccounts.kind, 'spendable'));
    await t.database.db.update(ledgerAccounts).set({ balance: 99_999 }).where(mine);
    const verified = await t.call(ops.opsUserLedgerVerify, { body: { user_id: user.user.id } }, { token: admin.token });
    expect(verified.data.ok).toBe(false);
    expect(verified.data.mismatches).toEqual([expect.stringMatching(/spendable\): balance 99999, entries say 1000$/)]);
    await t.database.db.update(ledgerAccounts).set({ balance: 1_000 }).where(mine);
  });
});

describe('adjusting a balance', () => {
  it('pays through the ledger from the adjustments account, with its reason and an audit row', async () => {
    const user = await register(t);
    const res = await adjust(user, 12.34, 'Lost reward, ticket 991');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      moved: true,
      entry: { amount: 12.34, reason: 'operator_adjust', bucket: 'spendable', balance_after: 12.34 },
      balances: { spendable: 12.34, locked: 0, total: 12.34, lifetime_earned: 12.34 },
    });
    const log = await t.call(pointsCalls.walletLog, {}, { token: user.token });
    expect(log.data.list[0]).toMatchObject({
      amount: 12.34,
      reason: 'operator_adjust',
      memo: 'Lost reward, ticket 991',
    });
    const [entry] = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, res.data.entry.id));
    const [adjustments] = await t.database.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'adjustments'));
    expect(entry!.fromAccountId).toBe(adjustments!.id);

    const taken = await adjust(user, -2.34, 'Duplicate payment');
    expect(taken.data.balances.spendable).toBe(10);
    // Taking back does not lower the lifetime total, as a spend does not.
    expect(taken.data.balances.lifetime_earned).toBe(12.34);
    const [credit, debit] = await auditsOf(user.user.id);
    expect(credit).toMatchObject({
      actor: String(admin.user.id),
      role: 'admin',
      before: { spendable: 0 },
      after: { spendable: 12.34, amount: 12.34, reason: 'Lost reward, ticket 991', entry_id: res.data.entry.id },
    });
    expect(debit).toMatchObject({ before: { spendable: 12.34 }, after: { spendable: 10, amount: -2.34 } });
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('never below zero: a refused debit changes nothing and audits nothing', async () => {
    const user = await register(t);
    await adjust(user, 5);
    const refused = await adjust(user, -5.01);
    expect(refused.code).toBe(14003);
    const page = await t.call(ops.opsUserLedger, { query: { user_id: user.user.id } }, { token: admin.token });
    expect(page.data.total).toBe(1);
    expect(await auditsOf(user.user.id)).toHaveLength(1);
  });

  it('a retried request pays once and answers with the first entry', async () => {
    const user = await register(t);
    const key = newKey();
    const first = await adjust(user, 7, 'Goodwill', key);
    const again = await adjust(user, 7, 'Goodwill', key);
    expect(again.code).toBe(0);
    expect(again.data).toMatchObject({ moved: false, entry: { id: first.data.entry.id }, balances: { spendable: 7 } });
    expect(await auditsOf(user.user.id)).toHaveLength(1);
  });

  it('refuses bad input and unknown members, writing nothing', async () => {
    const user = await register(t);
    const body = { user_id: user.user.id, amount: 1, reason: 'Goodwill', idempotency_key: newKey() };
    for (const change of [
      { amount: 0 },
      { amount: 0.001 },
      { amount: 1_000_000.01 },
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(301) },
      { idempotency_key: 'short' },
      { idempotency_key: 'has spaces in it' },
      { user_id: 0 },
    ]) {
      const res = await t.send(ops.opsBalanceAdjust, { body: { ...body, ...change } }, { token: admin.token });
      expect(res.code, JSON.stringify(change)).toBe(422);
    }
    const unknown = await t.call(
      ops.opsBalanceAdjust,
      { body: { ...body, user_id: 2_000_000_000 } },
      { token: admin.token },
    );
    expect(unknown.code).toBe(11017);
    expect(await auditsOf(user.user.id)).toHaveLength(0);
    expect(await auditsOf(2_000_000_000)).toHaveLength(0);
  });
});

describe('the audit log', () => {
  it('is searched by actor, action, target and time, newest first', async () => {
    const user = await register(t);
    // After every earlier row: the clock moves on.
    const started = new Date(t.clock.now().getTime() + 500).toISOString();
    t.clock.advance(1_000);
    await adjust(user, 1);
    await adjust(user, 2);
    const list = (query: Record<string, string>) =>
      t.call(opsAuditCalls.opsAuditList, { query }, { token: admin.token }).then((r) => r.data);

    const ofUser = await list({ q: `user:${user.user.id}` });
    expect(ofUser.list.map((r) => r.after)).toMatchObject([{ amount: 2 }, { amount: 1 }]);
    expect(ofUser.list[0]).toMatchObject({
      actor: String(admin.user.id),
      actor_name: admin.user.nickname,
      role: 'admin',
      action: 'balance.adjust',
      target_type: 'user',
      target_id: String(user.user.id),
    });
    expect((await list({ q: 'balance.' })).list.every((r) => r.action === 'balance.adjust')).toBe(true);
    expect(
      (await list({ q: String(admin.user.id) })).list.every(
        (r) => r.actor === String(admin.user.id) || r.target_id === String(admin.user.id),
      ),
    ).toBe(true);
    expect((await list({ q: 'balance.', from: started })).total).toBe(2);
    expect((await list({ q: 'balance.', to: started })).list.some((r) => r.target_id === String(user.user.id))).toBe(
      false,
    );
    const backwards = await t.send(
      opsAuditCalls.opsAuditList,
      { query: { from: started, to: '2000-01-01T00:00:00Z' } },
      { token: admin.token },
    );
    expect(backwards.code).toBe(422);
  });
});
