import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { posts } from '../videos/videos.schema';

/**
 * One resumable upload of a creator's video (decision 049). Through tus the bytes live in `DATA_DIR/uploads/<id>`
 * (private, never served); sent straight to the bucket (decision 055) they are the object `originals/<id>`, read
 * back to that file by the check. The row says whose they are and what the check found. `status`: receiving → checking
 * → ready or refused. A ready upload becomes at most one post (`postId`); the bytes are removed once that post is
 * published, and abandoned uploads by the nightly sweep.
 */
export const studioUploads = pgTable(
  'studio_uploads',
  {
    /** The upload id: the last segment of its tus URL, or of its object's key. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Bytes declared at creation (`Upload-Length`). */
    size: bigint({ mode: 'number' }).notNull(),
    /** The file name the client sent in its metadata (display only). */
    fileName: text().notNull().default(''),
    status: text().$type<'receiving' | 'checking' | 'ready' | 'refused'>().notNull().default('receiving'),
    /** How the bytes arrive: `tus` (through the server) or `s3` (a multipart upload straight to the bucket). */
    transport: text().$type<'tus' | 's3'>().notNull().default('tus'),
    /** The bucket's UploadId of the multipart upload ('' through tus). */
    multipartId: text().notNull().default(''),
    /** The error key of a refusal (`studio_upload_not_video`…), '' otherwise; `refusalParams` fill its message. */
    refusal: text().notNull().default(''),
    refusalParams: jsonb().$type<Record<string, string | number>>().notNull().default({}),
    /** Seconds, and the picture's size as shown; 0 until checked. */
    duration: real().notNull().default(0),
    width: integer().notNull().default(0),
    height: integer().notNull().default(0),
    /** Storage keys of the candidate cover frames, in time order. */
    frames: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The post made from this upload (one at most). */
    postId: integer().references(() => posts.id),
    /** How many times processing of the post actually started (under its lock): a test measure of "once". */
    processRuns: integer().notNull().default(0),
    /** When the original bytes were removed (after publication or by the sweep). */
    removedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('studio_uploads_user').on(t.userId, t.createdAt),
    uniqueIndex('studio_uploads_post')
      .on(t.postId)
      .where(sql`post_id is not null`),
    index('studio_uploads_unposted')
      .on(t.createdAt)
      .where(sql`post_id is null and removed_at is null`),
  ],
);

/**
 * The parts of a direct upload that arrived in the bucket (decision 055), with the ETag the bucket gave the
 * browser. The server's record is what resuming trusts: not every S3-compatible service lists parts.
 */
export const studioUploadParts = pgTable(
  'studio_upload_parts',
  {
    uploadId: text()
      .notNull()
      .references(() => studioUploads.id, { onDelete: 'cascade' }),
    partNumber: integer().notNull(),
    etag: text().notNull(),
    /** Bytes of the part (every part has the upload's part size but the last). */
    size: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
