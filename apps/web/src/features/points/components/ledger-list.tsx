import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  CalendarCheck,
  Coins,
  Gift,
  HandCoins,
  ListChecks,
  Lock,
  PartyPopper,
  RotateCcw,
  ShoppingBag,
  Sparkles,
  Trophy,
  UserPlus,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { CallData, LedgerEntry, LedgerReason, pointsCalls } from '@taice/contract';
import type { InfiniteListQuery } from '../../../shared/api/infinite';
import { formatBalance, formatDateTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { ledgerDetail, reasonKey } from '../ledger-text';

type LedgerPage = CallData<typeof pointsCalls.walletLog>;

const reasonIcon: Record<LedgerReason, LucideIcon> = {
  sign_in: CalendarCheck,
  new_user_reward: Sparkles,
  referral_reward: UserPlus,
  invite_task: Gift,
  task_reward: ListChecks,
  daily_task_issue: Lock,
  redeem: ShoppingBag,
  refund: RotateCcw,
  operator_adjust: Wrench,
  race_reward: Trophy,
  campaign_reward: PartyPopper,
  pool_fund: HandCoins,
  pool_claim: Coins,
  pool_refund: RotateCcw,
};

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const Icon = reasonIcon[entry.reason];
  const detail = ledgerDetail(entry, t, lang);
  const positive = entry.amount >= 0;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="ledger-row">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{t(reasonKey[entry.reason])}</p>
        <p className="truncate text-sm text-muted">
          {detail ? `${detail} · ` : ''}
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, lang)}</time>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5">
        <span className={clsx('font-bold tabular-nums', positive ? 'text-success' : 'text-danger')}>
          {positive ? '+' : '−'}
          {formatBalance(Math.abs(entry.amount), lang)}
        </span>
        {entry.bucket === 'locked' && (
          <span className="inline-flex items-center gap-1 text-xs text-muted">
            <Lock className="size-3" aria-hidden />
            {t('points.locked')}
          </span>
        )}
      </div>
    </li>
  );
}

/** A ledger list with its loading, empty (with a next step) and error states, loading more on scroll. */
export function LedgerList({
  query,
  empty,
}: {
  query: InfiniteListQuery<LedgerPage>;
  empty: { title: string; text: string; action?: ReactNode };
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <ul className="divide-y divide-border rounded-xl border border-border bg-surface" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-4 py-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
            <Skeleton className="h-5 w-16" />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const entries = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (entries.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <ul className="divide-y divide-border rounded-xl border border-border bg-surface">
        {entries.map((entry) => (
          <LedgerRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <LoadMore query={query} endText={t('points.endOfList')} />
    </>
  );
}
