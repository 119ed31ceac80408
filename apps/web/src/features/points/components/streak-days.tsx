import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Check, Gift } from 'lucide-react';
import type { CallData, pointsCalls } from '@taice/contract';
import { formatBalance, formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { TaiceCoin } from './taice-coin';

type Day = CallData<typeof pointsCalls.signInConfigs>['days'][number];

/** The 7 days of a sign-in streak: reward of each, which are signed, which is today. */
export function StreakDays({ days, compact = false }: { days: Day[]; compact?: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <ol className="grid grid-cols-7 gap-1.5 wide:gap-3" aria-label={t('checkIn.streakLabel')}>
      {days.map((d) => {
        const signed = d.is_signed === 1;
        const today = d.is_today === 1;
        const last = d.day === days.length;
        return (
          <li
            key={d.day}
            aria-current={today ? 'date' : undefined}
            aria-label={t(signed ? 'checkIn.daySigned' : 'checkIn.dayOpen', {
              day: d.day,
              reward: formatBalance(d.reward, lang),
            })}
            data-signed={signed || undefined}
            className={clsx(
              'relative flex min-w-0 flex-col items-center gap-1 rounded-lg border px-0.5 text-center',
              compact ? 'py-2' : 'py-2.5 wide:py-4',
              signed ? 'border-accent/50 bg-accent/15' : 'border-border bg-bg',
              today && !signed && 'ring-2 ring-accent',
            )}
          >
            <span
              className={clsx('text-[0.8rem] font-semibold wide:text-xs', today ? 'text-accent-text' : 'text-muted')}
            >
              {today ? t('checkIn.today') : t('checkIn.dayShort', { day: d.day })}
            </span>
            <span className="relative grid place-items-center">
              {last ? (
                <Gift className={clsx('text-accent-text', compact ? 'size-6' : 'size-7 wide:size-9')} aria-hidden />
              ) : (
                <TaiceCoin className={compact ? 'size-6' : 'size-7 wide:size-9'} />
              )}
              {signed && (
                <span className="absolute -bottom-1 -right-1 grid size-4 place-items-center rounded-full bg-success text-bg">
                  <Check className="size-3" strokeWidth={3} aria-hidden />
                </span>
              )}
            </span>
            <span className="text-[0.8rem] font-bold tabular-nums wide:text-sm">+{formatReward(d.reward, lang)}</span>
          </li>
        );
      })}
    </ol>
  );
}
