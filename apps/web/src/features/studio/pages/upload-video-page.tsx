import { useClosingConfirmation } from '../../../shared/telegram/closing';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorCode, type UploadDetail } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { confirm } from '../../../shared/ui/confirm';
import { Page } from '../../../shared/ui/page';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { notify } from '../../../shared/ui/toast';
import { useCategories } from '../../videos';
import { useStorePost } from '../api/use-store-post';
import { useUploadConfig } from '../api/use-upload-config';
import { useUploadDetail } from '../api/use-upload-detail';
import { FileDrop, openFilePicker } from '../components/file-drop';
import { PostForm } from '../components/post-form';
import { ResumeNotice } from '../components/resume-notice';
import { UploadCard } from '../components/upload-card';
import { EMPTY_POST, fieldOfRefusal, postInput, type PostProblems, type PostValues } from '../post-form';
import {
  adoptStoredUpload,
  cancelUpload,
  forgetPublishedUpload,
  forgetStoredUpload,
  loadTus,
  markRefused,
  pause,
  refreshStoredUploads,
  resetUpload,
  resume,
  startUpload,
  useVideoUpload,
} from '../upload/video-upload';

/** Refusals of storePost that concern the upload itself: the creator has to upload another file. */
const UPLOAD_REFUSALS = new Set(
  (['studio_upload_not_found', 'studio_upload_refused', 'studio_source_missing'] as const).map(errorCode),
);

function PageSkeleton() {
  return (
    <div role="status" aria-label={i18n.t('common.loading')} className="flex flex-col gap-4">
      <Skeleton className="h-80 w-full rounded-xl" />
    </div>
  );
}

/**
 * /UploadVideo: choose or drop a video, watch it upload (resumable through tus, or straight to the bucket in parts
 * when the server keeps files in S3: pause, resume, a dropped connection or a reload continue from what the server
 * has), fill in the post meanwhile, and publish it once
 * the server has checked the file. The post is then processed; My videos shows it processing, then ready.
 */
