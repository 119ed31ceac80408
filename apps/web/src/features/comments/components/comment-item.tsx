import { useState } from 'react';
import { Link } from 'react-router';
import { creatorPath } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { ChevronDown, ChevronUp, MessageSquareReply, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import type { Comment } from '@taice/contract';
import { useNow } from '../../../shared/hooks/use-now';
import { formatAge, formatCount } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Avatar } from '../../../shared/ui/avatar';
import { Button } from '../../../shared/ui/button';
import { confirm } from '../../../shared/ui/confirm';
import { LoadMore } from '../../../shared/ui/load-more';
import { ErrorState, Spinner } from '../../../shared/ui/states';
import { useLoginGate } from '../../../shared/session/login-gate';
import { useCommentReaction } from '../api/use-comment-reaction';
import { useCommentReplies } from '../api/use-comment-replies';
import { useDeleteComment } from '../api/use-delete-comment';
import { CommentComposer } from './comment-composer';

const actionClass =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2.5 text-sm text-muted hover:bg-surface-2 hover:text-fg';

/** One comment or reply: author, age, text, like / dislike, reply and (own) delete. */
function CommentBody({
  comment,
  onReply,
  onDeleted,
}: {
  comment: Comment;
  onReply: () => void;
  onDeleted?: (comment: Comment) => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const now = useNow();
  const gate = useLoginGate();
  const reaction = useCommentReaction(comment.id);
  const remove = useDeleteComment(onDeleted);
  const isReply = comment.parent_id !== 0;

  const askDelete = async () => {
    if (await confirm({ message: t('comment.confirmDelete'), icon: 'warning' })) remove.mutate(comment);
  };

  return (
    <div className="flex gap-3" data-testid="comment" data-comment-id={comment.id}>
      <Link to={creatorPath(comment.user.id)} className="shrink-0" aria-label={comment.user.nickname}>
        <Avatar src={comment.user.avatar} name={comment.user.nickname} className={isReply ? 'size-8' : 'size-10'} />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link to={creatorPath(comment.user.id)} className="font-semibold hover:underline">
            {comment.user.nickname}
          </Link>
          <span className="text-xs text-muted">{formatAge(comment.created_at, lang, now)}</span>
        </p>
        <p className="whitespace-pre-line break-words">
          {comment.reply_to && (
            <Link to={creatorPath(comment.reply_to.id)} className="mr-1 text-accent-text hover:underline">
              @{comment.reply_to.nickname}
            </Link>
          )}
          {comment.content}
        </p>
        <div className="-ml-2.5 mt-0.5 flex flex-wrap items-center">
          <button
            type="button"
            className={clsx(actionClass, comment.is_like === 1 && 'text-accent-text')}
            aria-pressed={comment.is_like === 1}
            aria-label={t('comment.like')}
            disabled={reaction.isPending}
            onClick={() => gate(() => reaction.mutate('like'))}
          >
            <ThumbsUp className="size-4" aria-hidden fill={comment.is_like ? 'currentColor' : 'none'} />
            {comment.like_num > 0 && <span className="tabular-nums">{formatCount(comment.like_num, lang)}</span>}
          </button>
          <button
            type="button"
            className={clsx(actionClass, comment.is_dislike === 1 && 'text-accent-text')}
            aria-pressed={comment.is_dislike === 1}
            aria-label={t('comment.dislike')}
            disabled={reaction.isPending}
            onClick={() => gate(() => reaction.mutate('dislike'))}
          >
            <ThumbsDown className="size-4" aria-hidden fill={comment.is_dislike ? 'currentColor' : 'none'} />
            {comment.dislike_num > 0 && <span className="tabular-nums">{formatCount(comment.dislike_num, lang)}</span>}
          </button>
          <button type="button" className={actionClass} onClick={() => gate(onReply)}>
            <MessageSquareReply className="size-4" aria-hidden />
            {t('comment.reply')}
          </button>
          {comment.is_mine === 1 && (
            <button
              type="button"
              className={clsx(actionClass, 'hover:text-danger')}
              aria-label={t('comment.delete')}
              title={t('comment.delete')}
              disabled={remove.isPending}
              onClick={() => void askDelete()}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

/** The replies of one comment, oldest first, once opened. */
function Replies({
  comment,
  onReply,
  onDeleted,
}: {
  comment: Comment;
  onReply: (c: Comment) => void;
  onDeleted?: (c: Comment) => void;
}) {
  const replies = useCommentReplies(comment.id, true);
  if (replies.isPending) return <Spinner />;
  if (replies.isError && !replies.data)
    return <ErrorState message={replies.error.message} onRetry={() => void replies.refetch()} />;
  const seen = new Set<number>();
  const list = replies.data.pages
    .flatMap((page) => page.list)
    .filter((reply) => (seen.has(reply.id) ? false : (seen.add(reply.id), true)));
  return (
    <div className="flex flex-col gap-3">
      {list.map((reply) => (
        <CommentBody key={reply.id} comment={reply} onReply={() => onReply(reply)} onDeleted={onDeleted} />
      ))}
      <LoadMore query={replies} />
    </div>
  );
}

/** A top-level comment with its thread: replies open on demand, a reply box under it. */
export function CommentThread({
  comment,
  postId,
  onChanged,
}: {
  comment: Comment;
  postId: number;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  return (
    <li className="flex flex-col gap-2">
      <CommentBody comment={comment} onReply={() => setReplyTo(comment)} onDeleted={onChanged} />
      <div className="-mt-1 ml-[3.25rem] flex flex-col gap-2 empty:hidden wide:ml-[4.2rem]">
        {replyTo && (
          <CommentComposer
            key={replyTo.id}
            postId={postId}
            replyTo={replyTo}
            autoFocus
            onCancel={() => setReplyTo(null)}
            onPosted={() => {
              setReplyTo(null);
              setOpen(true);
              onChanged?.();
            }}
          />
        )}
        {comment.reply_num > 0 && (
          <div>
            <Button
              variant="ghost"
              size="sm"
              className="-ml-3 min-h-11 font-semibold text-accent-text"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
              {open ? t('comment.hideReplies') : t('comment.showReplies', { count: comment.reply_num })}
            </Button>
          </div>
        )}
        {open && comment.reply_num > 0 && (
          <Replies comment={comment} onReply={(reply) => setReplyTo(reply)} onDeleted={onChanged} />
        )}
      </div>
    </li>
  );
}
