import { Skeleton } from '../../../shared/ui/states';
import { useCreatorDetail } from '../api/use-creator-detail';
import type { FollowState } from '../api/use-follow';
import { FollowButton } from './follow-button';

/** The follow button of a profile page: it looks up whether the viewer follows this user. */
export function CreatorFollowButton({ userId, onChange }: { userId: number; onChange?: (state: FollowState) => void }) {
  const creator = useCreatorDetail(userId);
  if (creator.isPending) return <Skeleton className="h-11 w-full rounded-lg" />;
  return <FollowButton userId={userId} isFollow={creator.data?.is_follow === 1} onChange={onChange} block />;
}
