import { LRUCache } from 'lru-cache';
import type { Clock } from '../time/clock';

/**
 * A small in-process cache for data that many requests read and that changes
 * rarely (public settings, banners, documents, visitors' pages). Entries
 * expire by the server clock, so a change made elsewhere shows within `ttlMs`.
 * Requests that miss the same key at the same time share one load, so an
 * expired entry under load costs one query, not one per waiting request.
 */
export function ttlCache<V extends object>(clock: Clock, ttlMs: number, max = 500) {
  const cache =
    ttlMs > 0
      ? new LRUCache<string, V>({ max, ttl: ttlMs, ttlResolution: 0, perf: { now: () => clock.now().getTime() } })
      : null;
  const loading = new Map<string, Promise<V>>();
  /** Counts `clear` calls: a load begun before one may hold what was before, and is not kept. */
  let generation = 0;
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = cache?.get(key);
      if (hit !== undefined) return hit;
      if (!cache) return load();
      const pending = loading.get(key);
      // A shared load that failed (another request's transaction, say) is retried with this request's own.
      if (pending) return pending.catch(() => load());
      const begun = generation;
      const done = () => {
        if (loading.get(key) === started) loading.delete(key);
      };
      const started: Promise<V> = load().then(
        (value) => {
          done();
          if (begun === generation) cache.set(key, value);
          return value;
        },
        (error: unknown) => {
          done();
          throw error;
        },
      );
      loading.set(key, started);
      return started;
    },

    /** Forgets every entry at once, for a change that must show before the entries expire. */
    clear(): void {
      cache?.clear();
      loading.clear();
      generation += 1;
    },
  };
}
