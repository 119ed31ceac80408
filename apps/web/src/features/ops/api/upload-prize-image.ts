import { PRIZE_IMAGE_UPLOAD_PATH, SUCCESS_CODE, toApiLang, type Envelope, type OpsPrize } from '@taice/contract';
import { ApiError, httpRequest, TRANSPORT_ERROR_CODE } from '../../../shared/api/client';
import { currentLang, i18n } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session';
import { refreshConsole } from './ops-call';

/** Adds an image to a prize: the raw bytes to the prize's upload path (the server stores it as WebP). */
export async function uploadPrizeImage(prizeId: number, file: File): Promise<OpsPrize> {
  const token = useSession.getState().token;
  const response = await httpRequest<Envelope<OpsPrize | null> | undefined>({
    method: 'PUT',
    url: PRIZE_IMAGE_UPLOAD_PATH.replace(':id', String(prizeId)),
    data: file,
    headers: {
      'Content-Type': file.type || 'application/octet-stream',
      lang: toApiLang(currentLang()),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  const body = response.data;
  if (body?.code !== SUCCESS_CODE || !body.data) {
    throw new ApiError(body?.code ?? TRANSPORT_ERROR_CODE, body?.msg || i18n.t('errors.requestError'));
  }
  await refreshConsole();
  return body.data;
}
