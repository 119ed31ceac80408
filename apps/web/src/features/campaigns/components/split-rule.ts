import type { TFunction } from 'i18next';
import type { CampaignCard } from '@taice/contract';

/** How a campaign's jackpot is shared, in one sentence: equally, to the top n, or among n drawn winners. */
export function splitRule(t: TFunction, card: Pick<CampaignCard, 'split' | 'winners'>): string {
  const count = card.winners ?? 0;
  switch (card.split) {
    case 'equal':
      return t('campaigns.split.equal');
    case 'rank':
      return t('campaigns.split.rank', { count });
    case 'draw':
      return t('campaigns.split.draw', { count });
  }
}
