import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, ImageUp, LoaderCircle } from 'lucide-react';
import { COVER_FRAME_COUNT } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { Skeleton } from '../../../shared/ui/states';
import { uploadCover } from '../api/upload-cover';
import type { Cover } from '../post-form';

const tile = 'relative aspect-video overflow-hidden rounded-lg border-2 transition focus-visible:outline-offset-2';

/**
 * The cover: one of the frames the server took from the video (a radio group; skeletons until the upload is
 * checked), or an image the creator uploads.
 */
export function CoverPicker({
  id,
  frames,
  value,
  error,
  onChange,
}: {
  id: string;
  /** The upload's frames; null while the server has not made them yet. */
  frames: string[] | null;
  value: Cover;
  error?: string;
  onChange: (cover: Cover) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  /** The image uploaded last: it stays offered after a frame is chosen instead. */
  const [ownImage, setOwnImage] = useState<string | null>(value.kind === 'image' ? value.url : null);

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setSending(true);
    setImageProblem(null);
    try {
      const url = await uploadCover(file);
      setOwnImage(url);
      onChange({ kind: 'image', url });
    } catch (e) {
      setImageProblem(e instanceof ApiError ? e.message : i18n.t('errors.requestError'));
    } finally {
      setSending(false);
      if (input.current) input.current.value = '';
    }
  };

  const problem = imageProblem ?? error;
  return (
    <fieldset aria-describedby={problem ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 block text-sm font-medium text-muted">{t('studio.cover.label')}</legend>
      <p id={`${id}-hint`} className="mb-2 text-sm text-muted">
        {frames ? t('studio.cover.hint') : t('studio.cover.waiting')}
      </p>
      <div role="radiogroup" aria-label={t('studio.cover.label')} className="grid grid-cols-2 gap-2 wide:grid-cols-3">
        {frames
          ? frames.map((src, index) => {
              const selected = value.kind === 'frame' && value.index === index;
              return (
                <button
                  key={src}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  aria-label={t('studio.cover.frame', { n: index + 1 })}
                  onClick={() => onChange({ kind: 'frame', index })}
                  className={clsx(tile, selected ? 'border-accent' : 'border-transparent hover:border-border')}
                >
                  <img src={src} alt="" className="size-full object-cover" loading="lazy" />
                  {selected && (
                    <CircleCheck
                      className="absolute right-1.5 top-1.5 size-6 rounded-full bg-accent text-accent-fg"
                      aria-hidden
                    />
                  )}
                </button>
              );
            })
          : Array.from({ length: COVER_FRAME_COUNT }, (_, i) => (
              <Skeleton key={i} className="aspect-video rounded-lg" />
            ))}
        {ownImage && (
          <button
            type="button"
            role="radio"
            aria-checked={value.kind === 'image'}
            aria-label={t('studio.cover.ownImage')}
            onClick={() => onChange({ kind: 'image', url: ownImage })}
            className={clsx(tile, value.kind === 'image' ? 'border-accent' : 'border-transparent hover:border-border')}
          >
            <img src={ownImage} alt="" className="size-full object-cover" />
            {value.kind === 'image' && (
              <CircleCheck
                className="absolute right-1.5 top-1.5 size-6 rounded-full bg-accent text-accent-fg"
                aria-hidden
              />
            )}
          </button>
        )}
        <label
          className={clsx(
            tile,
            'flex cursor-pointer flex-col items-center justify-center gap-1 border-dashed border-border bg-surface-2 p-2 text-center text-sm text-muted hover:text-fg focus-within:border-accent',
            sending && 'cursor-wait',
          )}
        >
          {sending ? (
            <LoaderCircle className="size-6 animate-spin" aria-hidden />
          ) : (
            <ImageUp className="size-6" aria-hidden />
          )}
          <span>{sending ? t('studio.cover.sending') : t('studio.cover.upload')}</span>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={sending}
            onChange={(e) => void pickImage(e.target.files?.[0])}
          />
        </label>
      </div>
      {problem && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
