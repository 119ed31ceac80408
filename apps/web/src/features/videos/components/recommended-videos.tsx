import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { useRecommendPostList } from '../api/use-recommend-post-list';
import { VideoFeed } from './video-grid';

/** Home's recommended feed, loading more as the user scrolls. */
export function RecommendedVideos() {
  const { t } = useTranslation();
  const feed = useRecommendPostList();
  return (
    <section aria-labelledby="recommended-heading">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h2 id="recommended-heading" className="text-xl font-bold">
          {t('home.recommended')}
        </h2>
        <Link to={paths.videos} className="inline-flex min-h-11 items-center text-sm text-accent-text hover:underline">
          {t('home.allVideos')}
        </Link>
      </div>
      <VideoFeed query={feed} empty={{ title: t('video.noVideos'), text: t('video.noVideosText') }} />
    </section>
  );
}
