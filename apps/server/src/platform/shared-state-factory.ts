import type { Config } from '../config';
import { memorySharedState, redisSharedState, type SharedState } from './shared-state';

export function createSharedState(config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>): SharedState {
  return config.REDIS_URL ? redisSharedState(config.REDIS_URL, config.REDIS_PREFIX) : memorySharedState();
}
