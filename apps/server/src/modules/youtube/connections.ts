import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { isGrantRefused, type GoogleOidc, type GoogleTokens } from '../identities/identities.module';
import type { TokenBox } from './token-box';
import { YoutubeApiError, type ChannelInfo } from './youtube-api';
import { youtubeConnections } from './youtube.schema';

/** An access token this close to its end is refreshed first, so it does not expire on the way. */
const EXPIRY_MARGIN_MS = 60_000;
/** What an access token is taken to last when Google does not say (its tokens last an hour). */
const DEFAULT_LIFETIME_SECONDS = 3_600;
/** How long a refresh's token is handed to calls that read the connection before it was saved. */
const SHARED_REFRESH_MS = 60_000;

type Row = typeof youtubeConnections.$inferSelect;

/** A connected channel with an access token good for the next minute at least. */
export interface Access {
  userId: number;
  accessToken: string;
  channel: ChannelInfo;
}

interface Deps {
  db: Db;
  clock: Clock;
  google: GoogleOidc;
  box: TokenBox;
  log: FastifyBaseLogger;
}

const ownerOf = (userId: number) => `youtube:${userId}`;

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === constraint) return true;
  }
  return false;
}

/**
 * The creators' YouTube connections: Google's tokens kept sealed on the server, refreshed when
 * they run out. A refresh Google refuses (revoked, expired) ends the connection: the creator is
 * asked to connect again. Only the owner's own row is ever read, so nobody can use another
 * creator's connection.
 */
export function createConnections({ db, clock, google, box, log }: Deps) {
  const expiresAt = (tokens: GoogleTokens) =>
    new Date(clock.now().getTime() + (tokens.expiresIn ?? DEFAULT_LIFETIME_SECONDS) * 1000);

  /** Refreshes of one process for one user at once share one request to Google. */
  const refreshing = new Map<string, Promise<string>>();

  async function forget(userId: number): Promise<void> {
    await db.delete(youtubeConnections).where(eq(youtubeConnections.userId, userId));
  }

  function channelOf(row: Row): ChannelInfo {
    return {
      id: row.channelId,
      title: row.channelTitle,
      thumbnail: row.channelThumbnail,
      uploadsPlaylistId: row.uploadsPlaylistId,
    };
  }

  async function refresh(row: Row): Promise<string> {
    const refreshToken = row.refreshToken && box.open(ownerOf(row.userId), row.refreshToken);
    if (!refreshToken) {
      await forget(row.userId);
      throw new AppError('youtube_connection_expired');
    }
    let tokens: GoogleTokens;
    try {
      tokens = await google.refresh(refreshToken);
    } catch (err) {
      if (isGrantRefused(err)) {
        log.info({ userId: row.userId }, 'youtube refresh refused: the connection ends');
        await forget(row.userId);
        throw new AppError('youtube_connection_expired');
      }
      log.warn({ err, userId: row.userId }, 'youtube token refresh failed');
      throw new AppError('youtube_unavailable');
    }
    const owner = ownerOf(row.userId);
    await db
      .update(youtubeConnections)
      .set({
        accessToken: box.seal(owner, tokens.accessToken),
        accessExpiresAt: expiresAt(tokens),
        // Google keeps the refresh token; a provider that rotates it sends the new one.
        ...(tokens.refreshToken ? { refreshToken: box.seal(owner, tokens.refreshToken) } : {}),
        ...(tokens.scope ? { scope: tokens.scope } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(youtubeConnections.userId, row.userId));
    return tokens.accessToken;
  }

  function sharedRefresh(row: Row): Promise<string> {
    // Keyed by the token being replaced: a call that read the row just before a refresh wrote it
    // gets that refresh's token too, for a minute after.
    const key = `${row.userId}:${row.accessToken}`;
    const running = refreshing.get(key);
    if (running) return running;
    const started = refresh(row);
    refreshing.set(key, started);
    started.then(
      () => setTimeout(() => refreshing.delete(key), SHARED_REFRESH_MS).unref(),
      () => refreshing.delete(key),
    );
    return started;
  }

  async function rowOf(userId: number): Promise<Row> {
    const [row] = await db.select().from(youtubeConnections).where(eq(youtubeConnections.userId, userId));
    if (!row) throw new AppError('youtube_not_connected');
    return row;
  }

  /** The caller's connection with a usable access token (refreshed when it is about to end). */
  async function access(userId: number, forceRefresh = false): Promise<Access> {
    const row = await rowOf(userId);
    const stored = box.open(ownerOf(userId), row.accessToken);
    const fresh = row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > clock.now().getTime();
    const accessToken = stored && fresh && !forceRefresh ? stored : await sharedRefresh(row);
    return { userId, accessToken, channel: channelOf(row) };
  }

  return {
    access,

    /**
     * Runs `use` with the caller's access token; a 401 from YouTube (a token revoked or ended early)
     * gets one refresh and one more try, a second 401 ends the connection.
     */
    async withAccess<T>(userId: number, use: (access: Access) => Promise<T>): Promise<T> {
      const first = await access(userId);
      try {
        return await use(first);
      } catch (err) {
        if (!(err instanceof YoutubeApiError && err.kind === 'unauthorized')) throw err;
      }
      const again = await access(userId, true);
      try {
        return await use(again);
      } catch (err) {
        if (err instanceof YoutubeApiError && err.kind === 'unauthorized') {
          await forget(userId);
          throw new AppError('youtube_connection_expired');
        }
        throw err;
      }
    },

    /**
     * Keeps what the connection's sign-in granted for `userId`. A channel connected to another
     * account is refused; reconnecting the same Google account without a new refresh token keeps the old one.
     */
    async save(userId: number, googleSubject: string, channel: ChannelInfo, tokens: GoogleTokens): Promise<void> {
      const owner = ownerOf(userId);
      const now = clock.now();
      const values = {
        userId,
        googleSubject,
        channelId: channel.id,
        channelTitle: channel.title,
        channelThumbnail: channel.thumbnail,
        uploadsPlaylistId: channel.uploadsPlaylistId,
        scope: tokens.scope,
        accessToken: box.seal(owner, tokens.accessToken),
        accessExpiresAt: expiresAt(tokens),
        refreshToken: tokens.refreshToken ? box.seal(owner, tokens.refreshToken) : null,
        createdAt: now,
        updatedAt: now,
      };
      const { createdAt: _created, ...changed } = values;
      try {
        await db
          .insert(youtubeConnections)
          .values(values)
          .onConflictDoUpdate({
            target: youtubeConnections.userId,
            set: {
              ...changed,
              refreshToken: sql`case when ${youtubeConnections.googleSubject} = excluded.google_subject
                then coalesce(excluded.refresh_token, ${youtubeConnections.refreshToken})
                else excluded.refresh_token end`,
            },
          });
      } catch (err) {
        if (isUniqueViolation(err, 'youtube_connections_channel')) throw new AppError('youtube_channel_taken');
        throw err;
      }
    },

    /** Forgets the caller's connection, revoking its tokens at Google (best effort). */
    async disconnect(userId: number): Promise<void> {
      const [row] = await db.delete(youtubeConnections).where(eq(youtubeConnections.userId, userId)).returning();
      const token =
        row &&
        ((row.refreshToken && box.open(ownerOf(userId), row.refreshToken)) ||
          box.open(ownerOf(userId), row.accessToken));
      if (!token) return;
      try {
        await google.revoke(token);
      } catch (err) {
        log.warn({ err, userId }, 'youtube token revocation failed');
      }
    },
  };
}

export type Connections = ReturnType<typeof createConnections>;
