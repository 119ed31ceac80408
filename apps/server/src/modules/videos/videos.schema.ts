import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Localized, ModerationAction } from '@taice/contract';
import { users } from '../accounts/accounts.schema';

/** PostgreSQL's text-search document; only the database reads it (search matches and ranks on it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable('categories', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  key: text().notNull().unique(),
  name: jsonb().$type<Localized>().notNull(),
  sort: integer().notNull().default(0),
  /** Published posts in the category (kept with the posts). */
  postNum: integer().notNull().default(0),
});

/**
 * A video. Media keys are storage keys (see platform/storage); counters are
 * kept true in the same transaction as the row that changes them.
 * `rankScore` is a time-independent "hot" score (log of engagement plus the
 * publication time), so the recommended order is stable across pages.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** Language of the video (en_US, zh-CN, zh-TW). */
    lang: text().notNull().default('en_US'),
    /** 1 published, 2 taken down, 3 deleted, 4 processing, 5 processing failed (POST_STATUS). */
    status: smallint().notNull().default(1),
    /** Why processing failed, a message key of the studio module; '' otherwise. */
    failureReason: text().notNull().default(''),
    /** The creator says the video was made with AI (the leaderboard's upload rule counts these). */
    aiGenerated: boolean().notNull().default(false),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A few seconds' silent clip shown on hover; '' when none. */
    previewKey: text().notNull().default(''),
    /** Set when the post plays through YouTube's embedded player (imported by syncPost). */
    youtubeVideoId: text(),
    coverKey: text().notNull(),
    mp4Key: text().notNull(),
    /** The HLS playlist's key; '' when not packaged. */
    hlsKey: text().notNull().default(''),
    /** Seconds. */
    duration: real().notNull(),
    width: integer().notNull().default(0),
    height: integer().notNull().default(0),
    viewNum: integer().notNull().default(0),
    likeNum: integer().notNull().default(0),
    dislikeNum: integer().notNull().default(0),
    collectNum: integer().notNull().default(0),
    commentNum: integer().notNull().default(0),
    shareNum: integer().notNull().default(0),
    /** Counted watch time of every viewer, in seconds. */
    watchSeconds: doublePrecision().notNull().default(0),
    rankScore: doublePrecision()
      .notNull()
      .generatedAlwaysAs(
        sql`log(greatest(1, like_num * 3 + comment_num * 4 + share_num * 5 + collect_num * 3 + view_num - dislike_num * 2)) + extract(epoch from (published_at at time zone 'UTC')) / 45000`,
      ),
    /**
     * What search matches and ranks (decision 034): the title's words (weight A) and the description's
     * (B), Chinese, Japanese and Korean runs as overlapping two-character pieces (`taice_search_document`).
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(taice_search_document(title), 'A') || setweight(taice_search_document(description), 'B')`,
      ),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_feed_rank')
      .on(t.rankScore, t.id)
      .where(sql`status = 1`),
    index('posts_feed_new')
      .on(t.publishedAt, t.id)
      .where(sql`status = 1`),
    index('posts_category_rank')
      .on(t.categoryId, t.rankScore, t.id)
      .where(sql`status = 1`),
    index('posts_category_new')
      .on(t.categoryId, t.publishedAt, t.id)
      .where(sql`status = 1`),
    index('posts_author_new').on(t.authorId, t.publishedAt, t.id),
    uniqueIndex('posts_youtube_import')
      .on(t.authorId, t.youtubeVideoId)
      .where(sql`youtube_video_id is not null and status <> 3`),
    index('posts_processing')
      .on(t.id)
      .where(sql`status = 4`),
    index('posts_search')
      .using('gin', t.searchVector)
      .where(sql`status = 1`),
  ],
);

/** One like (1) or dislike (-1) per user and post. */
export const postReactions = pgTable(
  'post_reactions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    kind: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index().on(t.postId),
    // A video's reactions of one day, for its creator's statistics (decision 051).
    index('post_reactions_post_day').on(t.postId, t.createdAt),
  ],
);

