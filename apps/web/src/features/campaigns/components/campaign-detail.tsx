import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { ScrollText } from 'lucide-react';
import { errorCode } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { paths } from '../../../shared/routing/paths';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useCampaignDetail, type CampaignView } from '../api/use-campaign-detail';
import { CAMPAIGNS_QUERY_ROOT } from '../api/campaigns-query';
import { isOver } from '../campaign-model';
import { BackLink } from './back-link';
import { CampaignHero, CampaignHeroSkeleton } from './campaign-hero';
import { CampaignResults } from './campaign-results';
import { EndedNotice } from './ended-notice';
import { MyProgress } from './my-progress';
import { MyReward } from './my-reward';
import { ParticipantList } from './participant-list';
import { SplitPanel } from './split-panel';

const NOT_FOUND = errorCode('campaign_not_found');

function Rules({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="rules-title"
      className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 wide:p-5"
    >
      <h2 id="rules-title" className="flex items-center gap-2 text-lg font-bold">
        <ScrollText className="size-5 text-accent-text" aria-hidden />
        {t('campaigns.detail.rules')}
      </h2>
      {/* The rules are plain text over several lines. */}
      <p className="whitespace-pre-line break-words text-sm leading-relaxed" data-testid="campaign-rules">
        {text}
      </p>
    </section>
  );
}

/** Everything below the head: the caller's side first on a phone, beside the rest on a wide screen. */
function Body({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const reward = campaign.me?.reward;
  const over = isOver(campaign.status);
  return (
    <div className="grid gap-4 wide:gap-6 xl:grid-cols-[minmax(0,1fr)_28rem]">
      <div className="flex flex-col gap-4 wide:gap-6 xl:col-start-2 xl:row-start-1">
        {reward && <MyReward reward={reward} currency={campaign.currency} />}
        <MyProgress campaign={campaign} />
      </div>
      <div className="flex min-w-0 flex-col gap-4 wide:gap-6 xl:col-start-1 xl:row-start-1">
        <CampaignResults campaign={campaign} />
        <SplitPanel campaign={campaign} />
        <Rules text={campaign.rules} />
        <ParticipantList
          id={campaign.id}
          empty={
            over
              ? { title: t('campaigns.participantList.emptyOver') }
              : {
                  title: t('campaigns.participantList.empty'),
                  text: t(
                    campaign.join_mode === 'auto'
                      ? 'campaigns.participantList.emptyAuto'
                      : 'campaigns.participantList.emptyText',
                  ),
                }
          }
          mine={campaign.status === 'settled' ? null : campaign.me}
        />
      </div>
    </div>
  );
}

function BodySkeleton() {
  return (
    <div className="grid gap-4 wide:gap-6 xl:grid-cols-[minmax(0,1fr)_28rem]" aria-hidden>
      <Skeleton className="h-56 rounded-2xl xl:col-start-2 xl:row-start-1" />
      <div className="flex flex-col gap-4 wide:gap-6 xl:col-start-1 xl:row-start-1">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-32 rounded-2xl" />
      </div>
    </div>
  );
}

/**
 * One campaign with its states: loading (skeletons), not found, failed (retry), then its head and body. The
 * campaign pages (`/activityinfo`, `/Incentive`) differ only in the frame; `wide` is the incentive page's look,
 * with the banner across the page and the ended notice on its own.
 */
export function CampaignDetail({ id, wide = false }: { id: number | undefined; wide?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const detail = useCampaignDetail(id);
  const frame = wide ? 'mx-auto w-full max-w-[120rem] px-4 wide:px-8' : '';
  // Without the head, the incentive page's states keep the distance a page's frame has from the header.
  const stateFrame = clsx(frame, wide && 'pt-4 wide:pt-6');
  // The countdown reached the start or the end: read the campaign (and the lists) again.
  const onTimeUp = () => void queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_ROOT });

  if (id === undefined || (detail.error instanceof ApiError && detail.error.code === NOT_FOUND)) {
    return (
      <div className={stateFrame}>
        <EmptyState
          title={t('campaigns.detail.notFound')}
          text={t('campaigns.detail.notFoundText')}
          action={
            <Link
              to={paths.activityCenter}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
            >
              {t('campaigns.center.seeOngoing')}
            </Link>
          }
        />
      </div>
    );
  }
  if (!detail.data) {
    if (detail.isError) {
      return (
        <div className={stateFrame}>
          <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />
        </div>
      );
    }
    return (
      <div className={clsx('flex flex-col gap-4 wide:gap-6', stateFrame)} role="status" aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        <CampaignHeroSkeleton />
        <BodySkeleton />
      </div>
    );
  }

  const campaign = detail.data;
  const over = isOver(campaign.status);
  if (wide) {
    return (
      <div className="flex flex-col gap-4 wide:gap-6">
        <CampaignHero campaign={campaign} onTimeUp={onTimeUp} wide />
        <div className={clsx('-mt-2 flex flex-col gap-4 wide:-mt-4 wide:gap-6', frame)}>
          <BackLink />
          {over && (
            <EndedNotice status={campaign.status} endsAt={campaign.ends_at} className="rounded-2xl border" large />
          )}
          <Body campaign={campaign} />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4 wide:gap-6">
      <CampaignHero campaign={campaign} onTimeUp={onTimeUp} />
      <Body campaign={campaign} />
    </div>
  );
}
