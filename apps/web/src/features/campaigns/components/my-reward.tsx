import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, PartyPopper } from 'lucide-react';
import type { CampaignProgress, RewardCurrency } from '@taice/contract';
import { RewardStatusChip } from '../../races';
import { rewardPath } from '../campaign-model';
import { JackpotAmount } from './jackpot-amount';

/** The caller's prize after settlement: amount, place and status, and the way to it among their rewards. */
export function MyReward({
  reward,
  currency,
}: {
  reward: NonNullable<CampaignProgress['reward']>;
  currency: RewardCurrency;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="my-reward-title"
      className="flex flex-col gap-3 rounded-2xl border border-accent/40 bg-linear-to-br from-accent/20 via-surface to-surface p-4 wide:p-5"
      data-testid="my-reward"
    >
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent text-accent-fg">
          <PartyPopper className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="my-reward-title" className="font-bold">
            {t('campaigns.reward.title')}
          </h2>
          {reward.rank !== null && (
            <p className="text-sm text-muted">{t('campaigns.reward.place', { rank: reward.rank })}</p>
          )}
        </div>
        {/* A campaign words it its own way: a pending prize is "being verified". */}
        <RewardStatusChip status={reward.status} label={t(`campaigns.reward.status.${reward.status}`)} />
      </div>
      <JackpotAmount amount={reward.amount} currency={currency} className="text-3xl font-extrabold text-accent-text" />
      <Link
        to={rewardPath(reward.id)}
        className="inline-flex min-h-11 items-center justify-between gap-2 rounded-lg border border-border bg-surface-2 px-4 text-sm font-semibold hover:bg-border/70"
      >
        {t('campaigns.reward.view')}
        <ChevronRight className="size-4" aria-hidden />
      </Link>
    </section>
  );
}
