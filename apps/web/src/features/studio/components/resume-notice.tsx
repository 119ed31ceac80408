import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { useUploadDetail } from '../api/use-upload-detail';
import { formatBytes, percentOf } from '../upload/format';
import type { StoredUpload } from '../upload/video-upload';

/**
 * An upload of an earlier visit that was not published: if all its bytes arrived, the creator goes straight
 * on to the post; otherwise choosing the same file again continues it from where it stopped. Uploads the server
 * no longer has, refused ones and published ones are forgotten without a word.
 */
export function ResumeNotice({
  stored,
  onContinue,
  onForget,
}: {
  stored: StoredUpload;
  onContinue: () => void;
  onForget: () => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const detail = useUploadDetail(stored.uploadId, { poll: false });
  const data = detail.data;
  const gone = detail.isError || data?.status === 'refused' || (data && data.post_id !== null);
  useEffect(() => {
    if (gone) onForget();
  }, [gone, onForget]);
  if (!data || gone) return null;

  const complete = data.status === 'ready' || data.status === 'checking';
  const percent = percentOf(data.offset, data.size || stored.file.size);
  return (
    <section
      aria-label={t('studio.resume.label')}
      data-testid="resume-notice"
      className="flex flex-col gap-3 rounded-xl border border-accent/40 bg-accent/10 p-4 wide:flex-row wide:items-center"
    >
      <History className="hidden size-6 shrink-0 text-accent-text wide:block" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{stored.file.name}</p>
        <p className="text-sm text-muted">
          {complete
            ? t('studio.resume.complete')
            : t('studio.resume.partial', {
                percent,
                sent: formatBytes(data.offset, lang),
                total: formatBytes(data.size || stored.file.size, lang),
              })}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {complete && <Button onClick={onContinue}>{t('studio.resume.continue')}</Button>}
        <Button variant="ghost" onClick={onForget}>
          {t('studio.resume.forget')}
        </Button>
      </div>
    </section>
  );
}
