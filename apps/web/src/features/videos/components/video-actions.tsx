import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Bookmark, Share2, ThumbsDown, ThumbsUp } from 'lucide-react';
import type { PostDetail } from '@taice/contract';
import { formatCount } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { useLoginGate } from '../../../shared/session/login-gate';
import { useCollect } from '../api/use-collect';
import { useDislike } from '../api/use-dislike';
import { useLike } from '../api/use-like';
import { ShareDialog } from './share-dialog';

function ActionButton({
  label,
  count,
  active,
  busy,
  icon,
  onClick,
}: {
  label: string;
  count: number;
  active?: boolean;
  busy?: boolean;
  icon: ReactNode;
  onClick: () => void;
}) {
  const lang = usePreferences((s) => s.lang);
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-pressed={active}
      aria-label={`${label} (${count})`}
      className={clsx(
        'inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full px-4 text-sm font-semibold transition disabled:opacity-60',
        active ? 'bg-accent/20 text-accent-text' : 'bg-surface-2 text-fg hover:bg-border',
      )}
    >
      {icon}
      <span className="tabular-nums">{formatCount(count, lang)}</span>
    </button>
  );
}

/** Like, dislike, collect (Liked Videos) and share, with their counts and toasts. */
export function VideoActions({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const gate = useLoginGate();
  const like = useLike(post.id);
  const dislike = useDislike(post.id);
  const collect = useCollect(post.id);
  const [sharing, setSharing] = useState(false);
  const icon = (Icon: typeof ThumbsUp, on: boolean) => (
    <Icon className="size-5" aria-hidden fill={on ? 'currentColor' : 'none'} />
  );
  return (
    <div className="-mx-4 flex gap-2 overflow-x-auto px-4 [scrollbar-width:none] wide:mx-0 wide:px-0">
      <ActionButton
        label={t('video.like')}
        count={post.like_num}
        active={post.is_like === 1}
        busy={like.isPending}
        icon={icon(ThumbsUp, post.is_like === 1)}
        onClick={() => gate(() => like.mutate())}
      />
      <ActionButton
        label={t('video.dislike')}
        count={post.dislike_num}
        active={post.is_dislike === 1}
        busy={dislike.isPending}
        icon={icon(ThumbsDown, post.is_dislike === 1)}
        onClick={() => gate(() => dislike.mutate())}
      />
      <ActionButton
        label={t('video.collect')}
        count={post.collect_num}
        active={post.is_collect === 1}
        busy={collect.isPending}
        icon={icon(Bookmark, post.is_collect === 1)}
        onClick={() => gate(() => collect.mutate())}
      />
      <ActionButton
        label={t('video.share')}
        count={post.share_num}
        icon={<Share2 className="size-5" aria-hidden />}
        onClick={() => setSharing(true)}
      />
      <ShareDialog post={post} open={sharing} onOpenChange={setSharing} />
    </div>
  );
}
