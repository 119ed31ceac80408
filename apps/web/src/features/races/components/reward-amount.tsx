import type { RewardCurrency } from '@taice/contract';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';

/** An amount in its currency, 2 decimals with the language's separators: "1,000.00 USDT". */
export function RewardAmount({
  amount,
  currency,
  className,
}: {
  amount: number;
  currency: RewardCurrency;
  className?: string;
}) {
  const lang = usePreferences((s) => s.lang);
  return (
    <span className={className}>
      <span className="tabular-nums">{formatBalance(amount, lang)}</span> {currency}
    </span>
  );
}
