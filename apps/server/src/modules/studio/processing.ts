import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { POST_STATUS } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { contentTypeOf, type Storage } from '../../platform/media/storage';
import { TranscodeError, transcodeToHls, type TranscodeResult } from '../../platform/media/transcode';
import type { Clock } from '../../platform/time/clock';
import type { VideoEvents } from '../videos/video-events';
import { countPublished } from '../videos/videos.module';
import { posts } from '../videos/videos.schema';
import { PROCESS_TASK, processJobKey, queueProcessing } from './posts';
import { studioUploads } from './studio.schema';
import type { Uploads } from './uploads';

/** The first key of a post's processing lock (PostgreSQL advisory lock, two-int form): "vid" and a 1. */
const PROCESS_LOCK = 0x76696401;
/** A post processing this long without anyone holding its lock is taken for stuck (its worker is gone). */
const STUCK_AFTER_MS = 60_000;

export interface ProcessOutcome {
  outcome: 'published' | 'failed' | 'busy' | 'skipped';
}

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const name = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(path.join(dir, entry.name), name)));
    else out.push(name);
  }
  return out.sort();
}

/**
 * Processing of a posted upload (decision 049), the `studio.process_video` job: transcode to HLS renditions, a
 * poster, a preview and an MP4 fallback (platform/media/transcode), store them, publish the post. One process at a
 * time per post: the job holds a session advisory lock on the post for the whole transcode, on a connection of its
 * own, so a second job for the same post (a requeue, another process) finds it busy and ends; PostgreSQL releases
 * the lock when a killed process's connection drops, and `requeueStuck` (every minute) queues again a post still
 * processing whose lock nobody holds and whose job is not waiting, as graphile-worker would only after 4 hours.
 */
