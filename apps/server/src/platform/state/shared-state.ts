import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../../config';
import { AppError } from '../http/app-error';

/**
 * State that several server processes must share: seen request nonces and rate
 * limit counters. In Redis when `REDIS_URL` is set, otherwise in this process.
 */
export interface NonceStore {
  /** True when the nonce is new; it is then refused for at least `ttlSeconds`. */
  claim(nonce: string, ttlSeconds: number): Promise<boolean>;
}

export interface RateLimitRule {
  /** Unique name; counters of different rules never mix. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** Builds the refusal for a key past its limit, from the seconds to wait. */
export type Refusal = (seconds: number) => AppError;

const tooManyRequests: Refusal = (seconds) => new AppError('too_many_requests', { seconds }, { retry_after: seconds });

export interface RateLimits {
  /** Counts one hit against `key`; past the limit it throws (`too_many_requests` with the wait by default). */
  consume(rule: RateLimitRule, key: string, refuse?: Refusal): Promise<void>;
  /** Throws like `consume` if `key` is already past its limit, without counting a hit. */
  check(rule: RateLimitRule, key: string, refuse?: Refusal): Promise<void>;
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

export interface SharedState {
  nonces: NonceStore;
  limits: RateLimits;
  redis: Redis | null;
  close(): Promise<void>;
}

function rateLimits(make: (rule: RateLimitRule) => RateLimiterAbstract): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateLimitRule) => {
    let limiter = limiters.get(rule.name);
    if (!limiter) {
      limiter = make(rule);
      limiters.set(rule.name, limiter);
    }
    return limiter;
  };
  const secondsOf = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    async consume(rule, key, refuse = tooManyRequests) {
      try {
        await limiterFor(rule).consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw refuse(secondsOf(err));
        throw err;
      }
    },
    async check(rule, key, refuse = tooManyRequests) {
      const res = await limiterFor(rule).get(key);
      if (res && res.consumedPoints >= rule.points && res.msBeforeNext > 0) throw refuse(secondsOf(res));
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key);
    },
  };
}

/**
 * Nonces seen by this process, in two generations: a nonce is refused while either holds it, and the
 * older is dropped when the newer is `ttl` old, so each is remembered for at least its `ttl`. Plain
 * sets: a claim is on every signed request. Bounded so a flood cannot exhaust memory: a generation
 * also ends when full, and forgetting a nonce inside the replay window then takes more than 1,600
 * signed requests a second to one process.
 */
export function memoryNonces(maxPerGeneration = 1_000_000): NonceStore & { clear(): void } {
  let current = new Set<string>();
  let previous = new Set<string>();
  let startedAt = Date.now();
  const turn = () => {
    previous = current;
    current = new Set();
    startedAt = Date.now();
  };
  return {
    async claim(nonce, ttlSeconds) {
      if (Date.now() - startedAt >= ttlSeconds * 1000) turn();
      if (current.has(nonce) || previous.has(nonce)) return false;
      if (current.size >= maxPerGeneration) turn();
      current.add(nonce);
      return true;
    },
    clear() {
      current.clear();
      previous.clear();
    },
  };
}

export function memorySharedState(): SharedState {
  const nonces = memoryNonces();
  return {
    redis: null,
    nonces,
    limits: rateLimits(
      (rule) =>
        new RateLimiterMemory({
          keyPrefix: rule.name,
          points: rule.points,
          duration: rule.durationSeconds,
        }),
    ),
    async close() {
      nonces.clear();
    },
  };
}

export function redisSharedState(url: string, prefix: string): SharedState {
  const redis = new Redis(url, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
  return {
    redis,
    nonces: {
      async claim(nonce, ttlSeconds) {
        const set = await redis.set(`${prefix}nonce:${nonce}`, '1', 'EX', ttlSeconds, 'NX');
        return set === 'OK';
      },
    },
    limits: rateLimits(
      (rule) =>
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${prefix}rl:${rule.name}`,
          points: rule.points,
          duration: rule.durationSeconds,
        }),
    ),
    async close() {
      await redis.quit();
    },
  };
}

/** Redis when `REDIS_URL` is set (several processes), otherwise this process's memory. */
export function createSharedState(config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>): SharedState {
  return config.REDIS_URL ? redisSharedState(config.REDIS_URL, config.REDIS_PREFIX) : memorySharedState();
}
