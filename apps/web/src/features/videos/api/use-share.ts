import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls, type CallBody } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { patchPostDetail } from './use-post-detail';

export type ShareChannel = NonNullable<CallBody<typeof videoCalls.share>['channel']>;

export function sharePost(id: number, channel: ShareChannel) {
  return call(videoCalls.share, { body: { id, channel } });
}

/** The full link to hand out: the returned path (with its share code) on this site's origin. */
export function shareLink(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).toString();
}

/** Records a share and hands back the link to share. */
export function useShare(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: ShareChannel) => sharePost(id, channel),
    onSuccess: (result) => patchPostDetail(queryClient, id, { share_num: result.share_num }),
  });
}