/** Liked Videos (spec: the collection). */
export const postCollects = pgTable(
  'post_collects',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index().on(t.userId, t.createdAt)],
);

export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The top-level comment a reply belongs to; null for a top-level comment. */
    parentId: integer().references((): AnyPgColumn => comments.id),
    /** The user a reply answers, when it answers a reply. */
    replyToUserId: integer().references(() => users.id),
    content: text().notNull(),
    likeNum: integer().notNull().default(0),
    dislikeNum: integer().notNull().default(0),
    replyNum: integer().notNull().default(0),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_top_level')
      .on(t.postId, t.createdAt, t.id)
      .where(sql`parent_id is null and deleted_at is null`),
    index('comments_replies')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index().on(t.userId),
    // A video's comments of one day, for its creator's statistics (decision 051).
    index('comments_post_day').on(t.postId, t.createdAt),
  ],
);

export const commentReactions = pgTable(
  'comment_reactions',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    commentId: integer()
      .notNull()
      .references(() => comments.id),
    kind: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.commentId] })],
);

export const follows = pgTable(
  'follows',
  {
    followerId: integer()
      .notNull()
      .references(() => users.id),
    followeeId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index().on(t.followeeId, t.createdAt),
    index().on(t.followerId, t.createdAt),
  ],
);

export const shares = pgTable(
  'shares',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    code: text().notNull().unique(),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    /** null when a visitor shared. */
    userId: integer().references(() => users.id),
    channel: text().notNull(),
    receiveNum: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    // A video's shares of one day, for its creator's statistics (decision 051).
    index('shares_post_day').on(t.postId, t.createdAt),
  ],
);

/** Someone opened a shared link; one row per share and viewer (`user:ID` or `device:ID`). */
export const shareReceives = pgTable(
  'share_receives',
  {
    shareId: integer()
      .notNull()
      .references(() => shares.id),
    viewerKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.viewerKey] })],
);

/**
 * A viewing session, measured by the server: each heartbeat credits at most
 * the wall-clock time since the previous one (capped), never past the
 * video's length. Opening a session ends the viewer's other open sessions.
 */
export const watchSessions = pgTable(
  'watch_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    userId: integer().references(() => users.id),
    /** `user:ID` or `device:ID`. */
    viewerKey: text().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    lastBeatAt: timestamp({ withTimezone: true }).notNull(),
    /** Seconds credited so far. */
    credited: real().notNull().default(0),
    countedAt: timestamp({ withTimezone: true }),
    /** The view was counted for this session (once per viewer and post per hour). */
    viewCounted: boolean().notNull().default(false),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('watch_sessions_open')
      .on(t.viewerKey)
      .where(sql`ended_at is null`),
    index().on(t.viewerKey, t.postId, t.startedAt),
    // A video's sessions of one day, for its creator's statistics (decision 051).
    index('watch_sessions_post_day').on(t.postId, t.startedAt),
  ],
);

/** Watch history: one row per user and video. */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    watchedSeconds: real().notNull().default(0),
    /** Watched to the end at least once (left out of recommendations). */
    finished: boolean().notNull().default(false),
    /** When the video was last opened (heartbeats leave it alone, decision 019). */
    lastWatchedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index().on(t.userId, t.lastWatchedAt)],
);

export const userInterests = pgTable(
  'user_interests',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] })],
);

/** A creator's public description, shown on creator/detail. */
export const creatorProfiles = pgTable('creator_profiles', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  description: text().notNull().default(''),
});

/** Every take-down and put-up of a video by an operator, with the reason its creator was sent. */
export const postModerations = pgTable(
  'post_moderations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    action: text().$type<ModerationAction>().notNull(),
    reason: text().notNull(),
    /** The operator's user id. */
    actor: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.postId, t.id)],
);
