import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquare } from 'lucide-react';
import { formatCount } from '../../../shared/lib/format';
import { useOnVisible } from '../../../shared/hooks/use-on-visible';
import { usePreferences } from '../../../shared/stores/preferences';
import { LoadMore } from '../../../shared/ui/load-more';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { useCommentList } from '../api/use-comment-list';
import { CommentComposer } from './comment-composer';
import { CommentThread } from './comment-item';

function CommentSkeleton() {
  return (
    <div className="flex gap-3" aria-hidden>
      <Skeleton className="size-10 shrink-0 rounded-full" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-3.5 w-32" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    </div>
  );
}

/**
 * Comments of a video: a box to write one, then the comments newest first,
 * each with its replies. They load once the section comes into view (the
 * video's first screen does not wait for them). `onChanged` runs after a
 * comment is posted or deleted (the page refreshes its count).
 */
export function CommentSection({
  postId,
  count,
  onChanged,
}: {
  postId: number;
  count: number;
  onChanged?: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const [reached, setReached] = useState(() => typeof IntersectionObserver === 'undefined');
  const section = useOnVisible<HTMLElement>(() => setReached(true), !reached, '200px');
  const comments = useCommentList(postId, reached);
  const list = comments.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <section ref={section} aria-labelledby="comments-heading" className="flex flex-col gap-5">
      <h2 id="comments-heading" className="text-lg font-bold">
        {t('comment.title')} <span className="font-normal text-muted">{formatCount(count, lang)}</span>
      </h2>
      <CommentComposer postId={postId} onPosted={onChanged} />
      {comments.isPending ? (
        // Busy once asked for; before that a placeholder.
        <div className="flex flex-col gap-5" role={reached ? 'status' : undefined} aria-busy={reached || undefined}>
          <CommentSkeleton />
          <CommentSkeleton />
          <CommentSkeleton />
        </div>
      ) : comments.isError && !comments.data ? (
        <ErrorState message={comments.error.message} onRetry={() => void comments.refetch()} />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-4 py-8 text-center">
          <MessageSquare className="size-8 text-muted" aria-hidden />
          <p className="font-semibold">{t('comment.none')}</p>
          <p className="text-sm text-muted">{t('comment.noneText')}</p>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-5" aria-label={t('comment.title')}>
            {list.map((comment) => (
              <CommentThread key={comment.id} comment={comment} postId={postId} onChanged={onChanged} />
            ))}
          </ul>
          <LoadMore query={comments} />
        </>
      )}
    </section>
  );
}
