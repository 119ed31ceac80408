import { PERSONAL_QUERY_ROOT } from '../../../shared/session/logout';

/**
 * Every query of the creator's channel sits under this key, under the personal root (logout drops it). A change
 * of one video (take down, put up, delete, retry) marks all of them stale: the lists, the detail, the figures.
 */
export const CHANNEL_QUERY_ROOT = [...PERSONAL_QUERY_ROOT, 'channel'] as const;
