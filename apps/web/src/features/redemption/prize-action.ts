import type { Prize } from '@taice/contract';

/** What the viewer can do with a prize right now, and so what its button says. */
export type PrizeAction = 'redeem' | 'login' | 'insufficient' | 'sold_out' | 'not_started' | 'ended' | 'limit_reached';

/**
 * The server's availability comes first (nobody can buy what is sold out),
 * then the visitor is asked to log in, then the member's spendable balance.
 */
export function prizeAction(prize: Pick<Prize, 'availability' | 'can_afford'>, loggedIn: boolean): PrizeAction {
  if (prize.availability !== 'available') return prize.availability;
  if (!loggedIn) return 'login';
  return prize.can_afford ? 'redeem' : 'insufficient';
}
