import { pointsCalls, videoCalls, type WalletDetail } from '@taice/contract';
import { createLedger } from '../../src/modules/points/ledger';
import type { Registered } from './accounts';
import type { TestApp } from './test-app';
import { createPost } from './videos';

/** Watches `postId` for `seconds` of server time in 15 s heartbeats (the most one heartbeat credits). */
export async function watchFor(t: TestApp, viewer: Registered, postId: number, seconds: number): Promise<void> {
  const open = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { token: viewer.token });
  if (open.code !== 0) throw new Error(`addViewLog failed: ${open.msg}`);
  for (let left = seconds; left > 0; left -= 15) {
    t.clock.advance(Math.min(15, left) * 1000);
    const beat = await t.call(
      videoCalls.addViewLog,
      { body: { id: postId, session_id: open.data.session_id } },
      { token: viewer.token },
    );
    if (beat.code !== 0)
      throw new Error(`heartbeat failed: ${beat.msg} at ${t.clock.now().toISOString()} left ${left}`);
  }
}

/** A fresh video by `authorId`, watched until it counts (10 s). */
export async function watchNewVideo(t: TestApp, viewer: Registered, authorId: number, seconds = 10): Promise<number> {
  const postId = await createPost(t, authorId, { duration: Math.max(60, seconds + 5) });
  await watchFor(t, viewer, postId, seconds);
  return postId;
}

export async function walletOf(t: TestApp, user: Registered): Promise<WalletDetail> {
  const res = await t.call(pointsCalls.walletDetail, {}, { token: user.token });
  if (res.code !== 0) throw new Error(`walletDetail failed: ${res.msg}`);
  return res.data;
}

/** The ledger must always recompute to the stored balances. */
export async function ledgerMismatches(t: TestApp): Promise<string[]> {
  return (await createLedger(t.database.db).verify()).mismatches;
}

/** A moment of a business day (UTC+8): `at('2026-11-20', '23:59')`. */
export function at(day: string, time = '12:00'): Date {
  return new Date(`${day}T${time}:00+08:00`);
}
