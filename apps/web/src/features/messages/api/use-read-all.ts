import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { MESSAGES_QUERY_ROOT, knownUnread, setUnread, updateMessageLists, withAllRead } from './message-cache';

export function readAllMessages() {
  return call(messageCalls.messageAllRead);
}

/** Marks every message read: at once on screen and in the badges, then on the server (undone if it fails). */
export function useReadAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllMessages,
    onMutate: () => {
      const unread = knownUnread(queryClient);
      const undoLists = updateMessageLists(queryClient, withAllRead);
      setUnread(queryClient, 0);
      return () => {
        undoLists();
        if (unread !== null) setUnread(queryClient, unread);
      };
    },
    onSuccess: (answer) => {
      setUnread(queryClient, answer.unread_num);
      // Fetched again: the unread list empties, and a message that came meanwhile shows.
      void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_ROOT });
    },
    onError: (_error, _vars, undo) => undo?.(),
  });
}
