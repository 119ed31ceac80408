import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

/**
 * Every campaigns query sits under the earnings root: the caller's progress (videos watched, friends, shares)
 * moves with the writes that earn, which mark that root stale, and logout drops the caller's progress with it.
 */
export const CAMPAIGNS_QUERY_ROOT = [...EARNINGS_QUERY_ROOT, 'campaigns'] as const;

/** One campaign's detail: it holds the caller's progress, so the key holds the viewer. */
export const campaignDetailKey = (id: number, lang: string, viewer: number) =>
  [...CAMPAIGNS_QUERY_ROOT, 'detail', id, lang, viewer] as const;
