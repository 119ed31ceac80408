import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page';
import { RewardPoolPanel } from '../components/reward-pool-panel';

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /V2/rewardpools: the creator's reward pools, of every video or of one (`?post_id=`, with the fund dialog).
 * Until the channel's my-video detail page embeds the panel (issue 18), this is where a creator reaches it.
 */
export default function RewardPoolsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const postId = positiveId(params.get('post_id'));
  return (
    <Page title={t('pools.pageTitle')} narrow>
      <RewardPoolPanel postId={postId} />
    </Page>
  );
}
