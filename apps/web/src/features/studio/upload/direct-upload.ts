import type { HttpResponse, PreviousUpload, UploadOptions } from 'tus-js-client';
import { errorCode, studioCalls, type DirectUpload as DirectUploadState } from '@taice/contract';
import { ApiError, call, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';

/** The device's URL of a direct upload (in tus-js-client's URL storage, beside tus uploads): its id is the last part. */
export const DIRECT_URL_PREFIX = 's3-multipart:';

/** What the upload page uses of an upload, met by tus-js-client's `Upload` and by `DirectUpload`. */
export interface ResumableUpload {
  readonly url: string | null;
  start(): void;
  abort(terminate?: boolean): Promise<void>;
  findPreviousUploads(): Promise<PreviousUpload[]>;
  resumeFromPreviousUpload(previous: PreviousUpload): void;
}

type Options = Pick<
  UploadOptions,
  'metadata' | 'retryDelays' | 'onProgress' | 'onSuccess' | 'onError' | 'onUploadUrlAvailable'
> &
  Required<Pick<UploadOptions, 'urlStorage'>> & { fingerprint: string };

function responseOf(status: number, body: unknown): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => (body === null ? '' : JSON.stringify(body)),
    getUnderlyingObject: () => null,
  };
}

/** A failure in the shape `describeTusError` reads (the HTTP status, the envelope as the body), and its code. */
type Failure = Error & { originalResponse: HttpResponse | null; code: number };

function failure(status: number, message: string, envelope: unknown = null): Failure {
  const code = (envelope as { code?: number } | null)?.code ?? TRANSPORT_ERROR_CODE;
  return Object.assign(new Error(message), { originalResponse: status ? responseOf(status, envelope) : null, code });
}

function refusalOf(error: unknown): Failure {
  if (!(error instanceof ApiError) || error.code === TRANSPORT_ERROR_CODE) return failure(0, String(error));
  // A server error is worth another try; any other code is the server's decision.
  const status = error.code === 401 ? 401 : error.code >= 500 && error.code < 600 ? 500 : 400;
  return failure(status, error.message, { code: error.code, msg: error.message, data: error.data });
}

/** Whether trying again may help: the server or the bucket was not reached, or answered a server error. */
function retriable(error: Failure): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500;
}

class Stopped extends Error {}

/**
 * A video sent straight to the bucket (decision 055): the server starts an S3 multipart upload, each part is PUT
 * to a presigned URL and confirmed with the ETag the bucket answers, and the server joins them at the end. Resuming
 * (after a pause, a dropped connection or a reload) asks the server which parts it has and sends the others; a
 * part cut half-way is sent again whole. It keeps the device's record in tus-js-client's URL storage, so the page
 * finds direct and tus uploads alike.
 */
export class DirectUpload implements ResumableUpload {
  url: string | null = null;
  private storageKey: string | null = null;
  private running: XMLHttpRequest | null = null;
  private run = 0;

  constructor(
    private readonly file: File,
    private readonly options: Options,
  ) {}

  private get uploadId(): string | null {
    return this.url ? this.url.slice(DIRECT_URL_PREFIX.length) : null;
  }

  findPreviousUploads(): Promise<PreviousUpload[]> {
    return this.options.urlStorage.findUploadsByFingerprint(this.options.fingerprint);
  }

  resumeFromPreviousUpload(previous: PreviousUpload): void {
    this.url = previous.uploadUrl;
    this.storageKey = previous.urlStorageKey;
  }

  start(): void {
    const run = ++this.run;
    void this.send(run).catch((error: unknown) => {
      if (error instanceof Stopped || run !== this.run) return;
      this.options.onError?.(error as Error);
    });
  }

  /** Stops sending; `terminate` also ends the upload on the server and forgets it on this device. */
  async abort(terminate = false): Promise<void> {
    this.run++;
    this.running?.abort();
    this.running = null;
    const uploadId = this.uploadId;
    if (!terminate || !uploadId) return;
    if (this.storageKey) await this.options.urlStorage.removeUpload(this.storageKey);
    await call(studioCalls.abortDirectUpload, { body: { upload_id: uploadId } }, { silent: true });
  }

