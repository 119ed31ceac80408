import { useTranslation } from 'react-i18next';
import type { RewardCurrency } from '@taice/contract';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { byCurrency } from '../race-model';

interface Total {
  currency: RewardCurrency;
  pending: number;
  approved: number;
  paid: number;
}

const FIGURES = ['pending', 'approved', 'paid'] as const;

/** The caller's rewards added up by currency: waiting for verification, approved (still owed) and paid. */
export function RewardTotals({ totals }: { totals: Total[] | undefined }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  if (!totals) {
    return (
      <div className="grid gap-3 wide:grid-cols-2" aria-busy="true">
        <Skeleton className="h-28 rounded-2xl" />
      </div>
    );
  }
  const shown =
    totals.length > 0 ? byCurrency(totals) : [{ currency: 'TAICE' as const, pending: 0, approved: 0, paid: 0 }];
  return (
    <section aria-labelledby="totals-title">
      <h2 id="totals-title" className="sr-only">
        {t('races.rewards.totals')}
      </h2>
      <div className="grid gap-3 wide:grid-cols-2">
        {shown.map((total) => (
          <div
            key={total.currency}
            className="rounded-2xl border border-accent/30 bg-linear-to-br from-accent/20 via-surface to-surface p-4"
            data-testid={`reward-total-${total.currency}`}
          >
            <p className="mb-2 text-sm font-bold">{total.currency}</p>
            <dl className="grid grid-cols-3 gap-2">
              {FIGURES.map((figure) => (
                <div key={figure} className="min-w-0">
                  <dt className="text-xs text-muted">{t(`races.rewards.${figure}`)}</dt>
                  <dd className="truncate text-lg font-extrabold tabular-nums" data-testid={`total-${figure}`}>
                    {formatBalance(total[figure], lang)}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </div>
    </section>
  );
}
