import type { Db } from '../../platform/db/database';
import type { Storage } from '../../platform/media/storage';
import type { Clock } from '../../platform/time/clock';
import type { RewardNotices } from '../races/races.module';
import { createCampaignAdmin } from './campaign-admin';
import { createCampaignReads } from './campaign-reads';
import { createSettlement } from './settlement';

/**
 * Campaigns (activities), assembled: what members read and join, the refresh and settlement job, and the
 * operators' tools. Winners get pending rewards that the races module's reward approval pays.
 */
export function createCampaigns(deps: { db: Db; clock: Clock; storage: Storage; notices: RewardNotices }) {
  const { db, clock, storage, notices } = deps;
  const mediaUrl = (key: string) => storage.publicUrl(key);
  const settlement = createSettlement({ db, clock, notices });
  return {
    settlement,
    reads: createCampaignReads({ db, clock, mediaUrl }),
    admin: createCampaignAdmin({ db, clock, mediaUrl, settlement }),
  };
}

export type Campaigns = ReturnType<typeof createCampaigns>;

export { campaignsJobs } from './jobs';
export { campaignsRoutes } from './campaigns.routes';
export { campaignsOpsRoutes } from './ops.routes';
