import { useTranslation } from 'react-i18next';
import { ChevronRight, Megaphone, Trophy } from 'lucide-react';
import type { Reward } from '@taice/contract';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { RewardAmount } from './reward-amount';
import { RewardStatusChip } from './reward-status-chip';

/** One reward in the list: where it came from, the rank, the amount and its status; opens its details. */
export function RewardItem({ reward, onOpen }: { reward: Reward; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const Icon = reward.source === 'race' ? Trophy : Megaphone;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex min-h-16 w-full items-center gap-3 rounded-xl border border-border bg-surface p-3 text-left transition hover:border-accent/60 wide:p-4"
      data-testid="reward-item"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">{reward.title}</span>
        <span className="block truncate text-sm text-muted">
          {reward.rank !== null && `${t('races.rankLabel', { rank: reward.rank })} · `}
          <time dateTime={reward.created_at}>{formatDate(reward.created_at, lang)}</time>
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <RewardAmount amount={reward.amount} currency={reward.currency} className="font-bold text-accent-text" />
        <RewardStatusChip status={reward.status} />
      </span>
      <ChevronRight className="size-5 shrink-0 text-muted" aria-hidden />
    </button>
  );
}
