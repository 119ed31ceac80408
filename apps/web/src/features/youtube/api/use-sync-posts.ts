import { useMutation, useQueryClient } from '@tanstack/react-query';
import { youtubeCalls } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';

export interface SyncInput {
  videoIds: string[];
  categoryId: number;
  /** The form's Publish choice: the server refuses anything but 1 ('select Publish'). */
  publish: 0 | 1;
}

/**
 * Imports the chosen videos as published posts. Afterwards everything of the member's is fetched
 * again: the list marks the imports, and My videos and the user info count them.
 */
export function useSyncPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ videoIds, categoryId, publish }: SyncInput) =>
      call(youtubeCalls.syncPost, { body: { video_ids: videoIds, category_id: categoryId, publish } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PERSONAL_QUERY_ROOT }),
  });
}
