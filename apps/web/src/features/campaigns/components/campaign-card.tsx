import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Clock, Split, Users } from 'lucide-react';
import type { CampaignCard as Card } from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { campaignPath } from '../../../shared/routing/paths';
import { CampaignBanner } from './campaign-banner';
import { CampaignStatusChip } from './campaign-status-chip';
import { JackpotAmount } from './jackpot-amount';
import { splitRule } from './split-rule';
import { TimeLeft } from './time-left';

/** One column on a phone, as many as fit on a desktop. */
export const campaignGridClass = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,24rem),1fr))] gap-4 wide:gap-5';

/** A campaign in the center: banner, title, jackpot, participants, time left and how the jackpot is split. */
export function CampaignCard({ card, clockOffset }: { card: Card; clockOffset: number }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <article
      className="overflow-hidden rounded-2xl border border-border bg-surface transition hover:border-accent/60"
      data-testid="campaign-card"
    >
      <Link to={campaignPath(card.id)} className="flex h-full flex-col focus-visible:outline-offset-[-2px]">
        <div className="relative">
          <CampaignBanner src={card.banner} alt="" />
          <span className="absolute right-3 top-3">
            <CampaignStatusChip status={card.status} solid />
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-2.5 p-4">
          <h3 className="line-clamp-2 text-lg font-bold leading-snug">{card.title}</h3>
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('campaigns.jackpot')}</p>
            <JackpotAmount
              amount={card.jackpot}
              currency={card.currency}
              className="text-2xl font-extrabold text-accent-text"
            />
          </div>
          <ul className="mt-auto flex flex-col gap-1 text-sm text-muted">
            <li className="flex items-center gap-2">
              <Users className="size-4 shrink-0" aria-hidden />
              <span data-testid="campaign-participants">
                {t('campaigns.participants', { count: card.participants, n: formatInteger(card.participants, lang) })}
              </span>
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0" aria-hidden />
              <span data-testid="campaign-time">
                <TimeLeft card={card} clockOffset={clockOffset} />
              </span>
            </li>
            <li className="flex items-center gap-2">
              <Split className="size-4 shrink-0" aria-hidden />
              <span className="min-w-0">{splitRule(t, card)}</span>
            </li>
          </ul>
        </div>
      </Link>
    </article>
  );
}

export function CampaignCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface">
      <Skeleton className="aspect-[3/1] rounded-none" />
      <div className="flex flex-col gap-2.5 p-4">
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-16" />
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/5" />
        <Skeleton className="h-4 w-3/5" />
      </div>
    </div>
  );
}
