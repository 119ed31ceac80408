import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Ban, CircleCheck, EyeOff } from 'lucide-react';
import type { YoutubeVideo } from '@taice/contract';
import { formatDate, formatDuration } from '../../../shared/lib/format';
import { videoPath } from '../../../shared/routing/paths';
import { usePreferences } from '../../../shared/stores/preferences';
import { StatusChip } from '../../../shared/ui/status-chip';
import { Skeleton } from '../../../shared/ui/states';

const imported = { icon: CircleCheck, className: 'bg-success/15 text-success' };
const refused = { icon: Ban, className: 'bg-warning/15 text-warning' };
const unlisted = { icon: EyeOff, className: 'bg-surface-2 text-muted' };

/**
 * One video of the channel: its thumbnail and length, title, date and a checkbox. An imported
 * video links to its page instead of being selectable; one that cannot be imported says why.
 */
export function YoutubeVideoItem({
  video,
  selected,
  onToggle,
}: {
  video: YoutubeVideo;
  selected: boolean;
  onToggle: (videoId: string) => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const id = useId();
  const done = video.post_id !== null;
  const selectable = !done && video.unimportable === null;
  return (
    <li
      className={clsx(
        'flex gap-3 rounded-xl border bg-surface p-2 transition-colors wide:flex-col wide:p-3',
        selected ? 'border-accent ring-1 ring-accent' : 'border-border',
      )}
      data-testid="youtube-video"
      data-video-id={video.video_id}
    >
      <label htmlFor={id} className={clsx('relative block w-36 shrink-0 wide:w-full', selectable && 'cursor-pointer')}>
        <span className="relative block aspect-video overflow-hidden rounded-lg bg-surface-2">
          {video.thumbnail && (
            <img
              src={video.thumbnail}
              alt=""
              loading="lazy"
              decoding="async"
              className={clsx('size-full object-cover', !selectable && !done && 'opacity-60')}
            />
          )}
          <span className="absolute bottom-1 right-1 rounded-md bg-black/80 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-white">
            {formatDuration(video.duration)}
          </span>
        </span>
      </label>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <input
            id={id}
            type="checkbox"
            checked={selected}
            disabled={!selectable}
            onChange={() => onToggle(video.video_id)}
            aria-label={video.title}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-accent disabled:cursor-not-allowed"
          />
          <label
            htmlFor={id}
            className={clsx('line-clamp-2 font-semibold leading-snug', selectable && 'cursor-pointer')}
          >
            {video.title}
          </label>
        </div>
        <p className="text-xs text-muted">{video.published_at && formatDate(video.published_at, lang)}</p>
        <div className="flex flex-wrap items-center gap-1.5">
          {done && (
            <>
              <StatusChip look={imported} label={t('youtube.imported')} testId="youtube-imported" />
              <Link
                to={videoPath(video.post_id!)}
                className="min-h-8 px-1 text-sm font-semibold text-accent-text hover:underline"
              >
                {t('youtube.view')}
              </Link>
            </>
          )}
          {!done && video.unimportable && (
            <span title={t('youtube.cannotImport')}>
              <StatusChip look={refused} label={t(`youtube.reasons.${video.unimportable}`)} />
            </span>
          )}
          {video.privacy_status === 'unlisted' && <StatusChip look={unlisted} label={t('youtube.unlisted')} />}
        </div>
      </div>
    </li>
  );
}

export function YoutubeVideoSkeleton() {
  return (
    <li className="flex gap-3 rounded-xl border border-border bg-surface p-2 wide:flex-col wide:p-3" aria-hidden>
      <Skeleton className="aspect-video w-36 shrink-0 rounded-lg wide:w-full" />
      <div className="flex flex-1 flex-col gap-2 pt-1">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </li>
  );
}
