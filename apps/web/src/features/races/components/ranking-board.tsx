import { useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SquarePlay } from 'lucide-react';
import type { MyRanking, Race, RankingRow } from '@taice/contract';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { paths } from '../../../shared/routing/paths';
import { useViewerId } from '../../../shared/session/login-gate';
import { EmptyState, Skeleton } from '../../../shared/ui/states';
import { RANKING_PAGE_SIZE } from '../api/use-points-ranking';
import { pageCount } from '../race-model';
import { Pager } from './pager';
import { RankingCards } from './ranking-cards';
import { RankingTable } from './ranking-table';

export function RankingSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-xl border border-border bg-surface px-3 py-2.5">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="size-9 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
  );
}

/**
 * One page of the race's ranking (a table on wide screens, cards on phones) with the caller's row pinned,
 * and the pager; an empty race invites the caller to earn.
 */
export function RankingBoard({
  race,
  rows,
  me,
  total,
  hasMore,
  page,
  busy,
  onPage,
}: {
  race: Race;
  rows: RankingRow[];
  me: MyRanking | null;
  total: number;
  hasMore: boolean;
  page: number;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const wide = useIsWide();
  const viewerId = useViewerId();
  const top = useRef<HTMLHeadingElement>(null);
  const caption = t('races.rankingOf', { label: race.label });
  const turn = (next: number) => {
    onPage(next);
    // Back to the head of the board, not of the page, when it has scrolled out of view.
    if (top.current && top.current.getBoundingClientRect().top < 0) top.current.scrollIntoView({ block: 'start' });
  };
  return (
    <section aria-labelledby="ranking-title" className="flex min-w-0 flex-col gap-3">
      <h2 id="ranking-title" ref={top} className="scroll-mt-20 text-lg font-bold">
        {race.status === 'closed' ? t('races.finalRanking') : t('races.ranking')}
      </h2>
      {rows.length === 0 && page === 1 ? (
        <EmptyState
          title={t(race.status === 'running' ? 'races.empty.running' : 'races.empty.past')}
          text={race.status === 'running' ? t('races.empty.runningText') : undefined}
          action={
            race.status === 'running' && (
              <Link
                to={paths.videos}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
              >
                <SquarePlay className="size-5" aria-hidden />
                {t('races.empty.watch')}
              </Link>
            )
          }
        />
      ) : (
        <div className={busy ? 'opacity-60 transition-opacity' : undefined} aria-busy={busy || undefined}>
          {wide ? (
            <RankingTable rows={rows} me={me} viewerId={viewerId} caption={caption} />
          ) : (
            <RankingCards rows={rows} me={me} viewerId={viewerId} caption={caption} />
          )}
        </div>
      )}
      <Pager page={page} pages={pageCount(total, RANKING_PAGE_SIZE, { page, hasMore })} onPage={turn} busy={busy} />
    </section>
  );
}
