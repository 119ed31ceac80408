import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import type { TaskDetail } from '@taice/contract';
import { useCountUp } from '../../../shared/hooks/use-count-up';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';

/** Today's daily-task TAICE, waiting to be issued (locked) after 00:00 UTC+8. */
export function EstimatedEarnings({ detail }: { detail: TaskDetail }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const { value, gain } = useCountUp(detail.today_estimated_eaming);
  return (
    <div className="rounded-xl border border-accent/30 bg-accent/10 px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold">
          <Hourglass className="size-4 text-accent-text" aria-hidden />
          {t('tasks.estimated')}
        </p>
        <p className="relative text-xl font-extrabold tabular-nums text-accent-text" data-testid="estimated-earnings">
          {formatBalance(value ?? 0, lang)}
          {gain > 0 && (
            <span aria-hidden className="earn-float absolute -top-5 right-0 text-sm font-bold text-success">
              +{formatBalance(gain, lang)}
            </span>
          )}
        </p>
      </div>
      <p className="mt-1 text-xs text-muted">{t('tasks.estimatedNote')}</p>
    </div>
  );
}
