import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsUserCalls as ops } from '@taice/contract';
import { auditLog } from '../src/modules/operators/operators.schema';
import { ledgerEntries } from '../src/modules/points/points.schema';
import { register, type Registered } from './support/accounts';
import { operator, type Operator } from './support/operators';
import { ledgerMismatches } from './support/points';
import { newKey } from './support/redemption';
import { createTestApp, type TestApp } from './support/test-app';

const PARALLEL = 12;

let t: TestApp;
let admin: Operator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operator(t, 'admin');
});
afterAll(() => t.close());

const adjust = (user: Registered, amount: number, key = newKey()) =>
  t.call(
    ops.opsBalanceAdjust,
    { body: { user_id: user.user.id, amount, reason: 'Load test', idempotency_key: key } },
    { token: admin.token },
  );

const entriesOf = (user: Registered) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.user.id));
const auditsOf = (user: Registered) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'balance.adjust'), eq(auditLog.targetId, String(user.user.id))));

async function spendable(user: Registered) {
  const res = await t.call(ops.opsUserDetail, { query: { user_id: user.user.id } }, { token: admin.token });
  return res.data.balances.spendable;
}

describe('balance adjustments under concurrency', () => {
  it('parallel debits never overdraw: those the balance covers pass, the rest change nothing', async () => {
    const user = await register(t);
    expect((await adjust(user, 100)).code).toBe(0);
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => adjust(user, -30)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 14003)).toBe(true);
    expect(await spendable(user)).toBe(10);
    expect(await entriesOf(user)).toHaveLength(4);
    expect(await auditsOf(user)).toHaveLength(4);
    expect(await ledgerMismatches(t)).toEqual([]);
  });

  it('the same request sent many times at once pays once', async () => {
    const user = await register(t);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => adjust(user, 25, key)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.data.moved)).toHaveLength(1);
    expect(new Set(results.map((r) => r.data.entry.id)).size).toBe(1);
    expect(await spendable(user)).toBe(25);
    expect(await entriesOf(user)).toHaveLength(1);
    expect(await auditsOf(user)).toHaveLength(1);
  });

  it('a retried debit takes once, even when it raced with itself', async () => {
    const user = await register(t);
    await adjust(user, 10);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => adjust(user, -10, key)));
    expect(results.every((r) => r.code === 0)).toBe(true);
    expect(results.filter((r) => r.data.moved)).toHaveLength(1);
    expect(await spendable(user)).toBe(0);
    // Later retries answer the same, never "insufficient": the key already paid.
    expect((await adjust(user, -10, key)).data).toMatchObject({ moved: false, balances: { spendable: 0 } });
  });

  it('mixed credits and debits in parallel add up exactly and never go below zero', async () => {
    const user = await register(t);
    const amounts = Array.from({ length: PARALLEL * 2 }, (_, i) => (i % 3 === 0 ? 7.5 : -4.25));
    const results = await Promise.all(amounts.map((amount) => adjust(user, amount)));
    const paid = amounts.filter((_, i) => results[i]!.code === 0);
    expect(results.every((r) => r.code === 0 || r.code === 14003)).toBe(true);
    // More is taken than given in all: some debits must have been refused.
    expect(paid.length).toBeLessThan(amounts.length);
    const expected = paid.reduce((sum, a) => sum + Math.round(a * 100), 0) / 100;
    expect(await spendable(user)).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(0);
    expect(await entriesOf(user)).toHaveLength(paid.length);
    expect(await auditsOf(user)).toHaveLength(paid.length);
    expect(await ledgerMismatches(t)).toEqual([]);
  });
});
