import { asc } from 'drizzle-orm';
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

const CACHE_MS = 60_000;

/** Levels from lifetime-earned TAICE against the configured thresholds (table `levels`). */
export function createLevelsService(db: Db, clock: Clock) {
  const cache = ttlCache<{ levelNo: number; minPoints: number }[]>(clock, CACHE_MS, 1);
  const load = () => cache.get('levels', () => db.select().from(levels).orderBy(asc(levels.minPoints)));

  return {
    async levelOf(lifetimeHundredths: number): Promise<UserLevel> {
      const table = await load();
      let current = { levelNo: 1, minPoints: 0 };
      let next: { levelNo: number; minPoints: number } | undefined;
      for (const row of table) {
        if (row.minPoints <= lifetimeHundredths) current = row;
        else {
          next = row;
          break;
        }
      }
      const now = lifetimeHundredths / 100;
      return { level_no: current.levelNo, now_point: now, max_point: next ? next.minPoints / 100 : now };
    },
  };
}

export type LevelsService = ReturnType<typeof createLevelsService>;
