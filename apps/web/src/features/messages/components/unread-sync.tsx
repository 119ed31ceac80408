import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@taice/contract';
import { useSession } from '../../../shared/session/session';
import { fetchMessages } from '../api/use-message-list';
import { MESSAGES_QUERY_ROOT, setUnread } from '../api/message-cache';

/** Coming back to the app asks for the unread count at most this often. */
const FOCUS_REFRESH_MS = 10_000;

/**
 * Keeps the unread count fresh while logged in: when the app regains focus it asks the server
 * (one message of the unread list carries the count, lighter than the user info), and whenever the
 * count grows (a new message) the message lists on screen are fetched again.
 */
export function UnreadSync() {
  const queryClient = useQueryClient();
  const loggedIn = useSession((s) => s.token !== null);
  const unread = useSession((s) => (s.user as UserInfo | null)?.unread_num ?? null);
  const lastAsked = useRef(0);
  const lastUnread = useRef<number | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    const refresh = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastAsked.current < FOCUS_REFRESH_MS) return;
      lastAsked.current = Date.now();
      fetchMessages(1, 'unread', 1).then(
        (page) => setUnread(queryClient, page.unread_num),
        () => undefined,
      );
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [loggedIn, queryClient]);

  useEffect(() => {
    if (unread !== null && lastUnread.current !== null && unread > lastUnread.current) {
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT }, { cancelRefetch: false });
    }
    lastUnread.current = unread;
  }, [unread, queryClient]);

  return null;
}
