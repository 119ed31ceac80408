import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PreviousUpload } from 'tus-js-client';
import { errorCode, errorMessage, studioCalls, type CallDef } from '@taice/contract';
import type * as ClientModule from '../../../shared/api/client';
import { i18nReady } from '../../../shared/i18n/i18n';

/** The server's side of a direct upload, in memory: created uploads and their confirmed parts. */
const server = vi.hoisted(() => ({
  partBytes: 4,
  size: 10,
  parts: new Map<number, string>(),
  calls: [] as string[],
  completed: 0,
  refuseCreation: null as { code: number; msg: string } | null,
}));

vi.mock('../../../shared/api/client', async (original) => {
  const actual = await original<typeof ClientModule>();
  const state = () => ({
    upload_id: 'direct-id-1',
    status: 'receiving' as const,
    size: server.size,
    part_bytes: server.partBytes,
    part_count: Math.ceil(server.size / server.partBytes),
    parts: [...server.parts].sort(([a], [b]) => a - b).map(([n, etag]) => ({ part_number: n, etag })),
  });
  return {
    ...actual,
    call: (def: CallDef, input: { body?: Record<string, unknown> }) => {
      const body = input.body ?? {};
      server.calls.push(def.path.split('/').at(-1)!);
      switch (def.path) {
        case studioCalls.createDirectUpload.path:
          if (server.refuseCreation) {
            const { code, msg } = server.refuseCreation;
            return Promise.reject(new actual.ApiError(code, msg));
          }
          return Promise.resolve(state());
        case studioCalls.directUploadParts.path:
          return Promise.resolve(state());
        case studioCalls.signUploadPart.path:
          return Promise.resolve({ url: `http://bucket/part/${String(body.part_number)}`, expires_at: '' });
        case studioCalls.confirmUploadPart.path:
          server.parts.set(Number(body.part_number), String(body.etag));
          return Promise.resolve(state());
        case studioCalls.completeDirectUpload.path:
          server.completed += 1;
          return Promise.resolve({ ...state(), status: 'checking' });
        default:
          return Promise.resolve({ upload_id: 'direct-id-1' });
      }
    },
  };
});

/** A browser's XHR to the bucket: the test decides when each PUT ends. */
class FakeXhr {
  static open: FakeXhr[] = [];
  url = '';
  status = 0;
  body: Blob | null = null;
  upload = { onprogress: null as ((e: { loaded: number }) => void) | null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: Blob) {
    this.body = body;
    FakeXhr.open.push(this);
  }
  abort() {
    FakeXhr.open = FakeXhr.open.filter((xhr) => xhr !== this);
    this.onabort?.();
  }
  getResponseHeader(name: string) {
    return name === 'ETag' ? `"etag-${this.url.split('/').at(-1)!}"` : null;
  }
  finish() {
    this.upload.onprogress?.({ loaded: this.body!.size });
    this.status = 200;
    this.onload?.();
  }
}
vi.stubGlobal('XMLHttpRequest', FakeXhr);

const { DirectUpload } = await import('./direct-upload');
const { describeTusError } = await import('./video-upload');

const stored: PreviousUpload[] = [];
const urlStorage = {
  findAllUploads: () => Promise.resolve(stored),
  findUploadsByFingerprint: (fp: string) => Promise.resolve(stored.filter((s) => s.urlStorageKey.startsWith(fp))),
  removeUpload: () => Promise.resolve(),
  addUpload: (fp: string, upload: PreviousUpload) => {
    stored.push({ ...upload, urlStorageKey: `${fp}::1` });
    return Promise.resolve(`${fp}::1`);
  },
};
const file = new File([new Uint8Array(10)], 'clip.mp4', { type: 'video/mp4' });
const flush = () => new Promise((r) => setTimeout(r, 0));

function direct() {
  const progress: number[] = [];
  const events = { success: 0, errors: [] as Error[] };
  const upload = new DirectUpload(file, {
    urlStorage,
    fingerprint: 'fp',
    retryDelays: [0],
    onProgress: (sent) => progress.push(sent),
    onSuccess: () => (events.success += 1),
    onError: (error) => events.errors.push(error),
  });
  return { upload, progress, events };
}

/** Ends the PUT in flight once it is there. */
async function finishPart() {
  for (let i = 0; i < 20 && FakeXhr.open.length === 0; i++) await flush();
  FakeXhr.open.shift()!.finish();
  await flush();
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  server.parts.clear();
  server.calls = [];
  server.completed = 0;
  server.refuseCreation = null;
  stored.length = 0;
  FakeXhr.open = [];
});

describe('a direct upload to the bucket', () => {
  it('sends each part to its signed URL, confirms it with the ETag, and completes with the progress of every byte', async () => {
    const { upload, progress, events } = direct();
    upload.start();
    await finishPart();
    await finishPart();
    await finishPart();
    for (let i = 0; i < 10 && events.success === 0; i++) await flush();
    expect(events).toEqual({ success: 1, errors: [] });
    expect([...server.parts]).toEqual([
      [1, '"etag-1"'],
      [2, '"etag-2"'],
      [3, '"etag-3"'],
    ]);
    expect(server.completed).toBe(1);
    expect(progress.at(-1)).toBe(10);
    expect(upload.url).toBe('s3-multipart:direct-id-1');
    expect(stored[0]).toMatchObject({ uploadUrl: 's3-multipart:direct-id-1', size: 10 });
  });

  it('pauses in the middle of a part and, resumed (or after a reload), sends only the parts the server lacks', async () => {
    const first = direct();
    first.upload.start();
    await finishPart();
    for (let i = 0; i < 20 && FakeXhr.open.length === 0; i++) await flush();
    await first.upload.abort(false);
    expect([...server.parts.keys()]).toEqual([1]);

    // A reload: a new page finds the upload on this device and asks the server which parts it has.
    const again = direct();
    const [previous] = await again.upload.findPreviousUploads();
    again.upload.resumeFromPreviousUpload(previous!);
    server.calls = [];
    again.upload.start();
    await finishPart();
    await finishPart();
    for (let i = 0; i < 10 && again.events.success === 0; i++) await flush();
    expect(server.calls[0]).toBe('directUploadParts');
    expect(server.calls).not.toContain('createDirectUpload');
    expect(server.calls.filter((c) => c === 'signUploadPart')).toHaveLength(2);
    expect(again.progress[0]).toBe(4);
    expect(again.events.success).toBe(1);
    expect(first.events).toEqual({ success: 0, errors: [] });
  });

  it('reports a refusal of the server as the page reads tus refusals, with its message', async () => {
    const msg = errorMessage('studio_upload_too_large', 'en_US', { mb: 1 });
    server.refuseCreation = { code: errorCode('studio_upload_too_large'), msg };
    const { upload, events } = direct();
    upload.start();
    for (let i = 0; i < 10 && events.errors.length === 0; i++) await flush();
    expect(describeTusError(events.errors[0]!)).toEqual({ kind: 'refused', message: msg });
  });
});
