import { SUCCESS_CODE, userCalls, type Envelope, type UploadResult } from '@taice/contract';
import { ApiError, call, httpRequest, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';

/**
 * Uploads an image as a video's cover with a one-time grant (`type=cover`) and returns its URL, for storePost's
 * `cover_url`. Fails with the reason in the user's language (the caller shows it by the cover).
 */
export async function uploadCover(file: File): Promise<string> {
  const grant = await call(userCalls.uploadToken, { query: { type: 'cover' } }, { silent: true });
  if (!grant.content_types.includes(file.type)) {
    throw new ApiError(TRANSPORT_ERROR_CODE, i18n.t('studio.cover.imageType'));
  }
  if (file.size > grant.max_bytes) {
    throw new ApiError(
      TRANSPORT_ERROR_CODE,
      i18n.t('studio.cover.imageTooLarge', { mb: grant.max_bytes / 1024 / 1024 }),
    );
  }
  // The grant's URL takes the raw bytes, so this is a plain request rather than a call of the contract.
  let body: Envelope<UploadResult | null> | undefined;
  try {
    const response = await httpRequest<Envelope<UploadResult | null> | undefined>({
      method: grant.method,
      url: grant.upload_url,
      data: file,
      headers: { 'Content-Type': file.type },
    });
    body = response.data;
  } catch {
    throw new ApiError(TRANSPORT_ERROR_CODE, i18n.t('errors.network'));
  }
  if (body?.code !== SUCCESS_CODE || !body.data) {
    throw new ApiError(body?.code ?? TRANSPORT_ERROR_CODE, body?.msg || i18n.t('errors.requestError'));
  }
  return body.data.url;
}
