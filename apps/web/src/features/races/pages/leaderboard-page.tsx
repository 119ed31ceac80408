import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Award, Megaphone } from 'lucide-react';
import { errorCode } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { paths } from '../../../shared/routing/paths';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { RACES_QUERY_ROOT } from '../api/races-query';
import { usePointsRanking } from '../api/use-points-ranking';
import { EligibilityPanel } from '../components/eligibility-panel';
import { PrizeTable } from '../components/prize-table';
import { RaceHeader, RaceHeaderSkeleton } from '../components/race-header';
import { RacePicker } from '../components/race-picker';
import { RankingBoard, RankingSkeleton } from '../components/ranking-board';
import { parsePositiveInt, targetTier } from '../race-model';

const RACE_NOT_FOUND = errorCode('race_not_found');

const pillLink =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 text-sm font-semibold hover:bg-border/70';

/** One race's board: its head, the ranking with the caller's row, their eligibility and the prizes. */
function RaceBoard({ raceId, onPick }: { raceId: number | undefined; onPick: (id: number | undefined) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const ranking = usePointsRanking(raceId, page);
  const data = ranking.data;
  // The race just ended: read it again (the results are being counted, or a new race has begun).
  const onEnd = () => void queryClient.invalidateQueries({ queryKey: RACES_QUERY_ROOT });

  let body;
  if (ranking.isPending) {
    body = (
      <>
        <RaceHeaderSkeleton />
        <RankingSkeleton />
      </>
    );
  } else if (!data) {
    body =
      ranking.error instanceof ApiError && ranking.error.code === RACE_NOT_FOUND ? (
        <EmptyState
          title={t('races.notFound')}
          action={
            <button type="button" className={pillLink} onClick={() => onPick(undefined)}>
              {t('races.backToCurrent')}
            </button>
          }
        />
      ) : (
        <ErrorState onRetry={() => void ranking.refetch()} />
      );
  } else {
    const { race, me } = data;
    body = (
      <>
        <RaceHeader race={race} clockOffset={data.clockOffset} onEnd={onEnd} />
        {/* Phones read the caller's standing, the board, then the prizes; wide screens put the board beside them. */}
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem] xl:grid-rows-[auto_1fr] xl:gap-x-8">
          <EligibilityPanel race={race} me={me} className="xl:col-start-2 xl:row-start-1" />
          <div className="min-w-0 xl:col-start-1 xl:row-span-2 xl:row-start-1">
            <RankingBoard
              race={race}
              rows={data.list}
              me={me}
              total={data.total}
              hasMore={data.has_more}
              page={page}
              busy={ranking.isPlaceholderData}
              onPage={setPage}
            />
          </div>
          <PrizeTable
            prizes={race.prizes}
            myTier={me ? targetTier(race.prizes, me.rank)?.tier : undefined}
            className="xl:col-start-2 xl:row-start-2 xl:self-start"
          />
        </div>
      </>
    );
  }

  return (
    <div className="flex flex-col gap-4 wide:gap-6">
      <div className="flex flex-col gap-3 wide:flex-row wide:items-center wide:justify-between">
        <RacePicker shown={data?.race} onPick={(race) => onPick(race?.id)} />
        <nav aria-label={t('races.moreLabel')} className="grid grid-cols-2 gap-2 wide:flex">
          <Link to={paths.promoteRewards} className={pillLink}>
            <Award className="size-4 text-accent-text" aria-hidden />
            {t('races.links.rewards')}
          </Link>
          <Link to={paths.promoteUsers} className={pillLink}>
            <Megaphone className="size-4 text-accent-text" aria-hidden />
            {t('races.links.promoters')}
          </Link>
        </nav>
      </div>
      {body}
    </div>
  );
}

/**
 * /V2/leaderboard and /Leaderboard: the weekly race (the running one, or a past one by `?race_id=`), with a
 * live countdown, the ranking and the caller's row pinned, the caller's eligibility and the prize table.
 */
export default function LeaderboardPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raceId = parsePositiveInt(params.get('race_id'));
  const pick = (id: number | undefined) => setParams(id ? { race_id: String(id) } : {});
  return (
    <Page title={t('routes.leaderboard')}>
      <RaceBoard key={raceId ?? 'current'} raceId={raceId} onPick={pick} />
    </Page>
  );
}