export default function UploadVideoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inputId = useId();
  const userId = useSession((s) => s.user?.id ?? 0);
  const config = useUploadConfig();
  const categories = useCategories();
  const upload = useVideoUpload();
  const sent = upload.phase === 'sent';
  // Inside Telegram, closing the Mini App while the file goes up asks first (issue 19).
  useClosingConfirmation(['starting', 'uploading', 'paused', 'offline'].includes(upload.phase));
  const detail = useUploadDetail(sent ? upload.uploadId : null, { poll: true });
  const store = useStorePost();
  const [values, setValues] = useState<PostValues>(EMPTY_POST);
  const [serverProblems, setServerProblems] = useState<PostProblems>({});
  /** The upload for which Publish was pressed before the server had checked it: sent once it is ready. */
  const [queuedFor, setQueuedFor] = useState<string | null>(null);
  const sentQueued = useRef<string | null>(null);

  // tus-js-client is wanted as soon as a file is chosen, and it lists the unfinished uploads of this device.
  useEffect(() => {
    if (userId) void refreshStoredUploads(userId).catch(() => undefined);
    else void loadTus().catch(() => undefined);
  }, [userId]);

  const checked: UploadDetail | undefined = sent ? detail.data : undefined;
  const ready = checked?.status === 'ready';
  // The server refused the file after its last byte (not a video, too short or too long), or lost it.
  useEffect(() => {
    if (!sent) return;
    if (checked?.status === 'refused') markRefused(checked.message);
    else if (detail.error instanceof ApiError && detail.error.code !== -1) markRefused(detail.error.message);
  }, [sent, checked, detail.error]);

  const change = useCallback((patch: Partial<PostValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerProblems((p) => {
      const next = { ...p };
      for (const field of Object.keys(patch)) delete next[field as keyof PostProblems];
      return next;
    });
  }, []);

  const choose = (file: File) => {
    if (!config.data) return;
    // A new file has new frames: the cover goes back to the first one unless it is an uploaded image.
    setValues((v) => (v.cover.kind === 'frame' ? { ...v, cover: { kind: 'frame', index: 0 } } : v));
    setQueuedFor(null);
    void startUpload(file, config.data, userId);
  };

  const publish = useCallback(async () => {
    const uploadId = useVideoUpload.getState().uploadId;
    if (!uploadId) return;
    try {
      const post = await store.mutateAsync(postInput(uploadId, values));
      await forgetPublishedUpload().catch(() => undefined);
      resetUpload();
      setValues(EMPTY_POST);
      notify.success(i18n.t('studio.published'));
      void navigate(paths.myVideos, { state: { postId: post.id } });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : i18n.t('errors.requestError');
      const field = fieldOfRefusal(error);
      if (field) setServerProblems({ [field]: message });
      else if (error instanceof ApiError && UPLOAD_REFUSALS.has(error.code)) markRefused(message);
      else notify.error(message);
    }
  }, [navigate, store, values]);

  useEffect(() => {
    if (!ready || !queuedFor || queuedFor !== upload.uploadId || sentQueued.current === queuedFor) return;
    sentQueued.current = queuedFor;
    void publish();
  }, [queuedFor, ready, upload.uploadId, publish]);
  const queued = queuedFor !== null && queuedFor === upload.uploadId && !ready && upload.phase !== 'refused';

  const askCancel = async () => {
    const confirmed = await confirm({
      title: t('studio.upload.cancelTitle'),
      message: t('studio.upload.cancelText'),
      confirmText: t('studio.upload.cancelConfirm'),
      cancelText: t('studio.upload.keepGoing'),
      icon: 'warning',
    });
    if (confirmed) await cancelUpload();
  };

  let waiting: string | null = null;
  if (!ready) {
    if (upload.phase === 'refused') waiting = t('studio.form.waitRefused');
    else if (queued) waiting = t('studio.form.queued');
    else waiting = sent ? t('studio.form.waitCheck') : t('studio.form.waitUpload');
  }

  let body;
  if (config.isPending) body = <PageSkeleton />;
  else if (config.isError) body = <ErrorState onRetry={() => void config.refetch()} />;
  else if (upload.phase === 'idle') {
    const previous = upload.previous[0];
    body = (
      <div className="mx-auto flex max-w-[56rem] flex-col gap-4">
        {previous && (
          <ResumeNotice
            key={previous.key}
            stored={previous}
            onContinue={() => adoptStoredUpload(previous, userId)}
            onForget={() => forgetStoredUpload(previous)}
          />
        )}
        <FileDrop config={config.data} inputId={inputId} onFile={choose} />
      </div>
    );
  } else {
    body = (
      <div className="grid gap-6 wide:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] wide:items-start">
        <div className="flex flex-col gap-4 wide:sticky wide:top-20">
          <UploadCard
            view={{ ...upload, name: upload.file?.name ?? '' }}
            detail={checked}
            onPause={pause}
            onResume={resume}
            onCancel={() => void askCancel()}
            onPickAnother={() => openFilePicker(inputId)}
          />
          <input
            id={inputId}
            type="file"
            accept="video/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) choose(file);
            }}
          />
          <p className="hidden text-sm text-muted wide:block">{t('studio.afterPublish')}</p>
        </div>
        <section
          aria-label={t('studio.form.label')}
          className="rounded-xl border border-border bg-surface p-4 wide:p-6"
        >
          <h2 className="mb-4 text-xl font-bold">{t('studio.form.heading')}</h2>
          <PostForm
            values={values}
            onChange={change}
            categories={categories.data}
            frames={ready ? checked.frames : null}
            waiting={waiting}
            publishing={store.isPending || queued}
            serverProblems={serverProblems}
            onPublish={() => {
              if (ready) void publish();
              else if (upload.phase !== 'refused') setQueuedFor(upload.uploadId);
            }}
          />
          <p className="mt-4 text-sm text-muted wide:hidden">{t('studio.afterPublish')}</p>
        </section>
      </div>
    );
  }

  return (
    <Page title={t('routes.UploadVideo')} narrow={upload.phase === 'idle'}>
      {body}
    </Page>
  );
}
