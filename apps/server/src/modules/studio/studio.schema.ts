import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { posts } from '../videos/videos.schema';

/**
 * One resumable (tus) upload of a creator's video (decision 049). The bytes live in `DATA_DIR/uploads/<id>`
 * (private, never served); the row says whose they are and what the check found. `status`: receiving → checking
 * → ready or refused. A ready upload becomes at most one post (`postId`); the bytes are removed once that post is
 * published, and abandoned uploads by the nightly sweep.
 */
export const studioUploads = pgTable(
  'studio_uploads',
  {
    /** The tus upload id, the last segment of its URL. */
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Bytes declared at creation (`Upload-Length`). */
    size: bigint({ mode: 'number' }).notNull(),
    /** The file name the client sent in its metadata (display only). */
    fileName: text().notNull().default(''),
    status: text().$type<'receiving' | 'checking' | 'ready' | 'refused'>().notNull().default('receiving'),
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
