import { LRUCache } from 'lru-cache';
import type { Clock } from './clock';

/**
 * A small in-process cache for data that many requests read and that changes
 * rarely (public settings, banners, documents). Entries expire by the server
 * clock, so a change made elsewhere shows within `ttlMs`.
 */
export function ttlCache<V extends object>(clock: Clock, ttlMs: number, max = 500) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, V>({ max, ttl: ttlMs, ttlResolution: 0, perf: { now: () => clock.now().getTime() } })
      : null;
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = cache?.get(key);
      if (hit !== undefined) return hit;
      const value = await load();
      cache?.set(key, value);
      return value;
    },
  };
}
