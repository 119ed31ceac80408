import { useTranslation } from 'react-i18next';
import type { ChannelPost } from '@taice/contract';
import { confirm } from '../../../shared/ui/confirm';
import { notify } from '../../../shared/ui/toast';
import { useDeleteVideo } from '../api/use-delete-video';
import { useRetryVideo } from '../api/use-retry-video';
import { useUpDown } from '../api/use-up-down';

/**
 * What a creator can do to one of their videos: take it down, put it back up, delete it (after a confirm
 * dialog) or process a failed one again. Refusals show the server's message as a toast (the client does).
 */
export function useVideoActions(onDeleted?: () => void) {
  const { t } = useTranslation();
  /** Runs a change; a refusal was already shown as a toast, so it only ends the action. */
  const attempt = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
    } catch {
      return false;
    }
    notify.success(done);
    return true;
  };
  const upDown = useUpDown();
  const remove = useDeleteVideo();
  const retry = useRetryVideo();

  return {
    busy: upDown.isPending || remove.isPending || retry.isPending,
    pending: {
      upDown: upDown.isPending ? upDown.variables?.id : undefined,
      remove: remove.isPending ? remove.variables : undefined,
      retry: retry.isPending ? retry.variables : undefined,
    },
    takeDown: (post: ChannelPost) =>
      attempt(() => upDown.mutateAsync({ id: post.id, action: 'take_down' }), t('channel.done.takenDown')),
    putUp: (post: ChannelPost) =>
      attempt(() => upDown.mutateAsync({ id: post.id, action: 'put_up' }), t('channel.done.putUp')),
    async remove(post: ChannelPost) {
      const confirmed = await confirm({
        title: t('channel.confirmDelete.title'),
        message: t('channel.confirmDelete.text', { title: post.title }),
        confirmText: t('channel.confirmDelete.confirm'),
        icon: 'warning',
      });
      if (!confirmed) return false;
      const done = await attempt(() => remove.mutateAsync(post.id), t('channel.done.deleted'));
      if (done) onDeleted?.();
      return done;
    },
    retry: (post: ChannelPost) => attempt(() => retry.mutateAsync(post.id), t('channel.done.retrying')),
  };
}

export type VideoActions = ReturnType<typeof useVideoActions>;
