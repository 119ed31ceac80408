import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { DirectUpload } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { S3Multipart } from '../../platform/media/s3-multipart';
import type { Clock } from '../../platform/time/clock';
import { studioUploadParts, studioUploads } from './studio.schema';
import { originalKeyOf, type UploadLimits, type UploadRow, type Uploads } from './uploads';

/** S3's smallest part but the last, and its largest number of parts. */
const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;
/** How long a part's presigned URL stays valid. */
const SIGNED_SECONDS = 3600;

/** The part size of an upload of `size` bytes: the configured chunk, raised to what S3 accepts. */
export function partBytesOf(size: number, chunkBytes: number): number {
  return Math.max(chunkBytes, MIN_PART_BYTES, Math.ceil(size / MAX_PARTS));
}

/**
 * Uploads whose bytes the browser sends straight to the bucket (decision 055): an S3 multipart upload of the
 * object `originals/<id>`, one presigned URL per part, each part confirmed with its ETag and recorded here (the
 * record is what resuming trusts). Completing it joins the parts and hands the upload to the same check as tus's
 * last byte (`uploads.finished`); every refusal before that is an envelope.
 */
export function createDirectUploads(deps: {
  db: Db;
  clock: Clock;
  uploads: Uploads;
  limits: UploadLimits;
  multipart: S3Multipart | null;
}) {
  const { db, clock, uploads, limits } = deps;

  function bucket(): S3Multipart {
    if (!deps.multipart) throw new AppError('studio_direct_unavailable');
    return deps.multipart;
  }

  /** The caller's direct upload whose bytes are still there; anyone else's is not found. */
  async function own(userId: number, id: string): Promise<UploadRow> {
    const row = await uploads.find(id);
    if (!row || row.userId !== userId || row.transport !== 's3' || row.removedAt) {
      throw new AppError('studio_upload_not_found');
    }
    return row;
  }

  function shape(row: UploadRow) {
    const partBytes = partBytesOf(row.size, limits.chunkBytes);
    return { partBytes, partCount: Math.ceil(row.size / partBytes) };
  }

  function checkPart(row: UploadRow, partNumber: number) {
    const { partBytes, partCount } = shape(row);
    if (partNumber > partCount) throw new AppError('studio_upload_part_invalid', { count: partCount });
    return partNumber < partCount ? partBytes : row.size - partBytes * (partCount - 1);
  }

  function receiving(row: UploadRow) {
    if (row.status !== 'receiving') throw new AppError('studio_upload_not_receiving');
  }

  async function partsOf(id: string, tx: Tx = db) {
    return tx
      .select({ partNumber: studioUploadParts.partNumber, etag: studioUploadParts.etag })
      .from(studioUploadParts)
      .where(eq(studioUploadParts.uploadId, id))
      .orderBy(asc(studioUploadParts.partNumber));
  }

  async function state(row: UploadRow): Promise<DirectUpload> {
    const { partBytes, partCount } = shape(row);
    const parts = await partsOf(row.id);
    return {
      upload_id: row.id,
      status: row.status,
      size: row.size,
      part_bytes: partBytes,
      part_count: partCount,
      parts: parts.map((p) => ({ part_number: p.partNumber, etag: p.etag })),
    };
  }

  return {
    async create(userId: number, input: { size: number; file_name: string }): Promise<DirectUpload> {
      const multipart = bucket();
      const refused = await uploads.creationRefusal(userId, input.size);
      if (refused) throw new AppError(...refused);
      const id = randomBytes(16).toString('base64url');
      const multipartId = await multipart.create(originalKeyOf(id));
      await uploads.created({
        id,
        userId,
        size: input.size,
        fileName: input.file_name.slice(0, 200),
        transport: 's3',
        multipartId,
      });
      return state((await uploads.find(id))!);
    },

    async parts(userId: number, id: string): Promise<DirectUpload> {
      return state(await own(userId, id));
    },

    async signPart(userId: number, id: string, partNumber: number) {
      const row = await own(userId, id);
      receiving(row);
      checkPart(row, partNumber);
      const url = await bucket().signPart(originalKeyOf(id), row.multipartId, partNumber, SIGNED_SECONDS);
      return { url, expires_at: new Date(clock.now().getTime() + SIGNED_SECONDS * 1000).toISOString() };
    },

    /** A part arrived; a part sent again replaces its ETag. */
    async confirmPart(userId: number, id: string, partNumber: number, etag: string): Promise<DirectUpload> {
      const row = await own(userId, id);
      receiving(row);
      const size = checkPart(row, partNumber);
      await db
        .insert(studioUploadParts)
        .values({ uploadId: id, partNumber, etag, size })
        .onConflictDoUpdate({ target: [studioUploadParts.uploadId, studioUploadParts.partNumber], set: { etag } });
      return state(row);
    },

    /**
     * Joins the parts and queues the check, holding the upload's row meanwhile: a completion racing this one waits,
     * then answers the upload as it is (so does one repeated later).
     */
    async complete(userId: number, id: string): Promise<DirectUpload> {
      const row = await own(userId, id);
      const { partCount } = shape(row);
      await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(studioUploads).where(eq(studioUploads.id, id)).for('update');
        if (locked?.status !== 'receiving') return;
        const parts = await partsOf(id, tx);
        if (parts.length < partCount) {
          throw new AppError('studio_upload_parts_missing', { count: partCount - parts.length });
        }
        try {
          await bucket().complete(originalKeyOf(id), row.multipartId, parts);
        } catch (err) {
          const name = (err as { name?: string }).name;
          if (name !== 'InvalidPart' && name !== 'InvalidPartOrder') throw err;
          // An ETag the bucket does not know: the parts are sent again (forgotten outside the transaction, which
          // the refusal rolls back).
          await db.delete(studioUploadParts).where(eq(studioUploadParts.uploadId, id));
          throw new AppError('studio_upload_parts_rejected');
        }
        await uploads.finished(id, tx);
      });
      // An abort may have ended it meanwhile.
      const now = await uploads.find(id);
      if (!now) throw new AppError('studio_upload_not_found');
      return state(now);
    },

    /** Ends an unfinished upload: the bucket drops its parts, and the row goes. */
    async abort(userId: number, id: string) {
      const row = await own(userId, id);
      receiving(row);
      await uploads.removeBytes(id);
      await db.delete(studioUploads).where(and(eq(studioUploads.id, id), eq(studioUploads.status, 'receiving')));
      return { upload_id: id };
    },
  };
}

export type DirectUploads = ReturnType<typeof createDirectUploads>;
