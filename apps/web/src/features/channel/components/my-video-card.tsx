import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  ChartColumn,
  Coins,
  Eye,
  EyeOff,
  Film,
  HandCoins,
  Heart,
  Play,
  RotateCcw,
  Trash2,
  TriangleExclamationPoint,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChannelPost } from '@taice/contract';
import { videoPath } from '../../../shared/routing/paths';
import { formatBalance, formatCount, formatDate, formatDuration } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/states';
import { analyzePath, myVideoPath } from '../paths';
import type { VideoActions } from './use-video-actions';
import { VideoStatusChip } from './video-status-chip';

/** The video's cover (or a film icon while it has none), with its length once known. */
export function VideoCover({ post, className }: { post: ChannelPost; className?: string }) {
  return (
    <span className={clsx('relative block aspect-video overflow-hidden rounded-lg bg-surface-2', className)}>
      {post.cover ? (
        <img src={post.cover} alt={post.title} loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <span className="grid size-full place-items-center text-muted">
          <Film className="size-8" aria-hidden />
        </span>
      )}
      {post.duration > 0 && (
        <span className="absolute bottom-1 right-1 rounded-md bg-black/80 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
          {formatDuration(post.duration)}
        </span>
      )}
    </span>
  );
}

/** Why the video is where it is: an operator's reason, processing under way, the failure. */
export function StatusNote({ post }: { post: ChannelPost }) {
  const { t } = useTranslation();
  let note: { text: string; tone: string } | null = null;
  if (post.taken_down_by === 'operator') {
    note = {
      text: `${t('channel.byOperator', { reason: post.moderation_reason })} ${t('channel.byOperatorShort')}`,
      tone: 'text-warning',
    };
  } else if (post.taken_down_by === 'creator') note = { text: t('channel.byYou'), tone: 'text-muted' };
  else if (post.status_name === 'processing') note = { text: t('channel.processingNote'), tone: 'text-muted' };
  else if (post.status_name === 'failed') {
    note = {
      text: t('channel.failedNote', { reason: post.failure_reason || t('channel.failedFallback') }),
      tone: 'text-danger',
    };
  }
  if (!note) return null;
  return (
    <p className={clsx('flex items-start gap-1.5 text-sm', note.tone)} data-testid="video-note">
      {post.status_name === 'failed' && <TriangleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />}
      <span>{note.text}</span>
    </p>
  );
}

function Figure({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5" title={label}>
      {icon}
      <span className="sr-only">{label}: </span>
      <span className="tabular-nums">{children}</span>
    </span>
  );
}

/** The creator's actions on one video, as they apply to its status. */
export function VideoActionButtons({
  post,
  actions,
  showStats = true,
}: {
  post: ChannelPost;
  actions: VideoActions;
  showStats?: boolean;
}) {
  const { t } = useTranslation();
  const icon = 'size-4.5';
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label={t('channel.actions.label', { title: post.title })}
    >
      {showStats && (
        <Link
          to={analyzePath(post.id)}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-border bg-surface-2 px-3 text-sm hover:bg-border/70"
        >
          <ChartColumn className={icon} aria-hidden />
          {t('channel.actions.stats')}
        </Link>
      )}
      {post.status_name === 'published' && (
        <Link
          to={videoPath(post.id)}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-border bg-surface-2 px-3 text-sm hover:bg-border/70"
        >
          <Play className={icon} aria-hidden />
          {t('channel.actions.watch')}
        </Link>
      )}
      {post.can_take_down === 1 && (
        <Button
          size="sm"
          variant="secondary"
          loading={actions.pending.upDown === post.id}
          onClick={() => void actions.takeDown(post)}
        >
          <EyeOff className={icon} aria-hidden />
          {t('channel.actions.takeDown')}
        </Button>
      )}
      {post.can_put_up === 1 && (
        <Button size="sm" loading={actions.pending.upDown === post.id} onClick={() => void actions.putUp(post)}>
          <Eye className={icon} aria-hidden />
          {t('channel.actions.putUp')}
        </Button>
      )}
      {post.status_name === 'failed' && (
        <Button size="sm" loading={actions.pending.retry === post.id} onClick={() => void actions.retry(post)}>
          <RotateCcw className={icon} aria-hidden />
          {t('channel.actions.retry')}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        className="ml-auto text-danger"
        aria-label={t('channel.actions.delete')}
        title={t('channel.actions.delete')}
        loading={actions.pending.remove === post.id}
        onClick={() => void actions.remove(post)}
      >
        <Trash2 className={icon} aria-hidden />
        {/* On a phone the bin alone, so the actions keep to one row. */}
        <span className="hidden wide:inline">{t('channel.actions.delete')}</span>
      </Button>
    </div>
  );
}

/** One of the creator's videos: cover, title, status, figures and earnings, and what can be done to it. */
export function MyVideoCard({ post, actions }: { post: ChannelPost; actions: VideoActions }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3 wide:p-4"
      data-testid="my-video"
      data-post-id={post.id}
    >
      <div className="flex gap-3">
        <Link to={myVideoPath(post.id)} className="w-32 shrink-0 wide:w-44" tabIndex={-1} aria-hidden>
          <VideoCover post={post} />
        </Link>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1.5">
          <h3 className="line-clamp-2 font-semibold leading-snug">
            <Link to={myVideoPath(post.id)} className="hover:text-accent-text">
              {post.title}
            </Link>
          </h3>
          <VideoStatusChip status={post.status_name} />
          <p className="text-xs text-muted">{t('channel.uploadedOn', { date: formatDate(post.created_at, lang) })}</p>
        </div>
      </div>
      <StatusNote post={post} />
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted" data-testid="video-figures">
        <Figure icon={<Eye className="size-4" aria-hidden />} label={t('channel.figures.views')}>
          {formatCount(post.view_num, lang)}
        </Figure>
        <Figure icon={<Heart className="size-4" aria-hidden />} label={t('channel.figures.likes')}>
          {formatCount(post.like_num, lang)}
        </Figure>
        <Figure icon={<Coins className="size-4 text-accent-text" aria-hidden />} label={t('channel.figures.earned')}>
          {formatBalance(post.earned, lang)}
        </Figure>
        {post.pool_paid > 0 && (
          <Figure icon={<HandCoins className="size-4" aria-hidden />} label={t('channel.figures.poolPaid')}>
            {formatBalance(post.pool_paid, lang)}
          </Figure>
        )}
      </p>
      <VideoActionButtons post={post} actions={actions} />
    </article>
  );
}

export function MyVideoCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-3 wide:p-4" aria-hidden>
      <div className="flex gap-3">
        <Skeleton className="aspect-video w-32 shrink-0 rounded-lg wide:w-44" />
        <div className="flex flex-1 flex-col gap-2 pt-1">
          <Skeleton className="h-5 w-11/12" />
          <Skeleton className="h-6 w-24 rounded-full" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-9 w-full" />
    </div>
  );
}
