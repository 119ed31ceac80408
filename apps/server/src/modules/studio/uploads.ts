import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  COVER_FRAME_COUNT,
  POST_STATUS,
  errorCode,
  errorMessage,
  type ApiLang,
  type ErrorKey,
  type UploadDetail,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import { queueJob } from '../../platform/jobs/jobs';
import { makeFrames } from '../../platform/media/transcode';
import type { S3Multipart } from '../../platform/media/s3-multipart';
import type { Storage } from '../../platform/media/storage';
import type { Clock } from '../../platform/time/clock';
import { NotAVideoError, probeUpload } from './probe';
import { posts } from '../videos/videos.schema';
import { studioUploadParts, studioUploads } from './studio.schema';

/** The upload limits, from the configuration (validated at boot). */
export interface UploadLimits {
  maxBytes: number;
  chunkBytes: number;
  minSeconds: number;
  maxSeconds: number;
  /** How long an unfinished upload is kept after its creation. */
  expiresMs: number;
}

export const CHECK_TASK = 'studio.check_upload';
/** Unfinished uploads one user may have at once (each may hold up to the size limit on disk). */
export const MAX_RECEIVING = 10;
/** Abandoned uploads (never posted) are removed this long after their creation. */
const ABANDONED_AFTER_MS = 24 * 3600_000;

export type UploadRow = typeof studioUploads.$inferSelect;
/** A refusal's message key and the parameters of its message. */
type Refusal = [ErrorKey, Record<string, number>];

const MB = 1024 * 1024;

/** The bucket's key of a direct upload's original (decision 055): private, never a public URL. */
export const originalKeyOf = (id: string) => `originals/${id}`;

/**
 * The creator's uploads as rows (decision 049): created with the tus upload, checked by probing when the last
 * byte is in (a job), refused with a reason (and the bytes removed) or kept ready with its cover frames.
 */
