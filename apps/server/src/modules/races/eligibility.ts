import type { EligibilityCheck, PrizeTier } from '@taice/contract';
import type { Standing } from './standings';

export type Contender = Pick<Standing, 'invites' | 'watched' | 'uploads' | 'aiUploads'> & { hasWallet: boolean };

/** A reward is paid to the member's bound EVM wallet (the chain of product decisions), so that is the wallet asked for. */
export const walletBound = (chainAddress: string | null) => chainAddress !== null;

/** The tier a final rank falls in, if any. */
export function tierOfRank(prizes: PrizeTier[], rank: number): PrizeTier | undefined {
  return prizes.find((tier) => rank >= tier.rank_from && rank <= tier.rank_to);
}

/** Each rule of the tier with what it asks, what the member had, and whether that is enough (spec section 9). */
export function eligibilityChecks(tier: PrizeTier, who: Contender): EligibilityCheck[] {
  const check = (rule: EligibilityCheck['rule'], required: number, actual: number) => ({
    rule,
    required,
    actual,
    passed: actual >= required,
  });
  return [
    check('invites', tier.min_invites, who.invites),
    check('watched', tier.min_watched, who.watched),
    check('uploads', tier.min_uploads, tier.ai_uploads ? who.aiUploads : who.uploads),
    check('wallet', tier.needs_wallet ? 1 : 0, who.hasWallet ? 1 : 0),
  ];
}
