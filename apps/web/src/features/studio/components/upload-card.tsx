import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import {
  CircleCheck,
  CircleX,
  FileVideo,
  LoaderCircle,
  Pause,
  Play,
  RotateCw,
  ScanSearch,
  WifiOff,
  X,
} from 'lucide-react';
import type { UploadDetail } from '@taice/contract';
import { formatDuration } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { formatBytes, formatSpeed, formatTimeLeft, percentOf } from '../upload/format';
import type { UploadPhase } from '../upload/video-upload';

export interface UploadView {
  phase: UploadPhase;
  name: string;
  sent: number;
  total: number;
  speed: number | null;
  secondsLeft: number | null;
  resumedFrom: number;
  message: string | null;
}

/** What the card says the upload is doing, after the bytes arrived too (the server's check). */
type Stage = UploadPhase | 'checking' | 'ready';

function stageOf(view: UploadView, detail: UploadDetail | undefined): Stage {
  if (view.phase !== 'sent') return view.phase;
  if (detail?.status === 'ready') return 'ready';
  return 'checking';
}

const icons = {
  idle: LoaderCircle,
  starting: LoaderCircle,
  uploading: LoaderCircle,
  paused: Pause,
  offline: WifiOff,
  failed: CircleX,
  refused: CircleX,
  sent: ScanSearch,
  checking: ScanSearch,
  ready: CircleCheck,
} as const;

/**
 * The file being uploaded: a progress bar with the bytes and percent, the speed and time left, pause / resume
 * and cancel; then the server's check and its verdict (the video's length and size when ready).
 */
export function UploadCard({
  view,
  detail,
  onPause,
  onResume,
  onCancel,
  onPickAnother,
}: {
  view: UploadView;
  detail: UploadDetail | undefined;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onPickAnother: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const stage = stageOf(view, detail);
  const percent = percentOf(view.sent, view.total);
  const Icon = icons[stage];
  const spinning = stage === 'starting' || stage === 'uploading';
  const bad = stage === 'refused' || stage === 'failed';
  const transferring = stage === 'starting' || stage === 'uploading' || stage === 'paused' || stage === 'offline';
  const statusText: Record<Stage, string> = {
    idle: '',
    starting: view.resumedFrom > 0 ? t('studio.upload.resuming') : t('studio.upload.starting'),
    uploading: t('studio.upload.uploading'),
    paused: t('studio.upload.paused'),
    offline: t('studio.upload.offline'),
    failed: view.message ?? t('studio.upload.failed'),
    refused: view.message ?? t('studio.upload.refused'),
    sent: t('studio.upload.checking'),
    checking: t('studio.upload.checking'),
    ready: t('studio.upload.ready'),
  };

  return (
    <section
      aria-label={t('studio.upload.label')}
      data-testid="upload-card"
      data-stage={stage}
      className={clsx('rounded-xl border bg-surface p-4 wide:p-5', bad ? 'border-danger/60' : 'border-border')}
    >
      <div className="flex items-start gap-3">
        <span
          className={clsx(
            'grid size-12 shrink-0 place-items-center rounded-lg',
            bad ? 'bg-danger/15 text-danger' : 'bg-accent/15 text-accent-text',
          )}
        >
          <FileVideo className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold" title={view.name}>
            {view.name}
          </p>
          <p className="text-sm text-muted tabular-nums">{formatBytes(view.total, lang)}</p>
        </div>
        {stage !== 'ready' && stage !== 'refused' && (
          <button
            type="button"
            onClick={onCancel}
            className="grid size-11 shrink-0 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-fg"
            aria-label={t('studio.upload.cancel')}
            title={t('studio.upload.cancel')}
          >
            <X className="size-5" aria-hidden />
          </button>
        )}
      </div>

      {stage !== 'refused' && (
        <div className="mt-4">
          <div
            role="progressbar"
            aria-label={t('studio.upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('studio.upload.percent', { percent })}
            className="h-3 overflow-hidden rounded-full bg-surface-2"
          >
            <div
              className={clsx(
                'h-full rounded-full transition-[width] duration-300',
                stage === 'ready'
                  ? 'bg-success'
                  : stage === 'paused' || stage === 'offline'
                    ? 'bg-warning'
                    : 'bg-accent',
              )}
              style={{ width: `${percent}%` }}
            />
          </div>
          <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm tabular-nums">
            <p data-testid="upload-bytes">
              <span className="font-semibold">{t('studio.upload.percent', { percent })}</span>
              <span className="text-muted">
                {' · '}
                {t('studio.upload.bytes', { sent: formatBytes(view.sent, lang), total: formatBytes(view.total, lang) })}
              </span>
            </p>
            {transferring && (
              <p data-testid="upload-speed" className="text-muted">
                {stage === 'uploading' && view.speed !== null
                  ? t('studio.upload.speed', {
                      speed: formatSpeed(view.speed, lang),
                      left:
                        view.secondsLeft !== null
                          ? formatTimeLeft(view.secondsLeft, lang)
                          : t('studio.upload.estimating'),
                    })
                  : stage === 'uploading' || stage === 'starting'
                    ? t('studio.upload.estimating')
                    : '\u00a0'}
              </p>
            )}
          </div>
        </div>
      )}

      <p
        role={bad ? 'alert' : undefined}
        aria-live="polite"
        className={clsx('mt-3 flex items-start gap-2 text-sm', bad ? 'text-danger' : 'text-muted')}
        data-testid="upload-status"
      >
        <Icon
          className={clsx(
            'mt-0.5 size-4 shrink-0',
            spinning && 'animate-spin',
            stage === 'ready' && 'text-success',
            stage === 'checking' && 'animate-pulse',
          )}
          aria-hidden
        />
        <span>
          {statusText[stage]}
          {stage === 'ready' && detail && (
            <span className="tabular-nums">
              {' · '}
              {formatDuration(detail.duration)}
              {detail.width > 0 && ` · ${detail.width}×${detail.height}`}
            </span>
          )}
        </span>
      </p>

      {(transferring || stage === 'failed' || stage === 'refused') && (
        <div className="mt-4 flex flex-wrap gap-2">
          {(stage === 'uploading' || stage === 'starting') && (
            <Button variant="secondary" onClick={onPause}>
              <Pause className="size-5" aria-hidden />
              {t('studio.upload.pause')}
            </Button>
          )}
          {(stage === 'paused' || stage === 'offline') && (
            <Button onClick={onResume}>
              <Play className="size-5" aria-hidden />
              {t('studio.upload.resume')}
            </Button>
          )}
          {stage === 'failed' && (
            <Button onClick={onResume}>
              <RotateCw className="size-5" aria-hidden />
              {t('common.retry')}
            </Button>
          )}
          {stage === 'refused' && <Button onClick={onPickAnother}>{t('studio.upload.pickAnother')}</Button>}
        </div>
      )}
    </section>
  );
}