export function createProcessing(deps: {
  db: Db;
  pool: pg.Pool;
  clock: Clock;
  storage: Storage;
  uploads: Uploads;
  events: VideoEvents;
  preset: string;
  log: FastifyBaseLogger;
  /** Rendition sizes (tests ask for fewer). */
  heights?: number[];
}) {
  const { db, pool, clock, storage, uploads, events, log } = deps;

  async function fail(postId: number, reason: string) {
    await db
      .update(posts)
      .set({ status: POST_STATUS.failed, failureReason: 'studio_processing_failed', updatedAt: clock.now() })
      .where(and(eq(posts.id, postId), eq(posts.status, POST_STATUS.processing)));
    log.warn({ post: postId, reason }, 'video processing failed');
  }

  async function store(outDir: string, prefix: string) {
    for (const name of await filesUnder(outDir)) {
      await storage.putFile(`${prefix}/${name}`, path.join(outDir, name), contentTypeOf(name));
    }
  }

  async function publish(postId: number, uploadId: string, result: TranscodeResult, prefix: string, frames: string[]) {
    const now = clock.now();
    const published = await db.transaction(async (tx) => {
      const [post] = await tx
        .select({
          status: posts.status,
          coverKey: posts.coverKey,
          authorId: posts.authorId,
          categoryId: posts.categoryId,
        })
        .from(posts)
        .where(eq(posts.id, postId))
        .for('update');
      if (!post || post.status !== POST_STATUS.processing) return null;
      await tx
        .update(posts)
        .set({
          status: POST_STATUS.published,
          hlsKey: `${prefix}/${result.master}`,
          mp4Key: `${prefix}/${result.mp4}`,
          previewKey: `${prefix}/${result.preview}`,
          coverKey: post.coverKey || `${prefix}/${result.poster}`,
          duration: result.duration,
          width: result.width,
          height: result.height,
          failureReason: '',
          publishedAt: now,
          updatedAt: now,
        })
        .where(eq(posts.id, postId));
      await countPublished(tx, post, 1);
      await tx.update(studioUploads).set({ removedAt: now, updatedAt: now }).where(eq(studioUploads.id, uploadId));
      return post;
    });
    if (!published) return false;
    // The original is private and no longer needed; the frames not chosen as the cover go too.
    await uploads.removeBytes(uploadId);
    await uploads.removeFrames(frames, published.coverKey);
    await events.emit(db, 'publishedChanged', { postId });
    return true;
  }

  return {
    /** The job: safe to run twice, on any process; `attempt`/`maxAttempts` decide when an error is final. */
    async process(
      postId: number,
      job: { attempt: number; maxAttempts: number; signal?: AbortSignal },
    ): Promise<ProcessOutcome> {
      const client = await pool.connect();
      let locked = false;
      const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'taice-transcode-'));
      try {
        const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          PROCESS_LOCK,
          postId,
        ]);
        locked = lock.rows[0]?.ok === true;
        if (!locked) {
          log.info({ post: postId }, 'video processing busy elsewhere');
          return { outcome: 'busy' };
        }
        const [row] = await db
          .select({ status: posts.status, uploadId: studioUploads.id, frames: studioUploads.frames })
          .from(posts)
          .innerJoin(studioUploads, eq(studioUploads.postId, posts.id))
          .where(eq(posts.id, postId));
        if (!row || row.status !== POST_STATUS.processing) return { outcome: 'skipped' };
        await db
          .update(studioUploads)
          .set({ processRuns: sql`${studioUploads.processRuns} + 1` })
          .where(eq(studioUploads.id, row.uploadId));
        const source = uploads.fileOf(row.uploadId);
        if (!(await fsp.stat(source).catch(() => null))) {
          await fail(postId, 'the original upload is missing');
          return { outcome: 'failed' };
        }
        log.info({ post: postId, attempt: job.attempt }, 'video processing started');
        const started = performance.now();
        let result: TranscodeResult;
        try {
          result = await transcodeToHls(source, tmp, {
            preset: deps.preset,
            ...(deps.heights ? { heights: deps.heights } : {}),
            signal: job.signal,
          });
        } catch (err) {
          if (err instanceof TranscodeError && err.reason !== 'aborted') {
            await fail(postId, err.message);
            return { outcome: 'failed' };
          }
          throw err;
        }
        // A key never changes content (decision 012): each run writes under a prefix of its own.
        const prefix = `videos/${postId}/${randomBytes(6).toString('hex')}`;
        await store(tmp, prefix);
        const published = await publish(postId, row.uploadId, result, prefix, row.frames);
        log.info(
          { post: postId, ms: Math.round(performance.now() - started), renditions: result.renditions.length },
          published ? 'video published' : 'video processed for a post no longer processing',
        );
        return { outcome: published ? 'published' : 'skipped' };
      } catch (err) {
        if (locked && job.attempt >= job.maxAttempts) {
          await fail(postId, (err as Error).message);
          return { outcome: 'failed' };
        }
        throw err;
      } finally {
        if (locked) await client.query('select pg_advisory_unlock($1, $2)', [PROCESS_LOCK, postId]).catch(() => null);
        client.release();
        await fsp.rm(tmp, { recursive: true, force: true });
      }
    },

    /**
     * Posts processing for longer than `olderThanMs` whose lock nobody holds and whose job is not waiting to run
     * (it is missing, or locked by a worker that is gone) are queued again. Returns their ids.
     */
    async requeueStuck(olderThanMs = STUCK_AFTER_MS): Promise<number[]> {
      const before = new Date(clock.now().getTime() - olderThanMs);
      const candidates = await db
        .select({ id: posts.id })
        .from(posts)
        .innerJoin(studioUploads, eq(studioUploads.postId, posts.id))
        .where(and(eq(posts.status, POST_STATUS.processing), sql`${posts.updatedAt} <= ${before.toISOString()}`))
        .limit(100);
      const requeued: number[] = [];
      for (const { id } of candidates) {
        const again = await db.transaction(async (tx) => {
          const free = await tx.execute<{ ok: boolean }>(
            sql`select pg_try_advisory_xact_lock(${PROCESS_LOCK}, ${id}) as ok`,
          );
          if (free.rows[0]?.ok !== true) return false;
          const waiting = await tx.execute<{ id: string }>(
            sql`select id from graphile_worker.jobs
                where key = ${processJobKey(id)} and task_identifier = ${PROCESS_TASK}
                  and locked_at is null and attempts < max_attempts`,
          );
          if (waiting.rows.length > 0) return false;
          await queueProcessing(tx, id);
          return true;
        });
        if (again) requeued.push(id);
      }
      if (requeued.length > 0) log.warn({ posts: requeued }, 'stuck video processing queued again');
      return requeued;
    },
  };
}

export type Processing = ReturnType<typeof createProcessing>;
