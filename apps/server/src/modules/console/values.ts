import type { OpsUserDetail } from '@taice/contract';
import { taice } from '../../platform/money';

/** `text` as the start of a LIKE pattern (its `%`, `_` and `\` taken literally). */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A user's balances and lifetime total (hundredths) as operators see them. */
export const balancesView = (
  b: { spendable: number; locked: number },
  lifetimeEarned: number,
): OpsUserDetail['balances'] => ({
  spendable: taice(b.spendable),
  locked: taice(b.locked),
  total: taice(b.spendable + b.locked),
  lifetime_earned: taice(lifetimeEarned),
});
