import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userCalls, type CallBody, type UserInfo } from '@taice/contract';
import { ApiError, call, httpClient } from '../../../shared/api/client';
import { i18n } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/stores/session';
import { notify } from '../../../shared/ui/toast';
import { ME_QUERY_KEY } from '../../auth/api/use-me';

function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: UserInfo) => {
    useSession.getState().setUser(user);
    queryClient.setQueryData(ME_QUERY_KEY, user);
  };
}

type ProfileChanges = CallBody<typeof userCalls.infoStore>;

export function useUpdateProfile() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => call(userCalls.infoStore, { body: changes }),
    onSuccess: storeUser,
  });
}

export function useAddEmail() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (body: { email: string; code: string; password?: string }) => call(userCalls.emailStore, { body }),
    onSuccess: storeUser,
  });
}

/** Uploads an image with a one-time grant and returns its URL (to save with infoStore). */
export async function uploadAvatar(file: File): Promise<string> {
  const grant = await call(userCalls.uploadToken, { query: { type: 'avatar' } });
  if (!grant.content_types.includes(file.type)) {
    const message = i18n.t('profile.avatarType');
    notify.error(message);
    throw new ApiError(12001, message);
  }
  if (file.size > grant.max_bytes) {
    const message = i18n.t('profile.avatarTooLarge', { mb: grant.max_bytes / 1024 / 1024 });
    notify.error(message);
    throw new ApiError(12002, message);
  }
  const response = await httpClient.request<{ code: number; msg: string; data: { url: string } | null }>({
    method: grant.method,
    url: grant.upload_url,
    data: file,
    headers: { 'Content-Type': file.type },
    transformRequest: [(data: unknown) => data],
  });
  const body = response.data;
  if (body?.code !== 0 || !body.data) {
    const message = body?.msg || i18n.t('errors.requestError');
    notify.error(message);
    throw new ApiError(body?.code ?? -1, message);
  }
  return body.data.url;
}
