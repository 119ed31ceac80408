import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UploadOptions } from 'tus-js-client';
import { i18nReady } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';

/** A stand-in for tus-js-client's Upload: the test drives its callbacks. */
const fake = vi.hoisted(() => {
  const state = {
    uploads: [] as FakeUpload[],
    stored: [] as {
      urlStorageKey: string;
      uploadUrl: string;
      size: number;
      metadata: Record<string, string>;
      creationTime: string;
    }[],
    removed: [] as string[],
    directs: [] as FakeUpload[],
  };
  class FakeUpload {
    url: string | null = null;
    started = 0;
    aborted: boolean[] = [];
    resumedFrom: string | null = null;
    constructor(
      readonly file: File,
      readonly options: UploadOptions,
    ) {
      state.uploads.push(this);
    }
    start() {
      this.started += 1;
    }
    abort(terminate = false) {
      this.aborted.push(terminate);
      return Promise.resolve();
    }
    async findPreviousUploads() {
      const fingerprint = await this.options.fingerprint!(this.file, this.options);
      return state.stored.filter((s) => s.urlStorageKey.startsWith(`tus::${fingerprint}::`));
    }
    resumeFromPreviousUpload(previous: { uploadUrl: string }) {
      this.url = previous.uploadUrl;
      this.resumedFrom = previous.uploadUrl;
    }
  }
  const urlStorage = {
    findAllUploads: () => Promise.resolve(state.stored),
    removeUpload: (key: string) => {
      state.removed.push(key);
      state.stored = state.stored.filter((s) => s.urlStorageKey !== key);
      return Promise.resolve();
    },
  };
  /** A stand-in for the direct-to-bucket uploader: the same surface, with the fingerprint as a string. */
  class FakeDirect extends FakeUpload {
    constructor(file: File, options: UploadOptions & { fingerprint: string }) {
      super(file, options);
      state.uploads.pop();
      state.directs.push(this);
    }
    override findPreviousUploads() {
      const fingerprint = (this.options as unknown as { fingerprint: string }).fingerprint;
      return Promise.resolve(state.stored.filter((s) => s.urlStorageKey.startsWith(`tus::${fingerprint}::`)));
    }
  }
  return { state, FakeUpload, FakeDirect, urlStorage };
});
type FakeUpload = InstanceType<typeof fake.FakeUpload>;

vi.mock('tus-js-client', () => ({ Upload: fake.FakeUpload, defaultOptions: { urlStorage: fake.urlStorage } }));
vi.mock('./direct-upload', () => ({ DirectUpload: fake.FakeDirect, DIRECT_URL_PREFIX: 's3-multipart:' }));

const { cancelUpload, pause, resume, startUpload, useVideoUpload, findStoredUploads, forgetPublishedUpload } =
  await import('./video-upload');

