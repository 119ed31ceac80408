import { EARNINGS_QUERY_ROOT } from '../../../shared/api/query-client';

/**
 * Every races query sits under the earnings root: a write that earns TAICE (any write may) marks the ranking
 * stale with the balance, and logout drops the caller's rows and rewards with the rest.
 */
export const RACES_QUERY_ROOT = [...EARNINGS_QUERY_ROOT, 'races'] as const;

/** The caller's rewards; titles and reasons come in the request language, so each key below holds it. */
export const REWARDS_QUERY_ROOT = [...RACES_QUERY_ROOT, 'rewards'] as const;
