import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { videoCalls, type PostDetail } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';
import { useViewerId } from '../../../shared/session/login-gate';

export const postDetailRoot = (id: number) => ['videos', 'detail', id] as const;

export function fetchPostDetail(id: number, signal?: AbortSignal) {
  return call(videoCalls.postDetail, { query: { id } }, { signal, silent: true });
}

/**
 * One video. The key holds the language (category name) and the viewer (own
 * like / collect state); the previous answer stays while a new one loads, so
 * the player is never torn down by a language change or a login.
 */
export function usePostDetail(id: number | null) {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...postDetailRoot(id ?? 0), lang, viewer],
    queryFn: ({ signal }) => fetchPostDetail(id!, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** Applies a change (a like, a share...) to every cached copy of one video. */
export function patchPostDetail(queryClient: QueryClient, id: number, patch: Partial<PostDetail>) {
  queryClient.setQueriesData<PostDetail>({ queryKey: postDetailRoot(id) }, (old) => (old ? { ...old, ...patch } : old));
}
