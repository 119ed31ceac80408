import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Eye, Upload } from 'lucide-react';
import type { MyRanking, RankingRow } from '@taice/contract';
import { formatBalance, formatInteger } from '../../../shared/lib/format';
import { useSession } from '../../../shared/session/session';
import { usePreferences } from '../../../shared/stores/preferences';
import { MemberName } from './member-name';
import { MyRankPrompt } from './my-rank-prompt';
import { isPodium, RankBadge } from './rank-badge';

function Card({ row, isMe, pinned = false }: { row: RankingRow | MyRanking; isMe: boolean; pinned?: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <div
      className={clsx(
        'flex items-center gap-3 rounded-xl border px-3 py-2.5',
        pinned ? 'border-accent/60 bg-surface' : 'border-border bg-surface',
        !pinned && isPodium(row.rank) && 'border-accent/40 bg-linear-to-r from-accent/15 to-surface',
        !pinned && isMe && 'border-accent bg-accent/15',
      )}
    >
      <RankBadge rank={row.rank} />
      <div className="min-w-0 flex-1">
        <MemberName
          userId={row.user_id}
          name={row.user_name}
          avatar={row.avatar}
          isMe={isMe}
          detail={row.referred_by ? t('races.referredByName', { name: row.referred_by }) : undefined}
        />
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
      </div>
      <p className="shrink-0 text-right" data-testid="race-points">
        {row.rank === null ? (
          <span className="text-sm text-muted">{t('races.notRanked')}</span>
        ) : (
          <>
            <span className="block font-extrabold tabular-nums text-accent-text">
              {formatBalance(row.points, lang)}
            </span>
            <span className="block text-xs text-muted">TAICE</span>
          </>
        )}
      </p>
    </div>
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
  const loggedIn = useSession((s) => s.token !== null);
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
      {/* A member's tab bar is 14 spacing units and a border tall; the card sits just above it. */}
      {!listed && (
        <div
          className={clsx(
            'sticky z-20 -mx-1 rounded-2xl bg-bg/90 p-1 backdrop-blur',
            loggedIn ? 'bottom-[calc(var(--spacing)*14+1px+env(safe-area-inset-bottom))]' : 'bottom-0',
          )}
          data-testid="my-rank"
        >
          {me ? (
            <Card row={me} isMe pinned />
          ) : (
            <div className="rounded-xl border border-accent/60 bg-surface px-3 py-2.5">
              <MyRankPrompt />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
