import { date, doublePrecision, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { posts } from '../videos/videos.schema';

/**
 * A video's figures of one closed business day (UTC+8), computed once from that day's rows (decision 051):
 * sessions started that day (views counted, watch seconds credited), likes, comments and shares made that day.
 * Only videos with something that day have a row.
 */
export const channelPostDays = pgTable(
  'channel_post_days',
  {
    postId: integer()
      .notNull()
      .references(() => posts.id),
    day: date().notNull(),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    views: integer().notNull(),
    watchSeconds: doublePrecision().notNull(),
    likes: integer().notNull(),
    comments: integer().notNull(),
    shares: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index().on(t.authorId, t.day)],
);

/** The follows a creator gained on one closed business day (only days with some have a row). */
export const channelFollowerDays = pgTable(
  'channel_follower_days',
  {
    authorId: integer()
      .notNull()
      .references(() => users.id),
    day: date().notNull(),
    newFollowers: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.authorId, t.day] })],
);

/**
 * The closed days the roll-up has written for every creator: a day listed here is read from the two tables above
 * alone; a day missing (today, or one the job has not reached) is computed from its rows.
 */
export const channelRolledDays = pgTable('channel_rolled_days', {
  day: date().primaryKey(),
  /** Rows written into `channel_post_days` for the day. */
  postRows: integer().notNull(),
  computedAt: timestamp({ withTimezone: true }).notNull(),
});
