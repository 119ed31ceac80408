import clsx from 'clsx';
import type { RewardCurrency } from '@taice/contract';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { TaiceCoin } from '../../points';

/** An amount in a campaign's currency, 2 decimals: the TAICE coin before TAICE, the token's code after any. */
export function JackpotAmount({
  amount,
  currency,
  className,
  coinClassName = 'size-[1em]',
}: {
  amount: number;
  currency: RewardCurrency;
  className?: string;
  coinClassName?: string;
}) {
  const lang = usePreferences((s) => s.lang);
  return (
    <span className={clsx('inline-flex items-center gap-1.5', className)}>
      {currency === 'TAICE' && <TaiceCoin className={coinClassName} />}
      <span className="tabular-nums">{formatBalance(amount, lang)}</span>
      <span className="text-[0.6em] font-semibold opacity-80">{currency}</span>
    </span>
  );
}
