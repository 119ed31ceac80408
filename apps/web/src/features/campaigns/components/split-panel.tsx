import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Dices, Medal, Scale } from 'lucide-react';
import type { CampaignSplit } from '@taice/contract';
import { formatBalance, intlLocale } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import type { CampaignView } from '../api/use-campaign-detail';
import { drawPrize, rankPrizes } from '../campaign-model';
import { DrawCheck } from './draw-check';
import { HashField } from './hash-field';
import { JackpotAmount } from './jackpot-amount';

const icons: Record<CampaignSplit, typeof Scale> = { equal: Scale, rank: Medal, draw: Dices };

function RankTable({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const percent = new Intl.NumberFormat(intlLocale[lang], { style: 'percent', maximumFractionDigits: 2 });
  return (
    <table className="w-full text-sm" data-testid="rank-shares">
      <thead>
        <tr className="border-b border-border text-left text-xs text-muted">
          <th className="py-2 pr-3 font-semibold">{t('campaigns.splitPanel.rank')}</th>
          <th className="py-2 pr-3 text-right font-semibold">{t('campaigns.splitPanel.share')}</th>
          <th className="py-2 text-right font-semibold">{t('campaigns.splitPanel.prize')}</th>
        </tr>
      </thead>
      <tbody>
        {rankPrizes(campaign.jackpot, campaign.rank_shares).map((prize) => (
          <tr key={prize.rank} className="border-b border-border/60 last:border-0">
            <td className="py-2 pr-3 font-semibold">{t('campaigns.reward.place', { rank: prize.rank })}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{percent.format(prize.percent / 100)}</td>
            <td className="py-2 text-right">
              <JackpotAmount amount={prize.amount} currency={campaign.currency} className="justify-end font-bold" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DrawFacts({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const { draw_commitment: commitment, draw_seed: seed } = campaign;
  return (
    <div className="flex flex-col gap-3">
      {commitment && (
        <HashField label={t('campaigns.splitPanel.commitment')} value={commitment} testId="draw-commitment" />
      )}
      {seed ? (
        <HashField label={t('campaigns.splitPanel.seed')} value={seed} testId="draw-seed" />
      ) : (
        <p className="text-sm text-muted">{t('campaigns.splitPanel.seedLater')}</p>
      )}
      <p className="text-sm text-muted">{t('campaigns.splitPanel.howToCheck')}</p>
      {seed && commitment && <DrawCheck seed={seed} commitment={commitment} results={campaign.results} />}
    </div>
  );
}

/** How the jackpot is shared: equally, by rank with each rank's percent and prize, or by a draw anyone can check. */
export function SplitPanel({ campaign, className }: { campaign: CampaignView; className?: string }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const Icon = icons[campaign.split];
  const winners = campaign.winners ?? 0;
  return (
    <section
      aria-labelledby="split-title"
      className={clsx('flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 wide:p-5', className)}
      data-testid="split-panel"
    >
      <h2 id="split-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon className="size-5 text-accent-text" aria-hidden />
        {t('campaigns.splitPanel.title')}
      </h2>
      {campaign.split === 'equal' && <p className="text-sm">{t('campaigns.splitPanel.equal')}</p>}
      {campaign.split === 'rank' && (
        <>
          <p className="text-sm">{t('campaigns.splitPanel.rankText')}</p>
          <RankTable campaign={campaign} />
        </>
      )}
      {campaign.split === 'draw' && (
        <>
          <p className="text-sm">
            {t('campaigns.splitPanel.drawText', {
              count: winners,
              amount: `${formatBalance(drawPrize(campaign.jackpot, winners), lang)} ${campaign.currency}`,
            })}
          </p>
          <DrawFacts campaign={campaign} />
        </>
      )}
    </section>
  );
}
