import { useTranslation } from 'react-i18next';
import { CalendarRange, Users } from 'lucide-react';
import type { Race } from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { raceDays, raceLastDay } from '../race-model';
import { Countdown } from './countdown';
import { RaceStatusChip } from './race-status-chip';

/**
 * The head of a race: its label ("November, week 3"), status, days and participants, and the live countdown
 * to its end while it runs (on the server's clock); once it has ended, when it did and whether the results are final.
 */
export function RaceHeader({ race, clockOffset, onEnd }: { race: Race; clockOffset: number; onEnd: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <section
      aria-labelledby="race-title"
      className="relative overflow-hidden rounded-2xl border border-accent/30 bg-linear-to-br from-accent/25 via-surface to-surface p-4 wide:p-6"
    >
      <div className="flex flex-col gap-4 wide:flex-row wide:items-center wide:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <RaceStatusChip status={race.status} />
          <h2 id="race-title" className="text-2xl font-extrabold wide:text-3xl" data-testid="race-label">
            {race.label}
          </h2>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarRange className="size-4" aria-hidden />
              {t('races.days', { days: raceDays(race.starts_at, race.ends_at, lang) })}
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="race-participants">
              <Users className="size-4" aria-hidden />
              {t('races.participants', { count: race.participants, n: formatInteger(race.participants, lang) })}
            </span>
          </p>
        </div>
        {race.status === 'running' ? (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-semibold text-muted">{t('races.endsIn')}</p>
            <Countdown endsAt={race.ends_at} clockOffset={clockOffset} onEnd={onEnd} />
          </div>
        ) : (
          <div className="rounded-xl border border-border bg-bg/60 p-3 text-sm wide:max-w-[26rem]">
            <p className="font-semibold">{t('races.endedOn', { date: raceLastDay(race.ends_at, lang) })}</p>
            <p className="text-muted">{t(race.status === 'closed' ? 'races.finalText' : 'races.closingText')}</p>
          </div>
        )}
      </div>
    </section>
  );
}

export function RaceHeaderSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 wide:flex-row wide:justify-between wide:p-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-6 w-16 rounded-full" />
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-5 w-72 max-w-full" />
      </div>
      <Skeleton className="h-18 w-72 max-w-full" />
    </div>
  );
}
