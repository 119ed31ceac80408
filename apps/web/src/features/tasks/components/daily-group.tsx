import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Gift, PartyPopper } from 'lucide-react';
import type { TaskDetail } from '@taice/contract';
import { formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';

/** The daily tab's head: which group is open (of 5), the bonus for finishing it, and the groups done. */
export function DailyGroup({ detail }: { detail: TaskDetail }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const allDone = detail.group_no > detail.group_total;
  const doneGroups = Math.min(detail.group_no - 1, detail.group_total);
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-border bg-surface px-4 py-3"
      data-testid="daily-group"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
        {allDone ? <PartyPopper className="size-5" aria-hidden /> : <Gift className="size-5" aria-hidden />}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-bold">
          {allDone
            ? t('tasks.allGroupsDone', { total: detail.group_total })
            : t('tasks.groupOf', { group: detail.group_no, total: detail.group_total })}
        </p>
        <p className="text-sm text-muted">
          {allDone
            ? t('tasks.allGroupsDoneText')
            : t('tasks.groupBonus', { bonus: formatReward(detail.group_bonus, lang) })}
        </p>
        <ol
          className="mt-2 grid grid-flow-col gap-1"
          aria-label={t('tasks.groupsDone', { done: doneGroups, total: detail.group_total })}
        >
          {Array.from({ length: detail.group_total }, (_, i) => (
            <li
              key={i}
              className={clsx(
                'h-1.5 rounded-full',
                i < doneGroups ? 'bg-success' : i === doneGroups && !allDone ? 'bg-accent' : 'bg-border',
              )}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}
