import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { MESSAGES_QUERY_ROOT, setUnread, type MessageFilter } from './message-cache';

export const MESSAGE_PAGE_SIZE = 20;

export function fetchMessages(page: number, filter: MessageFilter, size = MESSAGE_PAGE_SIZE, signal?: AbortSignal) {
  return call(
    messageCalls.messageList,
    { query: { page, size, ...(filter === 'unread' ? { unread: 1 } : {}) } },
    { signal, silent: true },
  );
}

/**
 * The user's messages, newest first, all or only the unread ones, in the chosen language (the server
 * writes them in it). Each page's `unread_num` updates the badges; opening the list always fetches it.
 */
export function useMessageList(filter: MessageFilter) {
  const queryClient = useQueryClient();
  const lang = usePreferences((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [...MESSAGES_QUERY_ROOT, lang, filter],
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchMessages(pageParam, filter, MESSAGE_PAGE_SIZE, signal);
      setUnread(queryClient, page.unread_num);
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: 0,
  });
}
