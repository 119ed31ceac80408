import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { MyRanking, RankingRow } from '@taice/contract';
import { formatBalance, formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { MemberName } from './member-name';
import { MyRankPrompt } from './my-rank-prompt';
import { isPodium, RankBadge } from './rank-badge';

const numberCell = 'px-3 py-2.5 text-right tabular-nums';

function Cells({ row, isMe }: { row: RankingRow | MyRanking; isMe: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <>
      <td className="py-2.5 pr-1 pl-2">
        <RankBadge rank={row.rank} />
      </td>
      <td className="max-w-0 px-3 py-2.5">
        <MemberName userId={row.user_id} name={row.user_name} avatar={row.avatar} isMe={isMe} />
      </td>
      <td className={clsx(numberCell, 'font-bold text-accent-text')} data-testid="race-points">
        {row.rank === null ? (
          <span className="font-normal text-muted">{t('races.notRanked')}</span>
        ) : (
          formatBalance(row.points, lang)
        )}
      </td>
      <td className="max-w-0 truncate px-3 py-2.5 text-muted" title={row.referred_by ?? undefined}>
        {row.referred_by ?? '—'}
      </td>
      <td className={numberCell}>{formatInteger(row.uploaded_videos, lang)}</td>
      <td className={numberCell}>{formatInteger(row.videos_watched, lang)}</td>
    </>
  );
}

/**
 * The ranking as a table (wide screens): rank, member, points this race, referred by, uploads and videos
 * watched; the first three highlighted. When the caller's own row is not on this page it stays pinned at the
 * foot of the screen while the table is in view (a visitor is asked to log in there instead).
 */
export function RankingTable({
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
  const { t } = useTranslation();
  const listed = me !== null && rows.some((row) => row.user_id === me.user_id);
  return (
    <table className="w-full table-fixed border-separate border-spacing-0 text-sm" data-testid="ranking">
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col className="w-12" />
        <col />
        <col className="w-28" />
        <col className="w-28" />
        <col className="w-20" />
        <col className="w-20" />
      </colgroup>
      <thead>
        <tr className="text-xs font-semibold text-muted">
          <th scope="col" className="border-b border-border py-2 pl-3 text-left">
            {t('races.columns.rank')}
          </th>
          <th scope="col" className="border-b border-border px-3 py-2 text-left">
            {t('races.columns.member')}
          </th>
          <th scope="col" className="border-b border-border px-3 py-2 text-right">
            {t('races.columns.points')}
          </th>
          <th scope="col" className="border-b border-border px-3 py-2 text-left">
            {t('races.columns.referredBy')}
          </th>
          <th scope="col" className="border-b border-border px-3 py-2 text-right">
            {t('races.columns.uploaded')}
          </th>
          <th scope="col" className="border-b border-border px-3 py-2 text-right">
            {t('races.columns.watched')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const mine = row.user_id === viewerId;
          return (
            <tr
              key={row.user_id}
              data-testid="ranking-row"
              className={clsx(
                '[&>td]:border-b [&>td]:border-border',
                isPodium(row.rank) && 'bg-accent/[0.07]',
                mine && 'bg-accent/15',
              )}
            >
              <Cells row={row} isMe={mine} />
            </tr>
          );
        })}
      </tbody>
      {!listed && (
        <tfoot className="sticky bottom-0 z-10" data-testid="my-rank">
          <tr className="bg-surface shadow-[0_-8px_16px_-8px_rgb(0_0_0/0.35)] [&>td]:border-y [&>td]:border-accent/50">
            {me ? (
              <Cells row={me} isMe />
            ) : (
              <td colSpan={6} className="px-3 py-2">
                <MyRankPrompt />
              </td>
            )}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
