import type { ReactNode } from 'react';
import type { CreatorSummary } from '@taice/contract';
import type { InfiniteListQuery } from '../../../shared/api/infinite';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { CreatorCard, CreatorCardSkeleton, creatorGridClass } from './creator-card';

/** An infinite list of creators with its loading, empty and error states. */
export function CreatorList<T extends CreatorSummary>({
  query,
  empty,
  extra,
}: {
  query: InfiniteListQuery<{ list: T[]; has_more: boolean }>;
  empty: { title: string; text?: string; action?: ReactNode };
  extra?: (creator: T) => string | undefined;
}) {
  if (!query.data && query.isError)
    return <ErrorState message={query.error?.message} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <div className={creatorGridClass} role="status" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <CreatorCardSkeleton key={i} />
        ))}
      </div>
    );
  const creators = query.data.pages.flatMap((page) => page.list);
  if (creators.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <div className={creatorGridClass}>
        {creators.map((creator) => (
          <CreatorCard key={creator.id} creator={creator} extra={extra?.(creator)} />
        ))}
      </div>
      <LoadMore query={query} />
    </>
  );
}
