import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, History } from 'lucide-react';
import type { Race } from '@taice/contract';
import { useRaceList } from '../api/use-race-list';

/**
 * Which race the board shows: the running one or a past one. `shown` is the race on screen (listed even when
 * older than the list); picking the running race clears the choice, so the board follows the running race.
 */
export function RacePicker({ shown, onPick }: { shown: Race | undefined; onPick: (race: Race | undefined) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const races = useRaceList();
  const listed = races.data?.list ?? [];
  const list = shown && !listed.some((r) => r.id === shown.id) ? [...listed, shown] : listed;
  const value = shown?.id;
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="flex shrink-0 items-center gap-1.5 text-sm text-muted">
        <History className="size-4" aria-hidden />
        {t('races.picker.label')}
      </label>
      <div className="relative min-w-0 flex-1 wide:w-[22rem] wide:flex-none">
        <select
          id={id}
          value={value ?? ''}
          disabled={list.length === 0}
          onChange={(e) => {
            const race = list.find((r) => r.id === Number(e.target.value));
            onPick(race?.status === 'running' ? undefined : race);
          }}
          className="min-h-11 w-full appearance-none truncate rounded-lg border border-border bg-surface-2 py-2 pr-9 pl-3 text-sm font-semibold disabled:opacity-60"
          data-testid="race-picker"
        >
          {value === undefined && list.length === 0 && <option value="">{t('common.loading')}</option>}
          {list.map((race) => (
            <option key={race.id} value={race.id}>
              {race.status === 'running' ? t('races.picker.current', { label: race.label }) : race.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
          aria-hidden
        />
      </div>
    </div>
  );
}
