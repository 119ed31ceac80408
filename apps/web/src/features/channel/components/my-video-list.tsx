import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Import, Upload } from 'lucide-react';
import { paths } from '../../../shared/routing/paths';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { useMyVideos, type StatusFilter } from '../api/use-my-videos';
import { MyVideoCard, MyVideoCardSkeleton } from './my-video-card';
import { useVideoActions } from './use-video-actions';

export function UploadLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.uploadVideo}
      className={
        variant === 'primary'
          ? 'inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg hover:brightness-105'
          : 'inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70'
      }
    >
      <Upload className="size-5" aria-hidden />
      {t('channel.upload')}
    </Link>
  );
}

/** To /Youtube, where a creator imports videos from their YouTube channel. */
export function YoutubeLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.youtube}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70"
    >
      <Import className="size-5" aria-hidden />
      {t('channel.importYoutube')}
    </Link>
  );
}

const gridClass = 'grid items-start gap-3 wide:grid-cols-2 wide:gap-4';

/**
 * The creator's videos of one status (or all), newest first, with their loading, empty and error states. While
 * one is processing the list is read again every few seconds, so it turns ready (or failed) in place.
 */
export function MyVideoList({ status }: { status: StatusFilter }) {
  const { t } = useTranslation();
  const videos = useMyVideos(status);
  const actions = useVideoActions();
  if (videos.isPending) {
    return (
      <div className={gridClass} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <MyVideoCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (videos.isError && !videos.data) return <ErrorState onRetry={() => void videos.refetch()} />;
  const list = videos.data.pages.flatMap((p) => p.list);
  if (list.length === 0) {
    return status === undefined ? (
      <EmptyState title={t('channel.empty.all')} text={t('channel.empty.allText')} action={<UploadLink />} />
    ) : (
      <EmptyState title={t('channel.empty.filtered')} text={t('channel.empty.filteredText')} />
    );
  }
  return (
    <>
      <div className={gridClass} data-testid="my-videos">
        {list.map((post) => (
          <MyVideoCard key={post.id} post={post} actions={actions} />
        ))}
      </div>
      <LoadMore query={videos} endText={videos.data.pages.length > 1 ? t('channel.endOfList') : undefined} />
    </>
  );
}
