import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { RaceStatus } from '@taice/contract';

const looks: Record<RaceStatus, string> = {
  running: 'bg-success/15 text-success',
  closing: 'bg-warning/15 text-warning',
  closed: 'bg-fg/10 text-fg',
};

/** Live, counting the results, or final. */
export function RaceStatusChip({ status }: { status: RaceStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 self-start rounded-full px-2.5 py-1 text-xs font-semibold',
        looks[status],
      )}
      data-testid="race-status"
    >
      {status === 'running' && <span className="size-2 animate-pulse rounded-full bg-current" aria-hidden />}
      {t(`races.status.${status}`)}
    </span>
  );
}
