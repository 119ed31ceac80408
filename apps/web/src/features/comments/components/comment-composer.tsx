import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRound } from 'lucide-react';
import { COMMENT_MAX_LENGTH, type Comment } from '@taice/contract';
import { useSessionUser } from '../../../shared/session/api/use-me';
import { useLoginGate } from '../../../shared/session/login-gate';
import { Avatar } from '../../../shared/ui/avatar';
import { Button } from '../../../shared/ui/button';
import { notify } from '../../../shared/ui/toast';
import { usePostComment } from '../api/use-post-comment';

/** Writes a comment, or a reply when `replyTo` is given. */
export function CommentComposer({
  postId,
  replyTo,
  onPosted,
  onCancel,
  autoFocus = false,
}: {
  postId: number;
  replyTo?: Comment;
  onPosted?: (comment: Comment) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const me = useSessionUser();
  const gate = useLoginGate();
  const [content, setContent] = useState('');
  const [focused, setFocused] = useState(autoFocus);
  const post = usePostComment(postId, (comment) => {
    setContent('');
    setFocused(false);
    onPosted?.(comment);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    gate(() => {
      const text = content.trim();
      if (!text) {
        notify.warning(t('comment.empty'));
        return;
      }
      post.mutate({ content: text, parentId: replyTo?.id });
    });
  };
  const label = replyTo ? t('comment.replyTo', { name: replyTo.user.nickname }) : t('comment.add');
  const expanded = focused || content.length > 0 || !!replyTo;

  return (
    <form
      onSubmit={submit}
      className="flex gap-3"
      aria-label={label}
      data-testid={replyTo ? 'reply-composer' : 'comment-composer'}
    >
      {me ? (
        <Avatar src={me.avatar} name={me.nickname} className={replyTo ? 'size-8' : 'size-10'} />
      ) : (
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-2 text-muted" aria-hidden>
          <UserRound className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <textarea
          id={id}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          onFocus={() => setFocused(true)}
          placeholder={label}
          maxLength={COMMENT_MAX_LENGTH}
          rows={expanded ? 3 : 1}
          autoFocus={autoFocus}
          className="block min-h-11 w-full resize-y rounded-lg border border-border bg-surface px-3 py-2.5 placeholder:text-muted focus:border-accent focus:outline-none"
        />
        {expanded && (
          <div className="mt-2 flex items-center justify-end gap-2">
            <span className="mr-auto text-xs tabular-nums text-muted" aria-live="polite">
              {content.length}/{COMMENT_MAX_LENGTH}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11"
              onClick={() => {
                setContent('');
                setFocused(false);
                onCancel?.();
              }}
            >
              {t('common.cancel')}
            </Button>
            <Button type="submit" size="sm" className="min-h-11" loading={post.isPending}>
              {replyTo ? t('comment.reply') : t('comment.post')}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
