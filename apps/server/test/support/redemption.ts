import { randomBytes } from 'node:crypto';
import { redemptionCalls, type PrizeType } from '@taice/contract';
import { createLedger } from '../../src/modules/points/ledger';
import { PAGE_CACHE_MS } from '../../src/modules/redemption/catalogue';
import { prizeCodes, prizes } from '../../src/modules/redemption/redemption.schema';
import type { Registered } from './accounts';
import type { TestApp } from './test-app';

type NewPrize = Partial<typeof prizes.$inferInsert> & { type: PrizeType };

let made = 0;
/** A prize on sale (100 TAICE, 10 in stock, unlimited unless told), with `codes` free codes for a virtual one. */
export async function createPrize(t: TestApp, prize: NewPrize, codes = 0): Promise<number> {
  made += 1;
  const name = `Test prize ${made}`;
  const [row] = await t.database.db
    .insert(prizes)
    .values({
      name: { en_US: name, 'zh-CN': `测试奖品 ${made}`, 'zh-TW': `測試獎品 ${made}` },
      description: { en_US: `${name}, described`, 'zh-CN': '描述', 'zh-TW': '描述' },
      images: [`test/prizes/${made}.webp`],
      price: 10_000,
      stock: 10,
      membershipDays: prize.type === 'membership' ? 30 : null,
      sort: 1000 + made,
      ...prize,
    })
    .returning({ id: prizes.id });
  // Written behind the server's back: the catalogue shows it once its cached pages expire.
  t.clock.advance(PAGE_CACHE_MS);
  if (codes > 0) {
    await t.database.db
      .insert(prizeCodes)
      .values(
        Array.from({ length: codes }, () => ({ prizeId: row!.id, code: `CODE-${randomBytes(6).toString('hex')}` })),
      );
  }
  return row!.id;
}

/** Puts `taice` (in TAICE) into a user's bucket through the ledger. */
export async function fund(t: TestApp, user: Registered, taice: number, bucket: 'spendable' | 'locked' = 'spendable') {
  const ledger = createLedger(t.database.db);
  await t.database.db.transaction((tx) =>
    ledger.credit(tx, {
      userId: user.user.id,
      amount: Math.round(taice * 100),
      reason: bucket === 'locked' ? 'daily_task_issue' : 'operator_adjust',
      eventKey: `test:fund:${user.user.id}:${randomBytes(6).toString('hex')}`,
      bucket,
      at: t.clock.now(),
    }),
  );
}

export const newKey = () => randomBytes(12).toString('hex');

/** Exchanges a virtual or membership prize (physical prizes need an address: see exchangePhysical). */
export function exchange(
  t: TestApp,
  user: Registered,
  prizeId: number,
  type: 'virtual' | 'membership',
  key = newKey(),
  lang?: string,
) {
  const call = type === 'virtual' ? redemptionCalls.exchangeVirtualProducts : redemptionCalls.exchangeMember;
  return t.call(call, { body: { prize_id: prizeId, idempotency_key: key } }, { token: user.token, lang });
}

/** A saved address of `user` (United States, dial code 1). */
export async function saveAddress(
  t: TestApp,
  user: Registered,
  detail = '1 Main Street, Springfield',
): Promise<number> {
  const res = await t.call(
    redemptionCalls.addressStore,
    { body: { first_name: 'Ada', last_name: 'Lovelace', country: 'US', phone: '5551234567', detail_address: detail } },
    { token: user.token },
  );
  if (res.code !== 0) throw new Error(`addressStore failed: ${res.msg}`);
  return res.data.id;
}

/** Exchanges a physical prize, shipped to `addressId`. */
export function exchangePhysical(t: TestApp, user: Registered, prizeId: number, addressId: number, key = newKey()) {
  return t.call(
    redemptionCalls.exchangePhysical,
    { body: { prize_id: prizeId, address_id: addressId, idempotency_key: key } },
    { token: user.token },
  );
}
