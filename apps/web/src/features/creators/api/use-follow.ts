import { useMutation, useQueryClient } from '@tanstack/react-query';
import { videoCalls, type CallData, type Creator } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';
import { creatorDetailRoot } from './use-creator-detail';
import { myFollowLogRoot } from './use-follow-log';

export type FollowState = CallData<typeof videoCalls.follow>;

export function followUser(id: number) {
  return call(videoCalls.follow, { body: { id } });
}

/** Follow or unfollow a user: 'Followed' / 'Unfollowed'; lists that show follows are refreshed. */
export function useFollow(id: number, onChange?: (state: FollowState) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => followUser(id),
    onSuccess: (state) => {
      queryClient.setQueriesData<Creator>({ queryKey: creatorDetailRoot(id) }, (old) =>
        old ? { ...old, ...state } : old,
      );
      void queryClient.invalidateQueries({ queryKey: myFollowLogRoot });
      void queryClient.invalidateQueries({ queryKey: ['creators', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['creators', 'followLog'] });
      onChange?.(state);
      notify.success(i18n.t(state.is_follow ? 'creator.followed' : 'creator.unfollowed'));
    },
  });
}
