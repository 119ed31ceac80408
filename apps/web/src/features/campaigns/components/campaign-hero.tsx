import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CalendarRange, Split, Users } from 'lucide-react';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { Countdown } from '../../races';
import type { CampaignView } from '../api/use-campaign-detail';
import { formatWindow, isOver } from '../campaign-model';
import { CampaignBanner } from './campaign-banner';
import { CampaignStatusChip } from './campaign-status-chip';
import { EndedNotice } from './ended-notice';
import { JackpotAmount } from './jackpot-amount';
import { splitRule } from './split-rule';

/** 3:1 on a phone; on a wide screen a band of fixed height, so the banner does not take the whole first screen. */
const cardBanner = 'aspect-[3/1] wide:aspect-auto wide:h-[22rem]';
const wideBanner = 'aspect-[3/1] wide:aspect-auto wide:h-[26rem]';

/**
 * The head of a campaign: banner, status, title, window and participants, the jackpot, and a live countdown to
 * its start or end (on the server's clock); once over, the ended notice. `wide` is the incentive page's look:
 * the banner across the whole page, edge to edge.
 */
export function CampaignHero({
  campaign,
  onTimeUp,
  wide = false,
}: {
  campaign: CampaignView;
  /** The countdown reached its start or end: the page reads the campaign again. */
  onTimeUp: () => void;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const over = isOver(campaign.status);
  const upcoming = campaign.status === 'upcoming';

  const title = (
    <h1
      className={clsx('font-extrabold leading-tight', wide ? 'text-3xl wide:text-4xl' : 'text-2xl wide:text-3xl')}
      data-testid="campaign-title"
    >
      {campaign.title}
    </h1>
  );
  const facts = (
    <ul className={clsx('flex flex-wrap gap-x-4 gap-y-1 text-sm', wide ? 'text-fg/85' : 'text-muted')}>
      <li className="inline-flex items-center gap-1.5">
        <CalendarRange className="size-4 shrink-0" aria-hidden />
        {formatWindow(campaign.starts_at, campaign.ends_at, lang)}
      </li>
      <li className="inline-flex items-center gap-1.5" data-testid="campaign-participants">
        <Users className="size-4 shrink-0" aria-hidden />
        {t('campaigns.participants', { count: campaign.participants, n: formatInteger(campaign.participants, lang) })}
      </li>
      <li className="inline-flex items-center gap-1.5">
        <Split className="size-4 shrink-0" aria-hidden />
        {splitRule(t, campaign)}
      </li>
    </ul>
  );
  const jackpot = (
    <div className="flex flex-col gap-3 wide:items-end">
      <div className="wide:text-right">
        <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('campaigns.jackpot')}</p>
        <JackpotAmount
          amount={campaign.jackpot}
          currency={campaign.currency}
          className="text-3xl font-extrabold text-accent-text wide:text-4xl"
        />
      </div>
      {!over && (
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-semibold text-muted">
            {t(upcoming ? 'campaigns.detail.startsIn' : 'campaigns.detail.endsIn')}
          </p>
          <Countdown
            endsAt={upcoming ? campaign.starts_at : campaign.ends_at}
            clockOffset={campaign.clockOffset}
            onEnd={onTimeUp}
            compact
          />
        </div>
      )}
    </div>
  );

  return (
    <section
      aria-labelledby="campaign-title"
      className={
        wide ? 'border-b border-border bg-surface' : 'overflow-hidden rounded-2xl border border-border bg-surface'
      }
    >
      <CampaignBanner src={campaign.banner} alt={campaign.title} className={wide ? wideBanner : cardBanner} />
      <div
        className={clsx(
          'flex flex-col gap-4 wide:flex-row wide:items-end wide:justify-between',
          wide ? 'mx-auto max-w-[120rem] px-4 py-5 wide:px-8 wide:py-7' : 'p-4 wide:p-6',
        )}
      >
        <div id="campaign-title" className="flex min-w-0 flex-col gap-2">
          <span>
            <CampaignStatusChip status={campaign.status} />
          </span>
          {title}
          {facts}
        </div>
        {jackpot}
      </div>
      {/* The incentive page shows the ended notice on its own. */}
      {over && !wide && <EndedNotice status={campaign.status} endsAt={campaign.ends_at} className="border-t" />}
    </section>
  );
}

export function CampaignHeroSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface" aria-hidden>
      <Skeleton className={`${cardBanner} rounded-none`} />
      <div className="flex flex-col gap-3 p-4 wide:flex-row wide:justify-between wide:p-6">
        <div className="flex flex-col gap-2">
          <Skeleton className="h-6 w-16 rounded-full" />
          <Skeleton className="h-9 w-64 max-w-full" />
          <Skeleton className="h-5 w-80 max-w-full" />
        </div>
        <Skeleton className="h-18 w-56 max-w-full" />
      </div>
    </div>
  );
}
