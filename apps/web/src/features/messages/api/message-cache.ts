import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { CallData, messageCalls, UserInfo } from '@taice/contract';
import { ME_QUERY_KEY, keepUser } from '../../../shared/session/api/use-me';
import { useSession } from '../../../shared/session/session';

export type MessagePage = CallData<typeof messageCalls.messageList>;
export type MessageListData = InfiniteData<MessagePage, number>;
export type MessageFilter = 'all' | 'unread';

/** Every message list sits under the personal root (['me']), so logout drops it with the rest. */
export const MESSAGES_QUERY_ROOT = ['me', 'messages'] as const;

/** The user as last known: user info in the cache, else the stored session. */
function knownUser(queryClient: QueryClient): UserInfo | null {
  return queryClient.getQueryData<UserInfo>(ME_QUERY_KEY) ?? (useSession.getState().user as UserInfo | null) ?? null;
}

/** The user's unread count as last known. */
export function knownUnread(queryClient: QueryClient): number | null {
  return knownUser(queryClient)?.unread_num ?? null;
}

/**
 * Keeps the user's `unread_num` (cache and session) at `count`, so every badge follows at once,
 * without fetching the user info again. Returns whether it changed.
 */
export function setUnread(queryClient: QueryClient, count: number): boolean {
  const user = knownUser(queryClient);
  const next = Math.max(0, count);
  if (!user || user.unread_num === next) return false;
  keepUser(queryClient, { ...user, unread_num: next });
  return true;
}

/** The list with one message read. */
export function withMessageRead(data: MessageListData, id: number): MessageListData {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.list.some((m) => m.id === id && m.is_read === 0)
        ? { ...page, list: page.list.map((m) => (m.id === id ? { ...m, is_read: 1 as const } : m)) }
        : page,
    ),
  };
}

/** The list with every message read. */
export function withAllRead(data: MessageListData): MessageListData {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.list.some((m) => m.is_read === 0)
        ? { ...page, list: page.list.map((m) => (m.is_read === 0 ? { ...m, is_read: 1 as const } : m)) }
        : page,
    ),
  };
}

/** Applies `change` to every cached message list (both filters, every language); returns a way back. */
export function updateMessageLists(
  queryClient: QueryClient,
  change: (data: MessageListData) => MessageListData,
): () => void {
  const before = queryClient.getQueriesData<MessageListData>({ queryKey: MESSAGES_QUERY_ROOT });
  for (const [key, data] of before) {
    if (data) queryClient.setQueryData(key, change(data));
  }
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}
