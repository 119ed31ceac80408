import { create } from 'zustand';
import type * as TusModule from 'tus-js-client';
import type { DetailedError, PreviousUpload, UploadOptions } from 'tus-js-client';
import {
  errorMessage,
  toApiLang,
  UNAUTHORIZED_CODE,
  type CallData,
  type Envelope,
  type studioCalls,
} from '@taice/contract';
import { currentLang, i18n } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import type { ResumableUpload } from './direct-upload';
import { TransferMeter } from './transfer-meter';

export type UploadConfig = CallData<typeof studioCalls.uploadConfig>;

/**
 * Where one upload is:
 * - `starting`: looking for an earlier upload of the same file, or creating one on the server;
 * - `uploading`, `paused` (by the user), `offline` (the connection dropped: it goes on when it is back),
 *   `failed` (the server could not be reached after retries: the user may retry);
 * - `sent`: every byte arrived, the server checks the file (the upload detail says what it decided);
 * - `refused`: the server refused the file (too large, not a video...) with `message`.
 */
export type UploadPhase = 'idle' | 'starting' | 'uploading' | 'paused' | 'offline' | 'failed' | 'sent' | 'refused';

export interface FileInfo {
  name: string;
  size: number;
  type: string;
}

/** An upload of this device that was not published yet (kept by tus-js-client in local storage). */
export interface StoredUpload {
  key: string;
  uploadId: string;
  file: FileInfo;
  createdAt: string;
}

interface UploadState {
  phase: UploadPhase;
  file: FileInfo | null;
  /** The server's id of the upload (the last segment of its URL), once it was created. */
  uploadId: string | null;
  /** Bytes the server has, and the file's size. */
  sent: number;
  total: number;
  /** Bytes per second and seconds left while uploading; null while not known. */
  speed: number | null;
  secondsLeft: number | null;
  /** Bytes the server already had when this upload resumed an earlier one (0 for a fresh upload). */
  resumedFrom: number;
  /** Why it failed or was refused, in the user's language. */
  message: string | null;
  /** Unfinished uploads of this user on this device, newest first (for the page to offer resuming). */
  previous: StoredUpload[];
}

const idle: Omit<UploadState, 'previous'> = {
  phase: 'idle',
  file: null,
  uploadId: null,
  sent: 0,
  total: 0,
  speed: null,
  secondsLeft: null,
  resumedFrom: 0,
  message: null,
};

export const useVideoUpload = create<UploadState>(() => ({ ...idle, previous: [] }));

type Tus = typeof TusModule;
let tusModule: Promise<Tus> | null = null;

/** tus-js-client, loaded on first use: only the upload page needs it. */
export function loadTus(): Promise<Tus> {
  tusModule ??= import('tus-js-client').catch((error: unknown) => {
    tusModule = null;
    throw error;
  });
  return tusModule;
}

/** The fingerprint prefix of a user's uploads: uploads are resumed only by the user who started them. */
const fingerprintPrefix = (userId: number) => `taice-${userId}-`;

function fingerprintOf(file: File, userId: number, endpoint: string): string {
  return `${fingerprintPrefix(userId)}${[file.name, file.type, file.size, file.lastModified, endpoint].join('-')}`;
}

/** The id of a tus upload: its URL's last path segment. */
export function uploadIdOf(url: string): string {
  return new URL(url, window.location.origin).pathname.split('/').filter(Boolean).at(-1) ?? '';
}

/** Retries of a request that failed for want of a connection or with a server error, before giving up. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];
/** How often the progress reaches the screen at most. */
const PROGRESS_EVERY_MS = 200;

let upload: ResumableUpload | null = null;
let currentUser = 0;
const meter = new TransferMeter();
let lastShown = 0;

const set = (patch: Partial<UploadState>) => useVideoUpload.setState(patch);

function envelopeOf(body: string | undefined): Envelope<unknown> | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as Envelope<unknown>).code === 'number'
      ? (parsed as Envelope<unknown>)
      : null;
  } catch {
    return null;
  }
}

/** What an error of tus-js-client means for the user: a refusal of the server, or a connection problem. */
export function describeTusError(error: Error | DetailedError): {
  kind: 'refused' | 'unauthorized' | 'offline' | 'failed';
  message: string;
} {
  const response = (error as DetailedError).originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  const envelope = envelopeOf(response?.getBody());
  if (status === 401 || envelope?.code === UNAUTHORIZED_CODE) {
    return { kind: 'unauthorized', message: envelope?.msg || i18n.t('errors.requestError') };
  }
  // 409 (out of step) and 423 (busy) are retried by tus-js-client; any other 4xx is the server's decision.
  if (status >= 400 && status < 500 && status !== 409 && status !== 423) {
    return {
      kind: 'refused',
      message:
        envelope?.msg ||
        (status === 404
          ? errorMessage('studio_upload_not_found', toApiLang(currentLang()))
          : i18n.t('errors.requestError')),
    };
  }
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return { kind: 'offline', message: i18n.t('studio.upload.offline') };
  }
  return { kind: 'failed', message: envelope?.msg || i18n.t('studio.upload.failed') };
}

