import { randomBytes } from 'node:crypto';
import type { LedgerReason } from '@taice/contract';
import { createLedger } from '../../src/modules/points/points.module';
import { createRaceStore, createRankingIndex, scoreRacesFrom } from '../../src/modules/races/races.module';
import type { Registered } from './accounts';
import type { TestApp } from './test-app';

/**
 * Pays a member `taice` as an earning at the test clock's now, through a ledger with the races' listener (as
 * the app's, with its Redis index when there is one): the amount counts for the race of that business day, as any earning of the app would.
 */
export async function earn(
  t: TestApp,
  user: Registered,
  taice: number,
  reason: LedgerReason = 'task_reward',
): Promise<void> {
  const ledger = createLedger(t.database.db);
  const { redis } = t.shared;
  const index = redis
    ? createRankingIndex({ db: t.database.db, clock: t.clock, redis, prefix: t.config.REDIS_PREFIX })
    : null;
  scoreRacesFrom(ledger, createRaceStore({ db: t.database.db, clock: t.clock }), index);
  await t.database.db.transaction((tx) =>
    ledger.credit(tx, {
      userId: user.user.id,
      amount: Math.round(taice * 100),
      reason,
      eventKey: `test:earn:${user.user.id}:${randomBytes(6).toString('hex')}`,
      bucket: 'spendable',
      at: t.clock.now(),
    }),
  );
}
