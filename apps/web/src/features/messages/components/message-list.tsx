import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@taice/contract';
import type { InfiniteListQuery } from '../../../shared/api/infinite';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import type { MessagePage } from '../api/message-cache';
import { MessageItem } from './message-item';

const frame = 'divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface';

/** The messages with their loading, empty (with a next step) and error states, loading more on scroll. */
export function MessageList({
  query,
  openIds,
  onToggle,
  empty,
}: {
  query: InfiniteListQuery<MessagePage>;
  openIds: ReadonlySet<number>;
  onToggle: (message: Message) => void;
  empty: { title: string; text: string; action?: ReactNode };
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <ul className={frame} aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <li key={i} className="flex items-start gap-3 px-4 py-3 wide:px-5">
            <Skeleton className="size-11 shrink-0 rounded-full" />
            <div className="flex-1 space-y-2 pt-1">
              <div className="flex justify-between gap-4">
                <Skeleton className="h-4 w-2/5" />
                <Skeleton className="h-3 w-14" />
              </div>
              <Skeleton className="h-3 w-11/12" />
              <Skeleton className="h-3 w-3/5" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  // Offset pages may repeat a message when new ones arrive between two pages: show each once.
  const messages = [...new Map((query.data?.pages.flatMap((p) => p.list) ?? []).map((m) => [m.id, m])).values()];
  if (messages.length === 0) return <EmptyState {...empty} />;
  return (
    <>
      <ul className={frame}>
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} open={openIds.has(message.id)} onToggle={onToggle} />
        ))}
      </ul>
      <LoadMore query={query} endText={t('messages.endOfList')} />
    </>
  );
}
