import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page';
import { MyVideoDetail } from '../components/my-video-detail';
import { UploadLink, YoutubeLink } from '../components/my-video-list';
import { AnalyticsLink, MyVideosByStatus } from '../components/my-videos-by-status';
import { parseId } from '../status-filter';

/**
 * /V2/myvideos: the creator's videos by status, with their figures and actions; with `?id=` the creator's own
 * view of one of them (media, figures, reward pools).
 */
export default function MyVideosPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  return (
    <Page
      title={t('channel.myVideos')}
      actions={
        id === undefined && (
          <div className="hidden gap-2 wide:flex">
            <AnalyticsLink />
            <YoutubeLink />
            <UploadLink />
          </div>
        )
      }
    >
      {id !== undefined ? (
        <MyVideoDetail key={id} id={id} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex gap-2 wide:hidden">
            <AnalyticsLink />
            <YoutubeLink />
            <UploadLink />
          </div>
          <MyVideosByStatus />
        </div>
      )}
    </Page>
  );
}
