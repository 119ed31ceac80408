import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailedError, HttpResponse } from 'tus-js-client';
import { i18nReady } from '../../../shared/i18n/i18n';
import { describeTusError, startUpload, uploadIdOf, useVideoUpload, type UploadConfig } from './video-upload';

const config: UploadConfig = {
  transport: 'tus',
  tus_endpoint: '/api/common/upload/tus',
  max_bytes: 2 * 1024 * 1024,
  chunk_bytes: 1024 * 1024,
  min_seconds: 1,
  max_seconds: 600,
  expires_seconds: 86_400,
  content_types: ['video/mp4'],
};

/** An error of tus-js-client carrying the server's answer. */
function answered(status: number, body: unknown): DetailedError {
  const response: HttpResponse = {
    getStatus: () => status,
    getHeader: () => undefined,
    getBody: () => (typeof body === 'string' ? body : JSON.stringify(body)),
    getUnderlyingObject: () => null,
  };
  return Object.assign(new Error('tus: unexpected response'), {
    originalResponse: response,
    originalRequest: null as never,
    causingError: null,
  });
}

beforeAll(async () => {
  await i18nReady;
});

describe('the video upload', () => {
  it('takes the upload id from the upload URL', () => {
    expect(uploadIdOf('http://127.0.0.1:4313/api/common/upload/tus/AbC_12-xyz')).toBe('AbC_12-xyz');
    expect(uploadIdOf('/api/common/upload/tus/abcdefgh/')).toBe('abcdefgh');
  });

  it('reads a refusal of the tus endpoint from its envelope, in the server’s words', () => {
    const tooLarge = answered(413, { code: 20004, msg: 'The video is too large: the limit is 2 MB', data: null });
    expect(describeTusError(tooLarge)).toEqual({
      kind: 'refused',
      message: 'The video is too large: the limit is 2 MB',
    });
    expect(describeTusError(answered(404, 'Not Found')).message).toBe(
      'This upload does not exist or has expired, please upload the video again',
    );
    expect(describeTusError(answered(401, { code: 401, msg: 'Please log in', data: null })).kind).toBe('unauthorized');
  });

  it('treats a server error or a lost connection as a failure to retry, not a refusal', () => {
    expect(describeTusError(answered(503, 'busy')).kind).toBe('failed');
    expect(describeTusError(answered(409, { code: 20010, msg: 'out of step', data: null })).kind).toBe('failed');
    expect(describeTusError(new Error('tus: failed to upload chunk')).kind).toBe('failed');
  });

  it('refuses at once, with the server’s message, a file over the limit or an empty one', async () => {
    await startUpload(new File([new Uint8Array(3 * 1024 * 1024)], 'big.mp4', { type: 'video/mp4' }), config, 1);
    expect(useVideoUpload.getState()).toMatchObject({
      phase: 'refused',
      message: 'The video is too large: the limit is 2 MB',
    });
    await startUpload(new File([], 'empty.mp4', { type: 'video/mp4' }), config, 1);
    expect(useVideoUpload.getState()).toMatchObject({
      phase: 'refused',
      message: 'The file is empty (0 bytes). Please choose a video file',
    });
  });
});
