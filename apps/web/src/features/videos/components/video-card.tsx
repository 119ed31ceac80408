import { Link } from 'react-router';
import { creatorPath, videoPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import type { PostCard } from '@taice/contract';
import { useNow } from '../../../shared/hooks/use-now';
import { formatAge, formatCount, formatDuration } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Avatar } from '../../../shared/ui/avatar';
import { Skeleton } from '../../../shared/ui/states';

/**
 * A video in a feed: 16:9 poster with its duration, the title in two lines at
 * most, the creator, views and age. `meta` replaces views and age (history).
 */
export function VideoCard({ post, meta }: { post: PostCard; meta?: string }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const now = useNow();
  const details =
    meta ??
    `${t('video.views', { count: post.view_num, views: formatCount(post.view_num, lang) })} · ${formatAge(post.created_at, lang, now)}`;
  return (
    <article className="group relative flex flex-col gap-2.5" data-testid="video-card">
      <Link
        to={videoPath(post.id)}
        className="relative block aspect-video overflow-hidden rounded-xl bg-surface-2"
        aria-label={`${post.title}, ${formatDuration(post.duration)}`}
      >
        {post.cover && (
          <img
            src={post.cover}
            alt={post.title}
            loading="lazy"
            decoding="async"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        )}
        <span className="absolute bottom-1.5 right-1.5 rounded-md bg-black/80 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
          {formatDuration(post.duration)}
        </span>
      </Link>
      <div className="flex gap-3">
        <Link to={creatorPath(post.author.id)} className="shrink-0 self-start" tabIndex={-1} aria-hidden>
          <Avatar src={post.author.avatar} name={post.author.nickname} className="size-11" />
        </Link>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-semibold leading-snug">
            <Link to={videoPath(post.id)} className="hover:text-accent-text">
              {post.title}
            </Link>
          </h3>
          <Link to={creatorPath(post.author.id)} className="mt-0.5 block truncate text-sm text-muted hover:text-fg">
            {post.author.nickname}
          </Link>
          <p className="truncate text-sm text-muted">{details}</p>
        </div>
      </div>
    </article>
  );
}

export function VideoCardSkeleton() {
  return (
    <div className="flex flex-col gap-2.5" aria-hidden>
      <Skeleton className="aspect-video w-full rounded-xl" />
      <div className="flex gap-3">
        <Skeleton className="size-11 shrink-0 rounded-full" />
        <div className="flex flex-1 flex-col gap-2 pt-1">
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3.5 w-1/2" />
        </div>
      </div>
    </div>
  );
}
