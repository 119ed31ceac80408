import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCampaignDetail } from '../api/use-campaign-detail';
import { parseId } from '../campaign-model';
import { CampaignDetail } from '../components/campaign-detail';

/**
 * /Incentive?id=N: an incentive campaign's own page, the whole width: the banner across the page, the ended
 * state on its own ('This incentive activity has ended'), then the same detail as /activityinfo.
 */
export default function IncentivePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const title = useCampaignDetail(id).data?.title ?? t('campaigns.incentive.title');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className="pb-10">
      <CampaignDetail id={id} wide />
    </div>
  );
}
