import { useState } from 'react';
import { Link } from 'react-router';
import { paths, videoPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/hooks/use-now';
import { formatAge, formatCount, formatDuration } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useRelatedVideos } from '../api/use-related-videos';
import { VideoGrid } from './video-grid';

/**
 * Related videos beside the player on a desktop (compact rows) and under it on
 * a phone (cards).
 */
export function RelatedVideos({ postId, compact, limit }: { postId: number; compact: boolean; limit?: number }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const lang = usePreferences((s) => s.lang);
  const now = useNow();
  const related = useRelatedVideos(postId);
  let body;
  if (related.isPending)
    body = (
      <div className="flex flex-col gap-3" role="status" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="aspect-video w-[45%] shrink-0 rounded-lg" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-3.5 w-2/3" />
            </div>
          </div>
        ))}
      </div>
    );
  else if (related.isError)
    body = <ErrorState message={related.error.message} onRetry={() => void related.refetch()} />;
  else if (related.data.length === 0)
    body = (
      <EmptyState
        title={t('video.noRelated')}
        action={
          <Link
            to={paths.videos}
            className="inline-flex min-h-11 items-center rounded-lg border border-border px-5 hover:bg-surface-2"
          >
            {t('video.browseVideos')}
          </Link>
        }
      />
    );
  else if (!compact) body = <VideoGrid posts={related.data} />;
  else {
    const shown = limit && !showAll ? related.data.slice(0, limit) : related.data;
    body = (
      <>
        <ul className="flex flex-col gap-3">
          {shown.map((post) => (
            <li key={post.id}>
              <Link to={videoPath(post.id)} className="group flex gap-3 rounded-lg" data-testid="related-video">
                <span className="relative aspect-video w-[45%] shrink-0 overflow-hidden rounded-lg bg-surface-2">
                  {post.cover && (
                    <img src={post.cover} alt={post.title} loading="lazy" className="size-full object-cover" />
                  )}
                  <span className="absolute bottom-1 right-1 rounded bg-black/80 px-1 text-xs font-semibold tabular-nums text-white">
                    {formatDuration(post.duration)}
                  </span>
                </span>
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="line-clamp-2 text-sm font-semibold leading-snug group-hover:text-accent-text">
                    {post.title}
                  </span>
                  <span className="truncate text-xs text-muted">{post.author.nickname}</span>
                  <span className="truncate text-xs text-muted">
                    {t('video.views', { count: post.view_num, views: formatCount(post.view_num, lang) })} ·{' '}
                    {formatAge(post.created_at, lang, now)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {shown.length < related.data.length && (
          <button
            type="button"
            onClick={() => setShowAll(true)}
            className="mt-3 min-h-11 w-full rounded-full border border-border text-sm font-semibold hover:bg-surface-2"
          >
            {t('video.moreRelated')}
          </button>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby="related-heading">
      <h2 id="related-heading" className="mb-3 text-lg font-bold">
        {t('video.related')}
      </h2>
      {body}
    </section>
  );
}
