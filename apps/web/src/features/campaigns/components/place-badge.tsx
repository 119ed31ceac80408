import { useTranslation } from 'react-i18next';
import clsx from 'clsx';

/** Gold, silver and bronze for the first three places. */
const podium: Record<number, string> = {
  1: 'bg-[#f5c542] text-[#3d2b00]',
  2: 'bg-[#c9d1dc] text-[#1f2633]',
  3: 'bg-[#d99a5b] text-[#341b05]',
};

/** A winner's place: a medal colour for the first three, the number otherwise. */
export function PlaceBadge({ rank }: { rank: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={clsx(
        'grid size-9 shrink-0 place-items-center rounded-full text-sm font-extrabold tabular-nums',
        podium[rank] ?? 'bg-surface-2 text-muted',
      )}
      title={t('campaigns.reward.place', { rank })}
    >
      {rank}
    </span>
  );
}
