import { useTranslation } from 'react-i18next';
import type { CampaignCard } from '@taice/contract';
import { useNow } from '../../../shared/hooks/use-now';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { formatTimeLeft, timePhase } from '../campaign-model';

/**
 * A card's time, short and by the minute on the server's clock: "Ends in 3d 4h", "Starts in 5h", or the day it
 * ended.
 */
export function TimeLeft({ card, clockOffset }: { card: CampaignCard; clockOffset: number }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const phase = timePhase(card, useNow({ offsetMs: clockOffset }));
  if (phase.kind === 'over') return t('campaigns.time.endedOn', { date: formatDate(card.ends_at, lang) });
  const time = formatTimeLeft(phase.ms, lang);
  return phase.kind === 'startsIn' ? t('campaigns.time.startsIn', { time }) : t('campaigns.time.endsIn', { time });
}
