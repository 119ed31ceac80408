import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../shared/ui/page';
import { useCollectLog } from '../api/use-collect-log';
import { VideoFeed } from '../components/video-grid';

/** /V2/collection: Liked Videos, last added first. */
export default function CollectionPage() {
  const { t } = useTranslation();
  const collection = useCollectLog();
  return (
    <Page title={t('routes.collection')}>
      <VideoFeed
        query={collection}
        empty={{
          title: t('video.noCollection'),
          text: t('video.noCollectionText'),
          action: (
            <Link
              to={paths.videos}
              className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-fg"
            >
              {t('video.browseVideos')}
            </Link>
          ),
        }}
      />
    </Page>
  );
}
