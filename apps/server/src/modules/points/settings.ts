import type { Clock } from '../../platform/time/clock';
import type { Tx } from '../videos/video-events';
import type { EarningConfig } from './earning-config';
import type { PointsSettingKey } from './points.seed';

/**
 * The amounts and caps of the earning rules in force at `at` (decision 046): give the event's time. Inside a
 * transaction pass it as `tx`: a cache miss must not wait for a second pool connection.
 */
export function createPointsSettings(config: EarningConfig, clock: Clock) {
  return function setting(key: PointsSettingKey, at: Date = clock.now(), tx?: Tx): Promise<number> {
    return config.setting(key, at, tx);
  };
}

export type PointsSetting = ReturnType<typeof createPointsSettings>;
