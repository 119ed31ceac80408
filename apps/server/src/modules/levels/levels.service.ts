import { asc } from 'drizzle-orm';
import type { EarningLevels } from '@taice/contract';
import type { ConfigVersions } from '../../platform/config/config-versions';
import type { Db } from '../../platform/db/database';
import { ttlCache } from '../../platform/state/ttl-cache';
import type { Clock } from '../../platform/time/clock';
import { levels } from './levels.schema';

export interface UserLevel {
  level_no: number;
  /** TAICE earned so far (lifetime). */
  now_point: number;
  /** TAICE at which the next level starts; equals now_point at the top level. */
  max_point: number;
}

/** The seeded table changes only by a migration; operators' changes are versions (decision 046). */
const CACHE_MS = 60_000;

/**
 * Levels from lifetime-earned TAICE against the thresholds in force: an operator's latest version whose time has
 * come (section `levels` of config_versions), else the seeded table `levels`.
 */
export function createLevelsService(db: Db, clock: Clock, versions: ConfigVersions) {
  const cache = ttlCache<{ list: number[] }>(clock, CACHE_MS, 1);
  const seeded = async () =>
    (
      await cache.get('levels', async () => ({
        list: (await db.select().from(levels).orderBy(asc(levels.minPoints))).map((r) => r.minPoints),
      }))
    ).list;

  /** Lifetime TAICE in hundredths at which level 1, 2, ... starts, in force at `at`. */
  async function thresholds(at: Date = clock.now()): Promise<number[]> {
    const version = await versions.at('levels', '', at);
    if (!version) return seeded();
    return (version.value as EarningLevels).thresholds.map((taice) => Math.round(taice * 100));
  }

  return {
    thresholds,

    async levelOf(lifetimeHundredths: number): Promise<UserLevel> {
      const table = await thresholds();
      const reached = table.filter((min) => min <= lifetimeHundredths).length;
      const next = table[reached];
      const now = lifetimeHundredths / 100;
      return { level_no: Math.max(reached, 1), now_point: now, max_point: next !== undefined ? next / 100 : now };
    },
  };
}

export type LevelsService = ReturnType<typeof createLevelsService>;