function showProgress(sent: number, total: number, force = false) {
  const now = performance.now();
  meter.add(now, sent);
  if (!force && now - lastShown < PROGRESS_EVERY_MS && sent < total) return;
  lastShown = now;
  const state = useVideoUpload.getState();
  set({
    sent,
    total,
    speed: meter.speed(),
    secondsLeft: meter.secondsLeft(total),
    // The first progress of a resumed upload starts at the server's offset.
    resumedFrom: state.phase === 'starting' ? sent : state.resumedFrom,
    phase:
      state.phase === 'starting' || state.phase === 'offline' || state.phase === 'failed' ? 'uploading' : state.phase,
  });
}

function onOnline() {
  if (useVideoUpload.getState().phase === 'offline') resume();
}

function stopListening() {
  window.removeEventListener('online', onOnline);
}

/** Forgets the upload `uploadId` of the user on this device: it is not offered for resuming again. */
async function forgetUploadId(userId: number, uploadId: string | null): Promise<void> {
  if (!uploadId) return;
  const tus = await loadTus();
  for (const stored of await findStoredUploads(userId)) {
    if (stored.uploadId === uploadId) await tus.defaultOptions.urlStorage.removeUpload(stored.key);
  }
  set({ previous: useVideoUpload.getState().previous.filter((p) => p.uploadId !== uploadId) });
}

