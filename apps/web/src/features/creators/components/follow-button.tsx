import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, UserPlus } from 'lucide-react';
import { Button } from '../../../shared/ui/button';
import { useLoginGate, useViewerId } from '../../../shared/session/login-gate';
import { useFollow, type FollowState } from '../api/use-follow';

/**
 * Follow / Following toggle for one user. Visitors are asked to log in; the
 * user's own page shows no button.
 */
export function FollowButton({
  userId,
  isFollow,
  onChange,
  size = 'md',
  block = false,
}: {
  userId: number;
  isFollow: boolean;
  onChange?: (state: FollowState) => void;
  size?: 'sm' | 'md';
  block?: boolean;
}) {
  const { t } = useTranslation();
  const viewer = useViewerId();
  const gate = useLoginGate();
  const [latest, setLatest] = useState<FollowState | null>(null);
  const follow = useFollow(userId, (state) => {
    setLatest(state);
    onChange?.(state);
  });
  if (viewer === userId) return null;
  const following = latest ? latest.is_follow === 1 : isFollow;
  return (
    <Button
      variant={following ? 'secondary' : 'primary'}
      size={size}
      block={block}
      loading={follow.isPending}
      aria-pressed={following}
      className={size === 'sm' ? 'min-h-11' : undefined}
      onClick={() => gate(() => follow.mutate())}
    >
      {following ? <Check className="size-[1.1em]" aria-hidden /> : <UserPlus className="size-[1.1em]" aria-hidden />}
      {following ? t('creator.following') : t('creator.follow')}
    </Button>
  );
}
