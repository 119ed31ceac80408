import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page, PostCard } from '@taice/contract';
import type { InfiniteListQuery } from '../../../shared/api/infinite';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { VideoCard, VideoCardSkeleton } from './video-card';

/** Cards in as many columns as the width allows: one on a phone, three or four on a desktop. */
export const gridClass = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,22rem),1fr))] gap-x-4 gap-y-6';

export function VideoGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className={gridClass} role="status" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <VideoCardSkeleton key={i} />
      ))}
    </div>
  );
}

export function VideoGrid<T extends PostCard>({ posts, meta }: { posts: T[]; meta?: (post: T) => string }) {
  return (
    <div className={gridClass}>
      {posts.map((post) => (
        <VideoCard key={post.id} post={post} meta={meta?.(post)} />
      ))}
    </div>
  );
}

export interface EmptyProps {
  title: string;
  text?: string;
  action?: ReactNode;
}

/**
 * An infinite list of videos with its states: skeletons while the first page
 * loads, an empty state with a next step, an error with Retry, then the cards
 * and the next pages as the user scrolls.
 */
export function VideoFeed<T extends PostCard>({
  query,
  empty,
  meta,
  skeletons,
}: {
  query: InfiniteListQuery<Page<T>>;
  empty: EmptyProps;
  meta?: (post: T) => string;
  skeletons?: number;
}) {
  const { t } = useTranslation();
  if (!query.data) {
    if (query.isError) return <ErrorState message={query.error?.message} onRetry={() => void query.refetch()} />;
    return <VideoGridSkeleton count={skeletons} />;
  }
  const posts = dedupe(query.data.pages.flatMap((page) => page.list));
  if (posts.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <VideoGrid posts={posts} meta={meta} />
      <LoadMore query={query} endText={posts.length > 6 ? t('video.endOfList') : undefined} />
    </>
  );
}

/** Pages of a live feed can overlap when new videos arrive: show each video once. */
function dedupe<T extends { id: number }>(posts: T[]): T[] {
  const seen = new Set<number>();
  return posts.filter((post) => (seen.has(post.id) ? false : (seen.add(post.id), true)));
}
