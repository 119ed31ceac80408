import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

/**
 * A creator's connected YouTube channel (decision 052): one per account, and a channel belongs to
 * one account only. The Google tokens are sealed with the server's key (token-box.ts) and bound to
 * the row's user; they never leave the server.
 */
export const youtubeConnections = pgTable(
  'youtube_connections',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id),
    /** The Google account (`sub` of its ID token) that granted access. */
    googleSubject: text().notNull(),
    channelId: text().notNull(),
    channelTitle: text().notNull().default(''),
    channelThumbnail: text().notNull().default(''),
    /** The channel's uploads playlist, which the video list pages through. */
    uploadsPlaylistId: text().notNull(),
    /** The scopes Google granted, space separated. */
    scope: text().notNull().default(''),
    accessToken: text().notNull(),
    accessExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /** null when Google gave none: the connection then ends with its access token. */
    refreshToken: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('youtube_connections_channel').on(t.channelId)],
);
