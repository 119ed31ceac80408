import { errorCode, SUCCESS_CODE, userCalls, type Envelope, type UploadResult } from '@taice/contract';
import { ApiError, call, httpRequest, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { notify } from '../../../shared/ui/toast';

/** Uploads an image with a one-time grant and returns its URL (to save with infoStore). */
export async function uploadAvatar(file: File): Promise<string> {
  const grant = await call(userCalls.uploadToken, { query: { type: 'avatar' } });
  if (!grant.content_types.includes(file.type)) {
    const message = i18n.t('profile.avatarType');
    notify.error(message);
    throw new ApiError(errorCode('upload_type'), message);
  }
  if (file.size > grant.max_bytes) {
    const message = i18n.t('profile.avatarTooLarge', { mb: grant.max_bytes / 1024 / 1024 });
    notify.error(message);
    throw new ApiError(errorCode('upload_too_large'), message);
  }
  // The grant's URL takes the raw bytes, so this is a plain request rather than a call of the contract.
  const response = await httpRequest<Envelope<UploadResult | null> | undefined>({
    method: grant.method,
    url: grant.upload_url,
    data: file,
    headers: { 'Content-Type': file.type },
  });
  const body = response.data;
  if (body?.code !== SUCCESS_CODE || !body.data) {
    const message = body?.msg || i18n.t('errors.requestError');
    notify.error(message);
    throw new ApiError(body?.code ?? TRANSPORT_ERROR_CODE, message);
  }
  return body.data.url;
}
