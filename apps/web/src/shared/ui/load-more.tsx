import { useTranslation } from 'react-i18next';
import type { InfiniteListQuery } from '../api/infinite';
import { useOnVisible } from '../hooks/use-on-visible';
import { Button } from './button';

interface LoadMoreProps {
  /** The infinite query whose next page to load; when its last page failed, Retry shows instead of loading on scroll. */
  query: Pick<
    InfiniteListQuery<unknown>,
    'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
  >;
  /** Shown once everything is loaded; nothing when omitted. */
  endText?: string;
}

/**
 * The foot of an infinite list: loads the next page when it scrolls into
 * view, with a button for keyboards and for retrying a failed page.
 */
export function LoadMore({ query, endText }: LoadMoreProps) {
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError: isError, fetchNextPage } = query;
  const { t } = useTranslation();
  const sentinel = useOnVisible<HTMLDivElement>(() => {
    if (!isFetchingNextPage) void fetchNextPage();
  }, hasNextPage && !isError);
  if (!hasNextPage) return endText ? <p className="py-6 text-center text-sm text-muted">{endText}</p> : null;
  return (
    <div ref={sentinel} className="flex justify-center py-6">
      <Button variant="secondary" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        {isError ? t('common.retry') : t('common.loadMore')}
      </Button>
    </div>
  );
}
