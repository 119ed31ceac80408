import path from 'node:path';
import type pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../platform/db/database';
import type { S3Multipart } from '../../platform/media/s3-multipart';
import type { Storage } from '../../platform/media/storage';
import type { Clock } from '../../platform/time/clock';
import type { VideoEvents } from '../videos/video-events';
import { createDirectUploads } from './direct-uploads';
import { studioJobs } from './jobs';
import { createStudioPosts } from './posts';
import { createProcessing } from './processing';
import { studioRoutes } from './studio.routes';
import { createPgLocker } from './tus-locker';
import { tusRoutes } from './tus.routes';
import { createUploads, type UploadLimits } from './uploads';

export interface StudioDeps {
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'UPLOAD_VIDEO_MAX_BYTES'
    | 'UPLOAD_CHUNK_BYTES'
    | 'UPLOAD_VIDEO_MIN_SECONDS'
    | 'UPLOAD_VIDEO_MAX_SECONDS'
    | 'UPLOAD_EXPIRES_HOURS'
    | 'VIDEO_PRESET'
    | 'CORS_ORIGINS'
  >;
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  /** With `multipart` when the storage is S3: videos then go straight to the bucket (decision 055). */
  storage: Storage & { multipart: S3Multipart | null };
  events: VideoEvents;
  log: FastifyBaseLogger;
  /** The storage key of a cover image the user uploaded, or null (the uploads module's `ownCoverKey`). */
  ownCoverKey: (userId: number, url: string) => string | null;
  /** The user of a bearer token, or null. */
  resolveUser: (token: string) => Promise<number | null>;
  /** Rendition sizes of the transcode (tests ask for fewer); the transcoder's default otherwise. */
  heights?: number[];
}

/**
 * The creator studio (decisions 049 and 055), assembled: uploads through tus or straight to the bucket, their
 * check, posts and their processing.
 */
export function createStudio(deps: StudioDeps) {
  const { config, db, pool, clock, storage, events, log } = deps;
  const limits: UploadLimits = {
    maxBytes: config.UPLOAD_VIDEO_MAX_BYTES,
    chunkBytes: config.UPLOAD_CHUNK_BYTES,
    minSeconds: config.UPLOAD_VIDEO_MIN_SECONDS,
    maxSeconds: config.UPLOAD_VIDEO_MAX_SECONDS,
    expiresMs: config.UPLOAD_EXPIRES_HOURS * 3600_000,
  };
  const { multipart } = storage;
  const dir = path.join(config.DATA_DIR, 'uploads');
  const uploads = createUploads({ db, clock, storage, limits, dir, multipart, log });
  const direct = createDirectUploads({ db, clock, uploads, limits, multipart });
  const posts = createStudioPosts({ db, clock, ownCoverKey: deps.ownCoverKey });
  const processing = createProcessing({
    db,
    pool,
    clock,
    storage,
    uploads,
    events,
    preset: config.VIDEO_PRESET,
    log,
    heights: deps.heights,
  });
  const connectionString = pool.options.connectionString;
  return {
    limits,
    uploads,
    posts,
    processing,
    jobs: studioJobs(uploads, processing),
    /** The tus endpoint and the studio's calls. */
    async routes(app: FastifyInstance) {
      const locker = createPgLocker({ connectionString });
      await app.register(tusRoutes, {
        uploads,
        limits,
        locker,
        resolveUser: deps.resolveUser,
        corsOrigins: config.CORS_ORIGINS,
      });
      const transport = multipart ? 's3_multipart' : 'tus';
      await app.register(studioRoutes, { uploads, direct, posts, limits, transport });
    },
  };
}

export type Studio = ReturnType<typeof createStudio>;
