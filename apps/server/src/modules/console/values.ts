import type { OpsUserDetail } from '@taice/contract';

/** `text` as the start of a LIKE pattern (its `%`, `_` and `\` taken literally). */
export const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Hundredths of TAICE (the database) to TAICE (the wire). */
export const taice = (hundredths: number) => hundredths / 100;

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
