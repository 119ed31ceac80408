import { useQuery } from '@tanstack/react-query';
import { studioCalls, type UploadDetail } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

/** How often an upload being checked is asked about again. */
export const UPLOAD_DETAIL_POLL_MS = 1_000;

export const uploadDetailRoot = ['me', 'studio', 'uploadDetail'] as const;

export function fetchUploadDetail(uploadId: string, signal?: AbortSignal): Promise<UploadDetail> {
  return call(studioCalls.uploadDetail, { query: { upload_id: uploadId } }, { signal, silent: true });
}

/** Whether the server has not decided about the upload yet (bytes still arriving, or being checked). */
export function isUndecided(detail: UploadDetail | undefined): boolean {
  return !detail || detail.status === 'receiving' || detail.status === 'checking';
}

/**
 * One upload as the server sees it, asked again every second while it is being received or checked, so that
 * the cover frames appear (ready) or the refusal shows (refused) as soon as the server knows.
 */
export function useUploadDetail(uploadId: string | null, { poll }: { poll: boolean }) {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: [...uploadDetailRoot, uploadId, lang],
    queryFn: ({ signal }) => fetchUploadDetail(uploadId!, signal),
    enabled: uploadId !== null,
    staleTime: 0,
    refetchInterval: (query) => (poll && isUndecided(query.state.data) ? UPLOAD_DETAIL_POLL_MS : false),
  });
}
