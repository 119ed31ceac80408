import { useTranslation } from 'react-i18next';
import { Eye, Upload } from 'lucide-react';
import type { MyRanking, RankingRow } from '@taice/contract';
import { formatBalance, formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { BoardCard, BoardFigure, PinnedToFoot } from './board-card';
import { MyRankPrompt } from './my-rank-prompt';

function Card({ row, isMe, pinned = false }: { row: RankingRow | MyRanking; isMe: boolean; pinned?: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <BoardCard
      row={row}
      isMe={isMe}
      pinned={pinned}
      detail={row.referred_by ? t('races.referredByName', { name: row.referred_by }) : undefined}
      figure={
        row.rank === null ? (
          <span className="text-sm text-muted">{t('races.notRanked')}</span>
        ) : (
          <BoardFigure value={formatBalance(row.points, lang)} unit="TAICE" />
        )
      }
      figureTestId="race-points"
    >
      <p className="mt-1 flex gap-3 pl-11.5 text-xs text-muted">
        <span className="inline-flex items-center gap-1" title={t('races.columns.uploaded')}>
          <Upload className="size-3.5" aria-hidden />
          <span className="sr-only">{t('races.columns.uploaded')}:</span>
          {formatInteger(row.uploaded_videos, lang)}
        </span>
        <span className="inline-flex items-center gap-1" title={t('races.columns.watched')}>
          <Eye className="size-3.5" aria-hidden />
          <span className="sr-only">{t('races.columns.watched')}:</span>
          {formatInteger(row.videos_watched, lang)}
        </span>
      </p>
    </BoardCard>
  );
}

/**
 * The ranking as cards (phones): the same figures as the table, the first three highlighted. When the caller's
 * own card is not on this page it sticks to the foot of the screen, above the tab bar, while the list is in view.
 */
export function RankingCards({
  rows,
  me,
  viewerId,
  caption,
}: {
  rows: RankingRow[];
  me: MyRanking | null;
  viewerId: number;
  caption: string;
}) {
  const listed = me !== null && rows.some((row) => row.user_id === me.user_id);
  return (
    <div className="flex flex-col gap-2">
      <ol aria-label={caption} className="flex flex-col gap-2" data-testid="ranking">
        {rows.map((row) => (
          <li key={row.user_id} data-testid="ranking-row">
            <Card row={row} isMe={row.user_id === viewerId} />
          </li>
        ))}
      </ol>
      {!listed && (
        <PinnedToFoot testId="my-rank">
          {me ? (
            <Card row={me} isMe pinned />
          ) : (
            <div className="rounded-xl border border-accent/60 bg-surface px-3 py-2.5">
              <MyRankPrompt />
            </div>
          )}
        </PinnedToFoot>
      )}
    </div>
  );
}
