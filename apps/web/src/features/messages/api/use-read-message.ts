import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { knownUnread, setUnread, updateMessageLists, withMessageRead } from './message-cache';

export function readMessage(id: number) {
  return call(messageCalls.messageRead, { body: { id } });
}

/** Marks one message read: at once on screen and in the badges, then on the server (undone if it fails). */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessage,
    onMutate: (id: number) => {
      const unread = knownUnread(queryClient);
      const undoLists = updateMessageLists(queryClient, (data) => withMessageRead(data, id));
      if (unread !== null) setUnread(queryClient, unread - 1);
      return () => {
        undoLists();
        if (unread !== null) setUnread(queryClient, unread);
      };
    },
    onSuccess: (answer) => setUnread(queryClient, answer.unread_num),
    onError: (_error, _id, undo) => undo?.(),
  });
}
