import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { toApiLang, videoCalls, type PostDetail } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { takeFirstScreenAnswer } from '../../../shared/api/first-screen-answer';
import { usePreferences } from '../../../shared/stores/preferences';
import { useViewerId } from '../../../shared/session/login-gate';

export const postDetailRoot = (id: number) => ['videos', 'detail', id] as const;

export function fetchPostDetail(id: number, signal?: AbortSignal) {
  return call(videoCalls.postDetail, { query: { id } }, { signal, silent: true });
}

/**
 * One video. The key holds the language (category name) and the viewer (own
 * like / collect state); the previous answer stays while a new one loads, so
 * the player is never torn down by a language change or a login. A visitor's
 * first video comes with the page when the server sent it.
 */
export function usePostDetail(id: number | null) {
  const lang = usePreferences((s) => s.lang);
  const viewer = useViewerId();
  return useQuery({
    queryKey: [...postDetailRoot(id ?? 0), lang, viewer],
    queryFn: ({ signal }) => fetchPostDetail(id!, signal),
    enabled: id !== null,
    initialData: () =>
      id !== null && viewer === 0 ? takeFirstScreenAnswer(videoCalls.postDetail, { id }, toApiLang(lang)) : undefined,
    placeholderData: keepPreviousData,
  });
}

/** Applies a change (a like, a share...) to every cached copy of one video. */
export function patchPostDetail(queryClient: QueryClient, id: number, patch: Partial<PostDetail>) {
  queryClient.setQueriesData<PostDetail>({ queryKey: postDetailRoot(id) }, (old) => (old ? { ...old, ...patch } : old));
}
