import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, TrendingUp, WalletMinimal } from 'lucide-react';
import { useCountUp } from '../../../shared/hooks/use-count-up';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { useWalletDetail } from '../api/use-wallet-detail';
import { TaiceCoin } from './taice-coin';

function Part({
  icon,
  label,
  value,
  note,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: string;
  testId: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-bg p-3 wide:p-4">
      <dt className="flex items-center gap-1.5 text-sm text-muted">
        {icon}
        {label}
      </dt>
      <dd className="truncate text-lg font-extrabold tabular-nums wide:text-xl" data-testid={testId}>
        {value}
      </dd>
      {note && <p className="text-xs text-muted">{note}</p>}
    </div>
  );
}

/**
 * The TAICE balance: the total (counting up when it grows), its spendable
 * and locked parts, and today's earnings.
 */
export function BalanceSummary() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const wallet = useWalletDetail();
  const { value } = useCountUp(wallet.data?.value ?? null);
  if (wallet.isError && !wallet.data) return <ErrorState onRetry={() => void wallet.refetch()} />;
  const d = wallet.data;
  return (
    <section
      aria-label={t('points.balance')}
      className="relative overflow-hidden rounded-2xl border border-accent/30 bg-linear-to-br from-accent/20 via-surface to-surface p-4 wide:p-6"
    >
      <div className="flex items-center gap-3">
        <TaiceCoin className="size-12 wide:size-14" />
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('points.balance')}</p>
          {d && value !== null ? (
            <p className="truncate text-3xl font-extrabold tabular-nums wide:text-4xl" data-testid="balance-total">
              {formatBalance(value, lang)}
              <span className="ml-1.5 text-base font-bold text-muted">TAICE</span>
            </p>
          ) : (
            <Skeleton className="mt-1 h-9 w-48" />
          )}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 wide:gap-3">
        {d ? (
          <>
            <Part
              icon={<WalletMinimal className="size-4" aria-hidden />}
              label={t('points.spendable')}
              value={formatBalance(d.spendable, lang)}
              testId="balance-spendable"
            />
            <Part
              icon={<Lock className="size-4" aria-hidden />}
              label={t('points.locked')}
              value={formatBalance(d.locked, lang)}
              testId="balance-locked"
            />
            <div className="col-span-2">
              <Part
                icon={<TrendingUp className="size-4" aria-hidden />}
                label={t('points.today')}
                value={`+${formatBalance(d.daily_add_point, lang)}`}
                testId="balance-today"
              />
            </div>
          </>
        ) : (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-20 rounded-xl" />)
        )}
      </dl>
      <p className="mt-3 flex items-start gap-1.5 text-xs text-muted">
        <Lock className="mt-0.5 size-3 shrink-0" aria-hidden />
        {t('points.lockedNote')}
      </p>
    </section>
  );
}
