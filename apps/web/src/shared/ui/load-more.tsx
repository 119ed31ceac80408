import { useTranslation } from 'react-i18next';
import { useOnVisible } from '../hooks/use-on-visible';
import { Button } from './button';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last page failed: show Retry instead of loading on scroll. */
  isError?: boolean;
  fetchNextPage: () => unknown;
  /** Shown once everything is loaded; nothing when omitted. */
  endText?: string;
}

/**
 * The foot of an infinite list: loads the next page when it scrolls into
 * view, with a button for keyboards and for retrying a failed page.
 */
export function LoadMore({ hasNextPage, isFetchingNextPage, isError = false, fetchNextPage, endText }: LoadMoreProps) {
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
