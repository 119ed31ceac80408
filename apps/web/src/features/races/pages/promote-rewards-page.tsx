import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Trophy } from 'lucide-react';
import { REWARD_SOURCES, type RewardSource } from '@taice/contract';
import { paths } from '../../../shared/routing/paths';
import { ChipTabs, type ChipTab } from '../../../shared/ui/chip-tabs';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useRewardLog } from '../api/use-reward-log';
import { useRewardTotals } from '../api/use-reward-totals';
import { RewardDialog } from '../components/reward-dialog';
import { RewardItem } from '../components/reward-item';
import { RewardTotals } from '../components/reward-totals';
import { parsePositiveInt } from '../race-model';

function GoLeaderboard() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.leaderboard}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
    >
      <Trophy className="size-5" aria-hidden />
      {t('races.rewards.goLeaderboard')}
    </Link>
  );
}

function RewardList({ source, onOpen }: { source: RewardSource | undefined; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const log = useRewardLog(source);
  if (log.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-18 rounded-xl" />
        ))}
      </div>
    );
  }
  if (log.isError && !log.data) return <ErrorState onRetry={() => void log.refetch()} />;
  const list = log.data.pages.flatMap((p) => p.list);
  if (list.length === 0) {
    return (
      <EmptyState title={t('races.rewards.empty')} text={t('races.rewards.emptyText')} action={<GoLeaderboard />} />
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2">
        {list.map((reward) => (
          <li key={reward.id}>
            <RewardItem reward={reward} onOpen={() => onOpen(reward.id)} />
          </li>
        ))}
      </ul>
      <LoadMore query={log} endText={log.data.pages.length > 1 ? t('races.rewards.endOfList') : undefined} />
    </>
  );
}

/**
 * /PromoteRewards: the caller's rewards from races and campaigns — totals by currency, the list (all, or races
 * or campaigns), and one reward's details in a dialog, opened directly by `?id=` (a message's link).
 */
export default function PromoteRewardsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const linked = parsePositiveInt(params.get('id'));
  const source = REWARD_SOURCES.find((s) => s === params.get('source'));
  // A reward opened from the list stays out of the URL: changing it would scroll the page to the top.
  const [picked, setPicked] = useState<number>();
  const totals = useRewardTotals();
  const tabs: ChipTab<RewardSource | undefined>[] = [undefined, ...REWARD_SOURCES].map((s) => ({
    id: s,
    label: t(`races.rewards.tabs.${s ?? 'all'}`),
  }));
  const close = () => {
    setPicked(undefined);
    if (linked !== undefined) setParams(source ? { source } : {}, { replace: true, preventScrollReset: true });
  };
  return (
    <Page title={t('races.rewards.title')} narrow>
      <div className="flex flex-col gap-5">
        {totals.isError && !totals.data ? (
          <ErrorState onRetry={() => void totals.refetch()} />
        ) : (
          <RewardTotals totals={totals.data?.totals} />
        )}
        <p className="text-sm text-muted">{t('races.rewards.note')}</p>
        <ChipTabs
          tabs={tabs}
          value={source}
          onChange={(next) => setParams(next ? { source: next } : {}, { replace: true, preventScrollReset: true })}
          label={t('races.rewards.sourceTabs')}
        />
        <div role="tabpanel" aria-label={t(`races.rewards.tabs.${source ?? 'all'}`)}>
          <RewardList key={source ?? 'all'} source={source} onOpen={setPicked} />
        </div>
      </div>
      <RewardDialog id={picked ?? linked} onClose={close} />
    </Page>
  );
}
