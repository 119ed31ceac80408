import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page';
import { useCampaignDetail } from '../api/use-campaign-detail';
import { parseId } from '../campaign-model';
import { BackLink } from '../components/back-link';
import { CampaignDetail } from '../components/campaign-detail';
import { CampaignShare } from '../components/campaign-share';

/** /activityinfo?id=N: one campaign in the app's frame, with the way back to the campaign center. */
export default function CampaignInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const campaign = useCampaignDetail(id).data;
  const title = campaign?.title;
  return (
    <Page title={title ?? t('campaigns.detail.title')} hideTitle>
      <div className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <BackLink />
          {campaign && <CampaignShare id={campaign.id} />}
        </div>
        <CampaignDetail id={id} />
      </div>
    </Page>
  );
}