  /** One step with the retries a dropped connection or a server error earn; a refusal ends it at once. */
  private async step<T>(run: number, work: () => Promise<T>): Promise<T> {
    const delays = this.options.retryDelays ?? [0];
    for (let attempt = 0; ; attempt++) {
      if (run !== this.run) throw new Stopped();
      try {
        return await work();
      } catch (error) {
        if (error instanceof Stopped) throw error;
        const problem = error instanceof Error && 'originalResponse' in error ? (error as Failure) : refusalOf(error);
        const delay = delays[attempt];
        if (!retriable(problem) || delay === undefined) throw problem;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async begin(): Promise<DirectUploadState> {
    const created = await call(
      studioCalls.createDirectUpload,
      { body: { size: this.file.size, file_name: this.file.name } },
      { silent: true },
    );
    this.url = `${DIRECT_URL_PREFIX}${created.upload_id}`;
    this.storageKey = await this.options.urlStorage.addUpload(this.options.fingerprint, {
      size: this.file.size,
      metadata: this.options.metadata ?? {},
      creationTime: new Date().toString(),
      uploadUrl: this.url,
      urlStorageKey: '',
      parallelUploadUrls: null,
    });
    this.options.onUploadUrlAvailable?.();
    return created;
  }

  private async send(run: number): Promise<void> {
    const id = this.uploadId;
    let state = await this.step(run, () =>
      id ? call(studioCalls.directUploadParts, { query: { upload_id: id } }, { silent: true }) : this.begin(),
    );
    const uploadId = state.upload_id;
    const partSize = (n: number) => Math.min(state.part_bytes, state.size - (n - 1) * state.part_bytes);
    for (;;) {
      const have = new Set(state.parts.map((p) => p.part_number));
      let sent = [...have].reduce((sum, n) => sum + partSize(n), 0);
      this.options.onProgress?.(sent, this.file.size);
      for (let n = 1; n <= state.part_count; n++) {
        if (have.has(n)) continue;
        const base = sent;
        const etag = await this.step(run, async () => {
          const { url } = await call(
            studioCalls.signUploadPart,
            { body: { upload_id: uploadId, part_number: n } },
            { silent: true },
          );
          const start = (n - 1) * state.part_bytes;
          return this.put(run, url, this.file.slice(start, start + partSize(n)), (loaded) =>
            this.options.onProgress?.(base + loaded, this.file.size),
          );
        });
        state = await this.step(run, () =>
          call(
            studioCalls.confirmUploadPart,
            { body: { upload_id: uploadId, part_number: n, etag } },
            { silent: true },
          ),
        );
        sent += partSize(n);
      }
      try {
        await this.step(run, () =>
          call(studioCalls.completeDirectUpload, { body: { upload_id: uploadId } }, { silent: true }),
        );
        break;
      } catch (error) {
        // The bucket did not know a part's ETag: the server forgot the parts, so they are sent again.
        if ((error as Failure).code !== errorCode('studio_upload_parts_rejected')) throw error;
        state = { ...state, parts: [] };
      }
    }
    this.options.onProgress?.(this.file.size, this.file.size);
    this.options.onSuccess?.({ lastResponse: responseOf(200, null) });
  }

  /** PUTs one part to its presigned URL; answers the bucket's ETag (the bucket's CORS rule must expose it). */
  private put(run: number, url: string, body: Blob, progress: (loaded: number) => void): Promise<string> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      this.running = xhr;
      xhr.open('PUT', url);
      xhr.upload.onprogress = (event) => progress(event.loaded);
      xhr.onload = () => {
        const etag = xhr.getResponseHeader('ETag');
        // Any refusal of the bucket (an expired URL, say) is tried again with a new URL.
        if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
        else reject(failure(500, `the bucket answered ${xhr.status}`));
      };
      xhr.onerror = () => reject(failure(0, 'the bucket was not reached'));
      xhr.onabort = () => reject(new Stopped());
      xhr.send(body);
      if (run !== this.run) xhr.abort();
    });
  }
}
