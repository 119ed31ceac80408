import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { History, ListChecks } from 'lucide-react';
import { CAMPAIGN_LIST_TABS, type CampaignListTab } from '@taice/contract';
import { paths } from '../../../shared/routing/paths';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { useCampaignList } from '../api/use-campaign-list';
import { centerTabSearch, parseTab } from '../campaign-model';
import { CampaignCard, CampaignCardSkeleton, campaignGridClass } from '../components/campaign-card';

const actionClass =
  'inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg hover:brightness-105';

/** What an empty tab suggests: the task centre while nothing runs, the running ones when nothing has finished. */
function EmptyTab({ tab, onTab }: { tab: CampaignListTab; onTab: (tab: CampaignListTab) => void }) {
  const { t } = useTranslation();
  if (tab === 'ongoing') {
    return (
      <EmptyState
        title={t('campaigns.center.emptyOngoing')}
        text={t('campaigns.center.emptyOngoingText')}
        action={
          <Link to={paths.dailyTask} className={actionClass}>
            <ListChecks className="size-5" aria-hidden />
            {t('campaigns.center.goToTasks')}
          </Link>
        }
      />
    );
  }
  return (
    <EmptyState
      title={t('campaigns.center.emptyCompleted')}
      text={t('campaigns.center.emptyCompletedText')}
      action={
        <button type="button" className={actionClass} onClick={() => onTab('ongoing')}>
          <History className="size-5" aria-hidden />
          {t('campaigns.center.seeOngoing')}
        </button>
      }
    />
  );
}

function CampaignGrid({ tab, onTab }: { tab: CampaignListTab; onTab: (tab: CampaignListTab) => void }) {
  const { t } = useTranslation();
  const campaigns = useCampaignList(tab);
  if (!campaigns.data) {
    return campaigns.isError ? (
      <ErrorState onRetry={() => void campaigns.refetch()} />
    ) : (
      <div className={campaignGridClass} role="status" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <CampaignCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const pages = campaigns.data.pages;
  const clockOffset = pages[0]?.clockOffset ?? 0;
  const list = pages.flatMap((page) => page.list);
  if (list.length === 0) return <EmptyTab tab={tab} onTab={onTab} />;
  return (
    <>
      <div className={campaignGridClass}>
        {list.map((card) => (
          <CampaignCard key={card.id} card={card} clockOffset={clockOffset} />
        ))}
      </div>
      <LoadMore query={campaigns} endText={pages.length > 1 ? t('campaigns.center.endOfList') : undefined} />
    </>
  );
}

/**
 * /activitycenter and /V2/compagin, the campaign center: the ongoing campaigns (running, then starting soon)
 * or the completed ones, the tab kept in the URL (`?status=completed`).
 */
export default function CampaignCenterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('status'));
  const pick = (next: CampaignListTab) => setParams(centerTabSearch(next), { replace: true, preventScrollReset: true });
  return (
    <Page title={t('campaigns.center.title')}>
      <div className="flex flex-col gap-5">
        <p className="-mt-2 max-w-[48rem] text-muted">{t('campaigns.center.intro')}</p>
        <ChipTabs
          label={t('campaigns.center.tabs')}
          tabs={CAMPAIGN_LIST_TABS.map((id) => ({ id, label: t(`campaigns.center.tab.${id}`) }))}
          value={tab}
          onChange={pick}
        />
        <div role="tabpanel" aria-label={t(`campaigns.center.tab.${tab}`)}>
          <CampaignGrid key={tab} tab={tab} onTab={pick} />
        </div>
      </div>
    </Page>
  );
}
