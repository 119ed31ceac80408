import type pg from 'pg';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { RateLimits } from '../../platform/state/shared-state';
import type { PostCards } from './post-cards';
import type { VideoEvents } from './video-events';

/** What the videos module's route plugins are built from. */
export interface VideosDeps {
  db: Db;
  /** The pool under `db`, for statements drizzle cannot prepare (a function call). */
  pool: pg.Pool;
  clock: Clock;
  postCards: PostCards;
  events: VideoEvents;
  limits: RateLimits;
}
