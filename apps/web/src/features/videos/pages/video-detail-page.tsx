import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths, categoryPath, creatorPath } from '../../../shared/routing/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PostDetail } from '@taice/contract';
import { ApiError, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { useIsWide } from '../../../shared/hooks/use-media-query';
import { useNow } from '../../../shared/hooks/use-now';
import { formatAge, formatCount, formatDate, formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Avatar } from '../../../shared/ui/avatar';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { CommentSection } from '../../comments';
import { FollowButton } from '../../creators';
import { VideoPoolCard } from '../../pools';
import { useReportSharedLink } from '../api/add-share-receive-log';
import { patchPostDetail, postDetailRoot, usePostDetail } from '../api/use-post-detail';
import { RelatedVideos } from '../components/related-videos';
import { VideoActions } from '../components/video-actions';
import { VideoPlayer } from '../components/video-player';

function positiveId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true">
      <Skeleton className="-mx-4 -mt-4 aspect-video rounded-none wide:mx-0 wide:mt-0 wide:rounded-xl" />
      <Skeleton className="h-7 w-3/4" />
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-full" />
        <Skeleton className="h-5 w-40" />
      </div>
      <Skeleton className="h-11 w-full max-w-[40rem] rounded-full" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  );
}

function Description({ post }: { post: PostDetail }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const now = useNow();
  const [expanded, setExpanded] = useState(false);
  const long = post.description.length > 160 || post.description.split('\n').length > 3;
  return (
    <section className="rounded-xl bg-surface-2/70 p-3 text-sm wide:p-4" aria-label={t('video.description')}>
      <p className="flex flex-wrap gap-x-3 font-semibold">
        <span>{t('video.views', { count: post.view_num, views: formatInteger(post.view_num, lang) })}</span>
        <span title={formatDate(post.created_at, lang)}>{formatAge(post.created_at, lang, now)}</span>
        {post.category_name && (
          <Link to={categoryPath(post.category_id)} className="text-accent-text hover:underline">
            #{post.category_name}
          </Link>
        )}
      </p>
      {post.description && (
        <>
          <p className={`mt-1 whitespace-pre-line break-words ${expanded ? '' : 'line-clamp-3'}`}>{post.description}</p>
          {long && (
            <button
              type="button"
              className="mt-1 min-h-11 font-semibold hover:underline"
              aria-expanded={expanded}
              onClick={() => setExpanded((e) => !e)}
            >
              {expanded ? t('video.showLess') : t('video.showMore')}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** /videoDetail?id=: the player, the video's details and actions, comments and related videos. */
export default function VideoDetailPage() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const [params] = useSearchParams();
  const id = positiveId(params.get('id'));
  const wide = useIsWide();
  const queryClient = useQueryClient();
  const detail = usePostDetail(id);
  useReportSharedLink(params.get('share'));

  if (id === null || (detail.isError && !detail.data)) {
    const unreachable = detail.error instanceof ApiError && detail.error.code === TRANSPORT_ERROR_CODE;
    return (
      <Page title={t('routes.videoDetail')}>
        {unreachable ? (
          <ErrorState message={detail.error?.message} onRetry={() => void detail.refetch()} />
        ) : (
          <EmptyState
            title={id === null ? t('video.notFound') : (detail.error?.message ?? t('video.notFound'))}
            text={t('video.notFoundText')}
            action={
              <Link
                to={paths.videos}
                className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-fg"
              >
                {t('video.browseVideos')}
              </Link>
            }
          />
        )}
      </Page>
    );
  }

  const post = detail.data;
  const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: postDetailRoot(id) });

  return (
    <Page title={post?.title ?? t('routes.videoDetail')} hideTitle>
      <div className="mx-auto flex max-w-[180rem] flex-col gap-6 wide:flex-row wide:gap-8">
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          {!post ? (
            <DetailSkeleton />
          ) : (
            <>
              <div className="-mx-4 -mt-4 wide:mx-0 wide:mt-0">
                <VideoPlayer post={post} />
              </div>
              <h1 className="text-xl font-bold leading-snug wide:text-2xl">{post.title}</h1>
              <div className="flex flex-col gap-3 wide:flex-row wide:items-center wide:justify-between">
                <div className="flex items-center gap-3">
                  <Link to={creatorPath(post.author.id)} className="flex min-w-0 items-center gap-3">
                    <Avatar src={post.author.avatar} name={post.author.nickname} className="size-11" />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{post.author.nickname}</span>
                      <span className="block text-xs text-muted">
                        {t('creator.followersCount', {
                          count: post.author.be_follow_num,
                          n: formatCount(post.author.be_follow_num, lang),
                        })}
                      </span>
                    </span>
                  </Link>
                  <div className="ml-auto wide:ml-4">
                    <FollowButton
                      userId={post.author.id}
                      isFollow={post.author.is_follow === 1}
                      size="sm"
                      onChange={(state) => patchPostDetail(queryClient, id, { author: { ...post.author, ...state } })}
                    />
                  </div>
                </div>
                <VideoActions post={post} />
              </div>
              <VideoPoolCard postId={id} />
              <Description post={post} />
              {!wide && <RelatedVideos postId={id} compact limit={4} />}
              <CommentSection postId={id} count={post.comment_num} onChanged={refreshCounts} />
            </>
          )}
        </div>
        {wide && (
          <aside className="w-[34rem] shrink-0 xl:w-[40rem]">
            <RelatedVideos postId={id} compact />
          </aside>
        )}
      </div>
    </Page>
  );
}
