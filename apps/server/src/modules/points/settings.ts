import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Tx } from '../videos/video-events';
import { ttlCache } from '../../platform/state/ttl-cache';
import { DEFAULT_SETTINGS, type PointsSettingKey } from './points.seed';
import { pointsSettings } from './points.schema';

/** An operator's change reaches every process within this time. */
const SETTINGS_CACHE_MS = 10_000;

/**
 * The amounts and caps of the earning rules, from `points_settings` (seeded
 * defaults when a key is missing). Inside a transaction pass it as `tx`: a
 * cache miss must not wait for a second pool connection.
 */
export function createPointsSettings(db: Db, clock: Clock) {
  const cache = ttlCache<Record<string, number>>(clock, SETTINGS_CACHE_MS);
  return async function setting(key: PointsSettingKey, tx: Tx = db): Promise<number> {
    const all = await cache.get('all', async () =>
      Object.fromEntries((await tx.select().from(pointsSettings)).map((r) => [r.key, r.value])),
    );
    return all[key] ?? DEFAULT_SETTINGS[key];
  };
}

export type PointsSetting = ReturnType<typeof createPointsSettings>;
