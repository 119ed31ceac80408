import { useTranslation } from 'react-i18next';
import { Clock, Coins, Timer, TrendingUp, type LucideIcon } from 'lucide-react';
import type { TaskDetail } from '@taice/contract';
import { formatBalance, formatViewingTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';

/** The task centre's figures: total points, total viewing time, today's points, today's viewing time. */
export function TaskStats({ detail }: { detail: TaskDetail | undefined }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const items: { Icon: LucideIcon; label: string; value: string | undefined; testId: string }[] = [
    {
      Icon: Coins,
      label: t('tasks.totalPoints'),
      value: detail && formatBalance(detail.total_point, lang),
      testId: 'stat-total-points',
    },
    {
      Icon: Clock,
      label: t('tasks.totalViewing'),
      value: detail && formatViewingTime(detail.total_view_seconds, lang),
      testId: 'stat-total-viewing',
    },
    {
      Icon: TrendingUp,
      label: t('tasks.todayPoints'),
      value: detail && formatBalance(detail.today_user_point, lang),
      testId: 'stat-today-points',
    },
    {
      Icon: Timer,
      label: t('tasks.todayViewing'),
      value: detail && formatViewingTime(detail.today_view_seconds, lang),
      testId: 'stat-today-viewing',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 wide:grid-cols-4 wide:gap-4">
      {items.map(({ Icon, label, value, testId }) => (
        <div
          key={testId}
          className="flex min-w-0 flex-col gap-1 rounded-xl border border-border bg-surface p-3 wide:p-5"
        >
          <dt className="flex items-center gap-2 text-sm text-muted">
            <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
              <Icon className="size-4" aria-hidden />
            </span>
            <span className="min-w-0">{label}</span>
          </dt>
          <dd className="truncate text-xl font-extrabold tabular-nums wide:text-2xl" data-testid={testId}>
            {value ?? <Skeleton className="h-7 w-20" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
