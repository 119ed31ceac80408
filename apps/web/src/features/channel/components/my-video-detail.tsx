import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ArrowLeft,
  ChartColumn,
  Clock,
  Coins,
  Eye,
  HandCoins,
  Heart,
  MessageCircle,
  Share2,
  Sparkles,
} from 'lucide-react';
import type { ChannelPostDetail } from '@taice/contract';
import { paths } from '../../../shared/routing/paths';
import { formatBalance, formatDateTime, formatInteger, formatViewingTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { ApiError } from '../../../shared/api/client';
import { RewardPoolPanel } from '../../pools';
import { useMyVideo } from '../api/use-my-video';
import { analyzePath } from '../paths';
import { FigureTile } from './figure-tile';
import { StatusNote, VideoActionButtons, VideoCover } from './my-video-card';
import { useVideoActions } from './use-video-actions';
import { VideoStatusChip } from './video-status-chip';

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.myVideos}
      className="inline-flex min-h-11 items-center gap-2 self-start rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70"
    >
      <ArrowLeft className="size-5" aria-hidden />
      {t('channel.detail.back')}
    </Link>
  );
}

/** The video itself once it is ready (its progressive file), else its cover. */
function Media({ post }: { post: ChannelPostDetail }) {
  if (post.media.mp4) {
    return (
      <video
        controls
        preload="metadata"
        src={post.media.mp4}
        poster={post.cover || undefined}
        className="aspect-video w-full rounded-xl bg-black"
        aria-label={post.title}
      />
    );
  }
  return <VideoCover post={post} className="rounded-xl" />;
}

/**
 * The video's reward pools (the pools feature's panel: fund, list, cancel) once it is ready; while it is
 * processing or failed there is nothing to fund yet.
 */
function PoolsSection({ post }: { post: ChannelPostDetail }) {
  const { t } = useTranslation();
  if (post.status_name === 'published' || post.status_name === 'taken_down') {
    return <RewardPoolPanel postId={post.id} duration={post.duration} />;
  }
  return (
    <section aria-labelledby="my-video-pools" className="flex flex-col gap-3" data-testid="my-video-pools">
      <h2 id="my-video-pools" className="text-lg font-bold">
        {t('channel.detail.pools')}
      </h2>
      <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted">
        {t('channel.detail.poolsNeedPublished')}
      </p>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Detail({ post }: { post: ChannelPostDetail }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const navigate = useNavigate();
  const actions = useVideoActions(() => void navigate(paths.myVideos));
  const count = (n: number) => formatInteger(n, lang);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-5 wide:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Media post={post} />
        <div className="flex min-w-0 flex-col gap-3">
          <h2 className="text-xl font-bold break-words">{post.title}</h2>
          <div className="flex flex-wrap items-center gap-2">
            <VideoStatusChip status={post.status_name} />
            {post.ai_generated === 1 && (
              <span className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2.5 py-1 text-xs font-semibold">
                <Sparkles className="size-3.5" aria-hidden />
                {t('channel.detail.ai')}
              </span>
            )}
          </div>
          <StatusNote post={post} />
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('channel.detail.created')}>{formatDateTime(post.created_at, lang)}</Fact>
            {post.published_at && (
              <Fact label={t('channel.detail.published')}>{formatDateTime(post.published_at, lang)}</Fact>
            )}
            <Fact label={t('channel.detail.category')}>{post.category_name}</Fact>
            {post.tags.length > 0 && (
              <Fact label={t('channel.detail.tags')}>{post.tags.map((tag) => `#${tag}`).join(' ')}</Fact>
            )}
          </dl>
          {post.description && (
            <p className="line-clamp-4 whitespace-pre-line text-sm text-muted">{post.description}</p>
          )}
          <VideoActionButtons post={post} actions={actions} showStats={false} />
        </div>
      </div>

      <section aria-labelledby="my-video-figures" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="my-video-figures" className="text-lg font-bold">
            {t('channel.detail.figures')}
          </h2>
          <Link
            to={analyzePath(post.id)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70"
          >
            <ChartColumn className="size-5" aria-hidden />
            {t('channel.actions.stats')}
          </Link>
        </div>
        <div className="grid grid-cols-2 gap-3 wide:grid-cols-4">
          <FigureTile icon={Eye} label={t('channel.figures.views')} value={count(post.view_num)} />
          <FigureTile
            icon={Clock}
            label={t('channel.figures.watch')}
            value={formatViewingTime(post.watch_seconds, lang)}
          />
          <FigureTile icon={Heart} label={t('channel.figures.likes')} value={count(post.like_num)} />
          <FigureTile icon={MessageCircle} label={t('channel.figures.comments')} value={count(post.comment_num)} />
          <FigureTile icon={Share2} label={t('channel.figures.shares')} value={count(post.share_num)} />
          <FigureTile icon={Coins} label={t('channel.figures.earned')} value={formatBalance(post.earned, lang)} />
          <FigureTile
            icon={HandCoins}
            label={t('channel.figures.poolPaid')}
            value={formatBalance(post.pool_paid, lang)}
          />
        </div>
      </section>

      <PoolsSection post={post} />
    </div>
  );
}

/** The creator's own view of one of their videos: media, status, figures, actions and its reward pools. */
export function MyVideoDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const video = useMyVideo(id);
  let body;
  if (video.isPending) {
    body = (
      <div className="grid gap-5 wide:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-busy="true">
        <Skeleton className="aspect-video w-full rounded-xl" />
        <div className="flex flex-col gap-3">
          <Skeleton className="h-7 w-3/4" />
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
    );
  } else if (video.isError) {
    body =
      video.error instanceof ApiError && video.error.code > 0 ? (
        <EmptyState title={t('channel.detail.notFound')} text={t('channel.detail.notFoundText')} />
      ) : (
        <ErrorState onRetry={() => void video.refetch()} />
      );
  } else body = <Detail post={video.data} />;
  return (
    <div className="flex flex-col gap-4" data-testid="my-video-detail">
      <BackLink />
      {body}
    </div>
  );
}