export function createUploads(deps: {
  db: Db;
  clock: Clock;
  storage: Storage;
  limits: UploadLimits;
  /** Where tus keeps the bytes (`DATA_DIR/uploads`), shared by every server process; the check reads a direct
   * upload's object into the same place. */
  dir: string;
  /** Multipart uploads straight to the bucket, when the storage is S3 (decision 055). */
  multipart: S3Multipart | null;
  log: FastifyBaseLogger;
}) {
  const { db, clock, storage, limits, dir, multipart, log } = deps;
  const fileOf = (id: string) => path.join(dir, id);

  /**
   * The original bytes and tus's note beside them, and a direct upload's object or unfinished multipart upload
   * in the bucket; removing what is gone already is not an error.
   */
  async function removeBytes(id: string) {
    await fsp.rm(fileOf(id), { force: true });
    await fsp.rm(`${fileOf(id)}.json`, { force: true });
    if (!multipart) return;
    const [row] = await db
      .select({
        transport: studioUploads.transport,
        status: studioUploads.status,
        multipartId: studioUploads.multipartId,
      })
      .from(studioUploads)
      .where(eq(studioUploads.id, id));
    if (row?.transport !== 's3') return;
    if (row.status === 'receiving') await multipart.abort(originalKeyOf(id), row.multipartId);
    else await storage.remove(originalKeyOf(id));
  }

  /** The original's size in bytes (tus's file, else a direct upload's object), or null when it is gone. */
  async function originalSize(row: UploadRow): Promise<number | null> {
    const local = await fsp.stat(fileOf(row.id)).then(
      (stat) => stat.size,
      () => null,
    );
    if (local !== null || row.transport !== 's3' || !multipart) return local;
    return multipart.sizeOf(originalKeyOf(row.id));
  }

  /** A direct upload's object, read from the bucket to the file the check and the processing use. */
  async function fetchOriginal(row: UploadRow, multipart: S3Multipart) {
    const file = fileOf(row.id);
    if (
      await fsp.stat(file).then(
        () => true,
        () => false,
      )
    )
      return;
    await fsp.mkdir(dir, { recursive: true });
    const tmp = `${file}.part`;
    try {
      await multipart.download(originalKeyOf(row.id), tmp);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    await fsp.rename(tmp, file);
  }

  async function removeFrames(keys: string[], keep = '') {
    for (const key of keys) if (key !== keep) await storage.remove(key).catch(() => undefined);
  }

  async function refuse(row: UploadRow, key: ErrorKey, params: Record<string, string | number> = {}) {
    await removeBytes(row.id);
    await db
      .update(studioUploads)
      .set({ status: 'refused', refusal: key, refusalParams: params, removedAt: clock.now(), updatedAt: clock.now() })
      .where(eq(studioUploads.id, row.id));
    log.info({ upload: row.id, refusal: key }, 'upload refused');
  }

  /** Why a file of `size` bytes is refused, if it is: empty or over the limit. */
  function sizeRefusal(size: number): Refusal | null {
    if (size === 0) return ['studio_upload_empty', {}];
    if (size > limits.maxBytes) return ['studio_upload_too_large', { mb: Math.floor(limits.maxBytes / MB) }];
    return null;
  }

  /** Why a probed file is refused, if it is. */
  function verdict(duration: number): Refusal | null {
    if (duration < limits.minSeconds) return ['studio_upload_too_short', { seconds: limits.minSeconds }];
    if (duration > limits.maxSeconds) return ['studio_upload_too_long', { seconds: limits.maxSeconds }];
    return null;
  }

  /** Bytes of an unfinished upload that arrived: tus's file, or a direct upload's confirmed parts. */
  async function receivedBytes(row: UploadRow): Promise<number> {
    if (row.transport === 's3') {
      const [sum] = await db
        .select({ n: sql<number>`coalesce(sum(${studioUploadParts.size}), 0)::bigint` })
        .from(studioUploadParts)
        .where(eq(studioUploadParts.uploadId, row.id));
      return Number(sum?.n ?? 0);
    }
    return fsp.stat(fileOf(row.id)).then(
      (stat) => stat.size,
      () => 0,
    );
  }

  return {
    dir,
    fileOf,
    removeBytes,
    removeFrames,

    /**
     * Why a new upload of `size` bytes by the user is refused before any byte, if it is: empty, over the limit, or
     * one unfinished upload too many (the sweep removes those older than a day).
     */
    async creationRefusal(userId: number, size: number): Promise<Refusal | null> {
      const refusal = sizeRefusal(size);
      if (refusal) return refusal;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(studioUploads)
        .where(
          and(eq(studioUploads.userId, userId), eq(studioUploads.status, 'receiving'), isNull(studioUploads.removedAt)),
        );
      return (row?.n ?? 0) >= MAX_RECEIVING ? ['studio_upload_too_many', { max: MAX_RECEIVING }] : null;
    },

    async created(input: {
      id: string;
      userId: number;
      size: number;
      fileName: string;
      transport?: 'tus' | 's3';
      multipartId?: string;
    }) {
      const now = clock.now();
      await db.insert(studioUploads).values({ ...input, createdAt: now, updatedAt: now });
    },

    async find(id: string): Promise<UploadRow | null> {
      const [row] = await db.select().from(studioUploads).where(eq(studioUploads.id, id));
      return row ?? null;
    },

    /** The last byte is in: the check is queued with the change of status, once (in `within`, when given). */
    async finished(id: string, within?: Db) {
      const run = (work: (tx: Db) => Promise<void>) => (within ? work(within) : db.transaction(work));
      await run(async (tx) => {
        const moved = await tx
          .update(studioUploads)
          .set({ status: 'checking', updatedAt: clock.now() })
          .where(and(eq(studioUploads.id, id), eq(studioUploads.status, 'receiving')))
          .returning({ id: studioUploads.id });
        if (moved.length > 0) await queueJob(tx, CHECK_TASK, { uploadId: id }, { key: `${CHECK_TASK}:${id}` });
      });
    },

    /** The client ended an unfinished upload (tus termination): its row goes with its bytes. */
    async terminated(id: string) {
      await db.delete(studioUploads).where(and(eq(studioUploads.id, id), isNull(studioUploads.postId)));
    },

    /** The check (a job): probe the bytes, refuse them or extract the cover frames. Safe to run again. */
    async check(id: string) {
      const [row] = await db.select().from(studioUploads).where(eq(studioUploads.id, id));
      if (!row || row.status !== 'checking') return;
      // The size before a direct upload's object is read out of the bucket: an oversized one is not fetched.
      const size = await originalSize(row);
      if (size === null) return refuse(row, 'studio_source_missing');
      const refused = sizeRefusal(size);
      if (refused) return refuse(row, ...refused);
      if (row.transport === 's3' && multipart) await fetchOriginal(row, multipart);
      let probed;
      try {
        probed = await probeUpload(fileOf(id));
      } catch (err) {
        if (err instanceof NotAVideoError) return refuse(row, 'studio_upload_not_video');
        throw err;
      }
      const refusal = verdict(probed.duration);
      if (refusal) return refuse(row, ...refusal);

      const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'taice-frames-'));
      let keys: string[];
      try {
        let names: string[];
        try {
          names = await makeFrames(fileOf(id), tmp, COVER_FRAME_COUNT);
        } catch (err) {
          log.info({ upload: id, err: (err as Error).message }, 'upload frames failed');
          return refuse(row, 'studio_upload_not_video');
        }
        keys = [];
        for (const name of names) {
          const key = `studio/${row.userId}/${id}/${name}`;
          await storage.putFile(key, path.join(tmp, name), 'image/jpeg');
          keys.push(key);
        }
      } finally {
        await fsp.rm(tmp, { recursive: true, force: true });
      }
      await db
        .update(studioUploads)
        .set({
          status: 'ready',
          duration: probed.duration,
          width: probed.width,
          height: probed.height,
          frames: keys,
          updatedAt: clock.now(),
        })
        .where(and(eq(studioUploads.id, id), eq(studioUploads.status, 'checking')));
      log.info({ upload: id, duration: probed.duration, width: probed.width, height: probed.height }, 'upload ready');
    },

    async detail(userId: number, id: string, lang: ApiLang): Promise<UploadDetail> {
      const [row] = await db
        .select()
        .from(studioUploads)
        .where(and(eq(studioUploads.id, id), eq(studioUploads.userId, userId)));
      // Another user's upload is not found either; so is one whose bytes went without a post.
      if (!row || (row.removedAt && row.status !== 'refused' && row.postId === null)) {
        throw new AppError('studio_upload_not_found');
      }
      let offset = row.size;
      if (row.status === 'receiving') offset = await receivedBytes(row);
      const refusal = row.refusal as ErrorKey | '';
      return {
        upload_id: row.id,
        status: row.status,
        message: refusal ? errorMessage(refusal, lang, row.refusalParams) : '',
        refusal_code: refusal ? errorCode(refusal) : 0,
        size: row.size,
        offset,
        duration: row.duration,
        width: row.width,
        height: row.height,
        frames: row.frames.map((key) => storage.publicUrl(key)),
        post_id: row.postId,
      };
    },

    /** The nightly sweep: uploads never posted, older than a day, lose their bytes and frames. */
    async sweep(): Promise<number> {
      const before = new Date(clock.now().getTime() - ABANDONED_AFTER_MS);
      const rows = await db
        .select()
        .from(studioUploads)
        .where(and(isNull(studioUploads.postId), isNull(studioUploads.removedAt), lt(studioUploads.createdAt, before)))
        .limit(1000);
      for (const row of rows) {
        await removeBytes(row.id);
        await removeFrames(row.frames);
        await db
          .update(studioUploads)
          .set({ removedAt: clock.now(), updatedAt: clock.now() })
          .where(and(eq(studioUploads.id, row.id), isNull(studioUploads.postId)));
      }
      // Posts deleted before they were processed need their original no more.
      const orphaned = await db
        .select({ id: studioUploads.id, frames: studioUploads.frames, coverKey: posts.coverKey })
        .from(studioUploads)
        .innerJoin(posts, eq(posts.id, studioUploads.postId))
        .where(and(isNull(studioUploads.removedAt), eq(posts.status, POST_STATUS.deleted)))
        .limit(1000);
      for (const row of orphaned) {
        await removeBytes(row.id);
        await removeFrames(row.frames, row.coverKey);
        await db
          .update(studioUploads)
          .set({ removedAt: clock.now(), updatedAt: clock.now() })
          .where(eq(studioUploads.id, row.id));
      }
      // Files tus wrote without a row (a creation that failed half-way) and older than a day.
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (!stat || stat.mtime >= before) continue;
        const id = name.replace(/\.json$/, '');
        const [known] = await db
          .select({ id: studioUploads.id })
          .from(studioUploads)
          .where(and(eq(studioUploads.id, id), sql`${studioUploads.removedAt} is null`));
        if (!known) await fsp.rm(file, { force: true });
      }
      if (rows.length > 0) log.info({ removed: rows.length }, 'abandoned uploads removed');
      return rows.length;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
