import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { usePostList } from '../api/use-post-list';
import { VideoFeed } from './video-grid';

/** A creator's published videos, newest first (the profile page). */
export function AuthorVideos({ authorId, mine = false }: { authorId: number; mine?: boolean }) {
  const { t } = useTranslation();
  const videos = usePostList({ author_id: authorId });
  return (
    <VideoFeed
      query={videos}
      skeletons={4}
      empty={{
        title: mine ? t('profile.noVideosYou') : t('profile.noVideos'),
        text: mine ? t('profile.noVideosYouText') : t('video.noCreatorVideosText'),
        action: (
          <Link
            to={paths.videos}
            className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
          >
            {t('video.browseVideos')}
          </Link>
        ),
      }}
    />
  );
}
