import { EARNINGS_QUERY_ROOT, WATCH_QUERY_ROOT } from '../../../shared/api/query-client';

/**
 * Pools move TAICE, so the creator's pools and a video's pool sit under the earnings root: any write that
 * moves TAICE marks them stale. The countdown follows the viewer's watching: the heartbeats refresh it.
 */
export const poolsRoot = [...EARNINGS_QUERY_ROOT, 'pools'] as const;
export const postRewardKey = (postId: number, viewer: number) => [...poolsRoot, 'post', postId, viewer] as const;
export const countdownKey = (postId: number) => [...WATCH_QUERY_ROOT, postId, 'pool-countdown'] as const;
