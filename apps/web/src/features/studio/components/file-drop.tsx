import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CloudUpload } from 'lucide-react';
import { formatViewingTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { formatBytes } from '../upload/format';
import type { UploadConfig } from '../upload/video-upload';

/** Opens the file picker of a `FileDrop` (e.g. "choose another file" after a refusal). */
export function openFilePicker(inputId: string) {
  document.getElementById(inputId)?.click();
}

/**
 * Where a video is dropped or chosen: the whole area takes a dropped file, its button opens the picker
 * (videos only); the limits are said under it.
 */
export function FileDrop({
  config,
  inputId,
  onFile,
}: {
  config: UploadConfig;
  inputId: string;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const depth = useRef(0);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };

  return (
    <div
      data-testid="file-drop"
      onDragEnter={(e) => {
        e.preventDefault();
        depth.current += 1;
        setOver(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => {
        depth.current -= 1;
        if (depth.current <= 0) setOver(false);
      }}
      onDrop={drop}
      className={clsx(
        'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed px-6 py-12 text-center transition wide:py-16',
        over ? 'border-accent bg-accent/10' : 'border-border bg-surface',
      )}
    >
      <span className="grid size-20 place-items-center rounded-full bg-accent/15 text-accent-text">
        <CloudUpload className="size-10" aria-hidden />
      </span>
      <div>
        <p className="text-xl font-bold">{over ? t('studio.pick.dropNow') : t('studio.pick.title')}</p>
        <p className="mt-1 text-muted">{t('studio.pick.text')}</p>
      </div>
      <label className="inline-flex min-h-13 cursor-pointer items-center justify-center gap-2 rounded-xl bg-accent px-6 text-lg font-semibold text-accent-fg hover:brightness-105 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent">
        {t('studio.pick.choose')}
        <input
          id={inputId}
          type="file"
          accept="video/*"
          className="sr-only"
          aria-describedby={hintId}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onFile(file);
          }}
        />
      </label>
      <p id={hintId} className="max-w-md text-sm text-muted">
        {t('studio.pick.limits', {
          size: formatBytes(config.max_bytes, lang),
          min: formatViewingTime(config.min_seconds, lang),
          max: formatViewingTime(config.max_seconds, lang),
        })}
      </p>
    </div>
  );
}