const config = {
  transport: 'tus' as const,
  tus_endpoint: '/api/common/upload/tus',
  max_bytes: 100 * 1024 * 1024,
  chunk_bytes: 8 * 1024 * 1024,
  min_seconds: 1,
  max_seconds: 600,
  expires_seconds: 86_400,
  content_types: ['video/mp4'],
};
const file = new File([new Uint8Array(1000)], 'clip.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const state = () => useVideoUpload.getState();
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeAll(async () => {
  await i18nReady;
});

afterEach(() => {
  fake.state.uploads = [];
  fake.state.stored = [];
  fake.state.removed = [];
  fake.state.directs = [];
});

async function started(): Promise<FakeUpload> {
  await startUpload(file, config, 7);
  const upload = fake.state.uploads.at(-1)!;
  upload.url = 'http://localhost/api/common/upload/tus/upload-id-1';
  upload.options.onUploadUrlAvailable?.();
  return upload;
}

describe('the upload flow', () => {
  it('sends the session token and the language on every request, with the file name and type', async () => {
    useSession.setState({ token: 'tok-123' });
    const upload = await started();
    expect(upload.started).toBe(1);
    expect(upload.options.endpoint).toBe(`${location.origin}/api/common/upload/tus`);
    expect(upload.options.metadata).toEqual({ filename: 'clip.mp4', filetype: 'video/mp4' });
    expect(upload.options.chunkSize).toBe(8 * 1024 * 1024);
    const headers: Record<string, string> = {};
    await upload.options.onBeforeRequest!({ setHeader: (k: string, v: string) => (headers[k] = v) } as never);
    expect(headers).toEqual({ Authorization: 'Bearer tok-123', lang: 'en_US' });
    expect(state()).toMatchObject({ phase: 'starting', uploadId: 'upload-id-1', total: 1000 });
  });

  it('shows progress, pauses without terminating, resumes from the server, and ends as sent', async () => {
    const upload = await started();
    upload.options.onProgress!(250, 1000);
    expect(state()).toMatchObject({ phase: 'uploading', sent: 250, total: 1000, resumedFrom: 250 });
    pause();
    expect(state().phase).toBe('paused');
    expect(upload.aborted).toEqual([false]);
    resume();
    expect(state().phase).toBe('uploading');
    expect(upload.started).toBe(2);
    upload.options.onSuccess!({ lastResponse: null as never });
    expect(state()).toMatchObject({ phase: 'sent', sent: 1000, uploadId: 'upload-id-1' });
  });

  it('waits for the connection when it drops, and goes on by itself when it is back', async () => {
    const upload = await started();
    upload.options.onProgress!(500, 1000);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    upload.options.onError!(new Error('tus: failed to upload chunk'));
    expect(state()).toMatchObject({ phase: 'offline', speed: null });
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(state().phase).toBe('uploading');
    expect(upload.started).toBe(2);
    onLine.mockRestore();
  });

  it('continues an earlier upload of the same file by the same user, and only theirs', async () => {
    const endpoint = `${location.origin}/api/common/upload/tus`;
    const fingerprint = ['taice-7-clip.mp4', 'video/mp4', 1000, 1_700_000_000_000, endpoint].join('-');
    fake.state.stored = [
      {
        urlStorageKey: `tus::${fingerprint}::1`,
        uploadUrl: `${endpoint}/earlier-id-9`,
        size: 1000,
        metadata: { filename: 'clip.mp4', filetype: 'video/mp4' },
        creationTime: '2026-12-01T10:00:00Z',
      },
      {
        urlStorageKey: `tus::taice-8-other.mp4-video/mp4-5-1-${endpoint}::2`,
        uploadUrl: `${endpoint}/someone-else`,
        size: 5,
        metadata: { filename: 'other.mp4' },
        creationTime: '2026-12-01T11:00:00Z',
      },
    ];
    expect((await findStoredUploads(7)).map((s) => s.uploadId)).toEqual(['earlier-id-9']);
    await startUpload(file, config, 7);
    const upload = fake.state.uploads.at(-1)!;
    expect(upload.resumedFrom).toBe(`${endpoint}/earlier-id-9`);
    expect(state().uploadId).toBe('earlier-id-9');
    upload.options.onSuccess!({ lastResponse: null as never });
    await forgetPublishedUpload();
    expect(fake.state.removed).toEqual([`tus::${fingerprint}::1`]);
  });

  it('sends the video straight to the bucket when the server says so, and continues it after a reload', async () => {
    const fingerprint = ['taice-7-clip.mp4', 'video/mp4', 1000, 1_700_000_000_000, 's3-multipart:'].join('-');
    fake.state.stored = [
      {
        urlStorageKey: `tus::${fingerprint}::1`,
        uploadUrl: 's3-multipart:direct-id-5',
        size: 1000,
        metadata: { filename: 'clip.mp4', filetype: 'video/mp4' },
        creationTime: '2026-12-01T10:00:00Z',
      },
    ];
    expect((await findStoredUploads(7)).map((s) => s.uploadId)).toEqual(['direct-id-5']);
    await startUpload(file, { ...config, transport: 's3_multipart' }, 7);
    expect(fake.state.uploads).toHaveLength(0);
    const upload = fake.state.directs.at(-1)!;
    expect(upload.options.urlStorage).toBe(fake.urlStorage);
    expect(upload.resumedFrom).toBe('s3-multipart:direct-id-5');
    expect(upload.started).toBe(1);
    expect(state()).toMatchObject({ phase: 'starting', uploadId: 'direct-id-5' });
  });

  it('takes a refusal as final: the message shows and the upload is forgotten', async () => {
    const upload = await started();
    fake.state.stored = [
      {
        urlStorageKey: 'tus::taice-7-x::1',
        uploadUrl: upload.url!,
        size: 1000,
        metadata: {},
        creationTime: '2026-12-01T10:00:00Z',
      },
    ];
    const response = {
      getStatus: () => 413,
      getHeader: () => undefined,
      getBody: () => JSON.stringify({ code: 20004, msg: 'Too large: 100 MB', data: null }),
      getUnderlyingObject: () => null,
    };
    upload.options.onError!(Object.assign(new Error('tus'), { originalResponse: response }) as never);
    await flush();
    expect(state()).toMatchObject({ phase: 'refused', message: 'Too large: 100 MB' });
    expect(fake.state.removed).toEqual(['tus::taice-7-x::1']);
  });

  it('cancels by terminating the upload on the server', async () => {
    const upload = await started();
    await cancelUpload();
    expect(upload.aborted).toEqual([false, true]);
    expect(state().phase).toBe('idle');
  });
});
