import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { LoginType } from '@taice/contract';
import type { Clock } from '../../platform/time/clock';

export interface CachedSession {
  sessionId: number;
  userId: number;
  loginType: LoginType;
  expiresAt: Date;
}

/** What ended: one token (by its hash) or every session of a user. */
export type SessionDrop = { tokenHash: string } | { userId: number };

export interface SessionCacheOptions {
  clock: Clock;
  /** With Redis, drops are published on `channel` and every process applies them. */
  redis: Redis | null;
  channel: string;
  ttlMs?: number;
  max?: number;
}

/**
 * Active sessions by token hash, so a logged-in call needs no query to resolve
 * its token. Only active sessions are kept, at most `ttlMs` (a safety net), and
 * a hit past the session's own expiry is refused. Whatever ends sessions calls
 * `drop` once the change is committed; with Redis every process drops them.
 */
export async function createSessionCache({ clock, redis, channel, ttlMs = 60_000, max = 50_000 }: SessionCacheOptions) {
  const cache = new LRUCache<string, CachedSession>({
    max,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now: () => clock.now().getTime() },
  });
  // Bumped by every drop: a lookup that was running meanwhile may have read the
  // session just before it ended, so its answer is used but not kept.
  let generation = 0;
  // Without a live subscription drops from other processes would be missed: keep nothing then.
  let live = redis === null;

  function dropHere(drop: SessionDrop): void {
    generation += 1;
    if ('tokenHash' in drop) {
      cache.delete(drop.tokenHash);
      return;
    }
    const hashes = [...cache.entries()].filter(([, s]) => s.userId === drop.userId).map(([hash]) => hash);
    for (const hash of hashes) cache.delete(hash);
  }

  const subscriber = redis?.duplicate({ autoResubscribe: false, enableAutoPipelining: false }) ?? null;
  if (subscriber) {
    const listen = () =>
      subscriber.subscribe(channel).then(() => {
        live = true;
      });
    subscriber.on('message', (_channel: string, message: string) => dropHere(JSON.parse(message) as SessionDrop));
    // Drops published while the connection was down are lost: forget everything, keep nothing until subscribed again.
    subscriber.on('close', () => {
      live = false;
      // A lookup running across the outage may have read a session ended meanwhile: keep nothing it finds.
      generation += 1;
      cache.clear();
    });
    // Fails the start when Redis cannot be reached, like the first database query.
    await listen();
    subscriber.on('ready', () => void listen().catch(() => undefined));
  }

  return {
    get(tokenHash: string): CachedSession | null {
      const hit = cache.get(tokenHash);
      if (!hit) return null;
      if (hit.expiresAt > clock.now()) return hit;
      cache.delete(tokenHash);
      return null;
    },

    /** Where a lookup starts: pass it to `set` with what the lookup found. */
    generation: () => generation,

    set(tokenHash: string, session: CachedSession, startedAt: number): void {
      if (live && startedAt === generation) cache.set(tokenHash, session);
    },

    /** Forgets ended sessions here and, with Redis, in every other process. */
    async drop(drop: SessionDrop): Promise<void> {
      dropHere(drop);
      if (redis) await redis.publish(channel, JSON.stringify(drop));
    },

    async close(): Promise<void> {
      await subscriber?.quit();
    },
  };
}

export type SessionCache = Awaited<ReturnType<typeof createSessionCache>>;
