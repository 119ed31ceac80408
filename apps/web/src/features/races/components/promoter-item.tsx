import { useTranslation } from 'react-i18next';
import type { PromoterRow } from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { BoardCard, BoardFigure } from './board-card';

/** One promoter: place, member and the friends they had confirmed in this race. */
export function PromoterItem({
  row,
  isMe,
  pinned = false,
}: {
  row: PromoterRow | (Omit<PromoterRow, 'rank'> & { rank: number | null });
  isMe: boolean;
  pinned?: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <BoardCard
      row={row}
      isMe={isMe}
      pinned={pinned}
      detail={row.rank === null ? t('races.notRanked') : undefined}
      figure={
        <BoardFigure
          value={formatInteger(row.invites, lang)}
          unit={t('races.promoters.friends', { count: row.invites })}
        />
      }
      figureTestId="promoter-invites"
    />
  );
}