/** The user's unfinished uploads on this device, newest first. */
export async function findStoredUploads(userId: number): Promise<StoredUpload[]> {
  const tus = await loadTus();
  const all = await tus.defaultOptions.urlStorage.findAllUploads();
  const prefix = `tus::${fingerprintPrefix(userId)}`;
  return all
    .filter((p: PreviousUpload) => p.urlStorageKey.startsWith(prefix) && p.uploadUrl)
    .map((p) => ({
      key: p.urlStorageKey,
      uploadId: uploadIdOf(p.uploadUrl!),
      file: {
        name: p.metadata.filename ?? '',
        size: p.size ?? 0,
        type: p.metadata.filetype ?? '',
      },
      createdAt: p.creationTime,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Reads the user's unfinished uploads into the store. */
export async function refreshStoredUploads(userId: number): Promise<void> {
  set({ previous: await findStoredUploads(userId) });
}

/** Drops an unfinished upload from this device's list (published, refused, or gone from the server). */
export function forgetStoredUpload(stored: StoredUpload): void {
  void loadTus().then((tus) => tus.defaultOptions.urlStorage.removeUpload(stored.key));
  set({ previous: useVideoUpload.getState().previous.filter((p) => p.key !== stored.key) });
}

/** The size limit refusal, in the server's words, for a file that is obviously too large. */
export function tooLargeMessage(config: UploadConfig): string {
  return errorMessage('studio_upload_too_large', toApiLang(currentLang()), {
    mb: Math.floor(config.max_bytes / 1024 / 1024),
  });
}

/** The direct-to-bucket uploader, loaded on first use (only when the server stores files in a bucket). */
const loadDirect = () => import('./direct-upload');

/**
 * Uploads `file` with tus, or straight to the bucket when the server says so (decision 055), resuming an earlier
 * upload of the same file by this user when there is one (after a reload or a dropped connection). A file over
 * the limit is refused at once with the server's message.
 */
export async function startUpload(file: File, config: UploadConfig, userId: number): Promise<void> {
  // The state is replaced below: going through idle would flash the file picker.
  await discard({ keepState: true });
  const info: FileInfo = { name: file.name, size: file.size, type: file.type };
  if (file.size > config.max_bytes) {
    set({ ...idle, phase: 'refused', file: info, total: file.size, message: tooLargeMessage(config) });
    return;
  }
  if (file.size === 0) {
    set({
      ...idle,
      phase: 'refused',
      file: info,
      message: errorMessage('studio_upload_empty', toApiLang(currentLang())),
    });
    return;
  }
  set({ ...idle, phase: 'starting', file: info, total: file.size });
  currentUser = userId;
  meter.reset();
  let tus: Tus;
  let direct: Awaited<ReturnType<typeof loadDirect>> | null = null;
  try {
    tus = await loadTus();
    if (config.transport === 's3_multipart') direct = await loadDirect();
  } catch {
    set({ phase: 'failed', message: i18n.t('studio.upload.failed') });
    return;
  }
  const endpoint = direct
    ? direct.DIRECT_URL_PREFIX
    : new URL(config.tus_endpoint, import.meta.env.VITE_API_BASE || window.location.origin).href;
  const options: UploadOptions = {
    endpoint,
    chunkSize: config.chunk_bytes > 0 ? config.chunk_bytes : undefined,
    retryDelays: RETRY_DELAYS_MS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    // Kept after the last byte: a reload before publishing finds the upload again (it is forgotten on publish).
    removeFingerprintOnSuccess: false,
    fingerprint: (f: File) => Promise.resolve(fingerprintOf(f, userId, endpoint)),
    // The session's token and the UI language on every request, read when it is sent.
    onBeforeRequest(request) {
      const token = useSession.getState().token;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
      request.setHeader('lang', toApiLang(currentLang()));
    },
    onUploadUrlAvailable() {
      if (upload?.url) set({ uploadId: uploadIdOf(upload.url) });
    },
    onProgress(sent, total) {
      if (upload !== current) return;
      showProgress(sent, total);
    },
    onSuccess() {
      if (upload !== current) return;
      stopListening();
      showProgress(file.size, file.size, true);
      set({ phase: 'sent', speed: null, secondsLeft: 0, uploadId: current.url ? uploadIdOf(current.url) : null });
    },
    onError(error) {
      if (upload !== current) return;
      const { kind, message } = describeTusError(error);
      meter.reset();
      set({ speed: null, secondsLeft: null });
      if (kind === 'unauthorized') {
        stopListening();
        set({ phase: 'failed', message });
        useSession.getState().clear({ loginRequired: true });
      } else if (kind === 'refused') {
        stopListening();
        void forgetUploadId(userId, current.url ? uploadIdOf(current.url) : useVideoUpload.getState().uploadId);
        set({ phase: 'refused', message });
      } else {
        set({ phase: kind, message });
      }
    },
  };
  const current: ResumableUpload = direct
    ? new direct.DirectUpload(file, {
        ...options,
        urlStorage: tus.defaultOptions.urlStorage,
        fingerprint: fingerprintOf(file, userId, endpoint),
      })
    : new tus.Upload(file, options);
  upload = current;
  window.addEventListener('online', onOnline);
  try {
    const earlier = await current.findPreviousUploads();
    const latest = [...earlier].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
    if (latest) {
      current.resumeFromPreviousUpload(latest);
      set({ uploadId: latest.uploadUrl ? uploadIdOf(latest.uploadUrl) : null });
    }
  } catch {
    // Without local storage the upload starts afresh.
  }
  // Replaced meanwhile by another file, or paused before it began.
  if (upload !== current || useVideoUpload.getState().phase === 'paused') return;
  current.start();
  const resumed = useVideoUpload.getState().uploadId;
  set({ previous: useVideoUpload.getState().previous.filter((p) => p.uploadId !== resumed) });
}

/** Stops sending; `resume` goes on from the bytes the server has. */
export function pause(): void {
  const { phase } = useVideoUpload.getState();
  if (!upload || (phase !== 'uploading' && phase !== 'starting' && phase !== 'offline')) return;
  void upload.abort(false);
  meter.reset();
  set({ phase: 'paused', speed: null, secondsLeft: null });
}

/** Goes on after a pause, a dropped connection or a failure: tus asks the server for its offset first. */
export function resume(): void {
  const { phase } = useVideoUpload.getState();
  if (!upload || (phase !== 'paused' && phase !== 'offline' && phase !== 'failed')) return;
  meter.reset();
  set({ phase: 'uploading', message: null });
  upload.start();
}

/** Stops and deletes the upload on the server (tus termination), forgetting it on this device. */
export async function cancelUpload(): Promise<void> {
  const current = upload;
  const uploadId = useVideoUpload.getState().uploadId;
  await discard();
  if (current?.url) {
    try {
      await current.abort(true);
    } catch {
      // The server forgets an unfinished upload by itself after a while.
    }
  }
  await forgetUploadId(currentUser, uploadId);
}

/** Leaves the current upload alone (it stays on the server and on this device) and returns to the start. */
async function discard({ keepState = false }: { keepState?: boolean } = {}): Promise<void> {
  const current = upload;
  upload = null;
  stopListening();
  meter.reset();
  if (!keepState) set({ ...idle });
  if (current) await current.abort(false).catch(() => undefined);
}

/** Back to choosing a file, after a refusal or a publish. */
export function resetUpload(): void {
  void discard();
}

/** Continues with an upload of an earlier visit whose bytes had all arrived: straight to the post form. */
export function adoptStoredUpload(stored: StoredUpload, userId: number): void {
  void discard().then(() => {
    currentUser = userId;
    set({
      ...idle,
      phase: 'sent',
      file: stored.file,
      uploadId: stored.uploadId,
      sent: stored.file.size,
      total: stored.file.size,
      resumedFrom: stored.file.size,
      previous: useVideoUpload.getState().previous.filter((p) => p.key !== stored.key),
    });
  });
}

/** The upload became a post: it is not offered for resuming again. */
export function forgetPublishedUpload(): Promise<void> {
  return forgetUploadId(currentUser, useVideoUpload.getState().uploadId);
}

/** The server refused the file after checking it: its bytes are gone, so it is not offered again. */
export function markRefused(message: string): void {
  void forgetUploadId(currentUser, useVideoUpload.getState().uploadId);
  set({ phase: 'refused', message });
}
