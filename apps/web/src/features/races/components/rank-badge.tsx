import { useTranslation } from 'react-i18next';
import clsx from 'clsx';

/** Gold, silver and bronze for the first three places. */
const podium: Record<number, string> = {
  1: 'bg-[#f5c542] text-[#3d2b00] shadow-[0_0_0_3px_rgb(245_197_66/0.25)]',
  2: 'bg-[#c9d1dc] text-[#1f2633] shadow-[0_0_0_3px_rgb(201_209_220/0.25)]',
  3: 'bg-[#d99a5b] text-[#341b05] shadow-[0_0_0_3px_rgb(217_154_91/0.25)]',
};

/** True for the first three places, which the boards highlight. */
export const isPodium = (rank: number | null) => rank !== null && rank >= 1 && rank <= 3;

/** A place on a board: a medal for the first three, the number otherwise, a dash when not ranked. */
export function RankBadge({ rank, className }: { rank: number | null; className?: string }) {
  const { t } = useTranslation();
  const label = rank === null ? t('races.notRanked') : t('races.rankLabel', { rank });
  return (
    <span
      className={clsx(
        'grid size-9 shrink-0 place-items-center rounded-full text-sm font-extrabold tabular-nums',
        rank !== null && podium[rank] ? podium[rank] : 'text-muted',
        className,
      )}
      role="img"
      aria-label={label}
      title={label}
      data-testid="rank"
    >
      <span aria-hidden>{rank === null ? '–' : rank}</span>
    </span>
  );
}
