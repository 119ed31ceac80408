import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSafeText, YOUTUBE_CALLBACK_PATH, YOUTUBE_SCOPE, youtubeCalls, type ErrorKey } from '@taice/contract';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/app-error';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import { byIp, byUser, rateLimit } from '../../platform/http/rate-limit';
import type { Db } from '../../platform/db/database';
import type { RateLimitRule, RateLimits } from '../../platform/state/shared-state';
import { isSameFlow, siteOrigin, startFlow, type Challenges, type GoogleOidc } from '../identities/identities.module';
import type { ChannelVideos } from './channel-videos';
import type { Connections } from './connections';
import { YoutubeApiError, type YoutubeApi } from './youtube-api';

/** The page the connection's sign-in comes back to. */
const RETURN_PATH = '/Youtube';
/** Long enough to pick an account and read Google's consent screen. */
const STATE_TTL_SECONDS = 600;
/** Scopes that let the API list a channel's uploads (youtube.readonly is the one asked for). */
const YOUTUBE_READ_SCOPES = new Set([
  YOUTUBE_SCOPE,
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
]);
const STATE_REFUSALS = {
  unknown: 'youtube_connect_invalid',
  used: 'youtube_connect_invalid',
  expired: 'youtube_connect_invalid',
} as const;

// Each start stores a state row; each list or sync spends the creator's share of the YouTube quota.
const connectRule: RateLimitRule = { name: 'youtube.connect', points: 20, durationSeconds: 60 };
const listRule: RateLimitRule = { name: 'youtube.list', points: 120, durationSeconds: 60 };
const syncRule: RateLimitRule = { name: 'youtube.sync', points: 30, durationSeconds: 60 };

/** Kept under the state until the callback. */
interface SavedState {
  userId: number;
  codeVerifier: string;
  nonce: string;
  /** The hash of the starting browser's flow cookie. */
  flowHash: string;
}

interface Deps {
  config: Config;
  db: Db;
  limits: RateLimits;
  challenges: Challenges;
  google: GoogleOidc;
  api: YoutubeApi;
  connections: Connections;
  channelVideos: ChannelVideos;
}

/** A YouTube refusal as the creator should read it. */
function youtubeRefusal(err: unknown): unknown {
  if (!(err instanceof YoutubeApiError)) return err;
  if (err.kind === 'scope') return new AppError('youtube_scope_missing');
  if (err.kind === 'unauthorized') return new AppError('youtube_connection_expired');
  return new AppError('youtube_unavailable');
}

/**
 * YouTube sync: connecting a channel (Google's authorisation code flow with the read-only YouTube
 * scope, reusing the Google sign-in's client, state store and flow cookie; decisions 020, 052),
 * listing its uploads and importing them as posts.
 */
export async function youtubeRoutes(app: FastifyInstance, deps: Deps) {
  const { config, db, limits, challenges, google, api, connections, channelVideos } = deps;
  const redirectUri = (request: FastifyRequest) => siteOrigin(config, request) + YOUTUBE_CALLBACK_PATH;
  async function refusing<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (err) {
      throw youtubeRefusal(err);
    }
  }

  await app.register(async (limited) => {
    limited.addHook('preHandler', rateLimit(limits, connectRule, byUser, byIp));
    registerCall(limited, youtubeCalls.youtubeConnect, async ({ request, reply }) => {
      if (!google.enabled) throw new AppError('provider_not_configured', { provider: 'Google' });
      const secrets = google.newSecrets();
      const saved: SavedState = { userId: currentUser(request).id, ...secrets, flowHash: startFlow(request, reply) };
      const { value: state } = await challenges.issue('youtube_state', {
        subject: String(saved.userId),
        data: { ...saved },
        ttlSeconds: STATE_TTL_SECONDS,
      });
      const url = await google.authorizationUrl(
        redirectUri(request),
        { state, ...secrets },
        {
          // openid for the ID token naming the Google account; Google's incremental authorisation
          // keeps the scopes granted at login, and offline access with consent gives a refresh token.
          scope: `openid ${YOUTUBE_SCOPE}`,
          params: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
        },
      );
      return { url };
    });
  });

  registerCall(app, youtubeCalls.youtubeDisconnect, async ({ request }) => {
    await connections.disconnect(currentUser(request).id);
    return { connected: false as const };
  });

  await app.register(async (limited) => {
    limited.addHook('preHandler', rateLimit(limits, listRule, byUser));
    registerCall(limited, youtubeCalls.getYoutubeVideo, ({ query, request }) =>
      refusing(channelVideos.list(currentUser(request).id, query)),
    );
  });

  await app.register(async (limited) => {
    limited.addHook('preHandler', rateLimit(limits, syncRule, byUser));
    registerCall(limited, youtubeCalls.syncPost, ({ body, request }) =>
      refusing(
        channelVideos.sync(
          currentUser(request).id,
          { videoIds: body.video_ids, categoryId: body.category_id },
          request.ctx.lang,
        ),
      ),
    );
  });

  function back(reply: FastifyReply, fragment: string) {
    return reply.redirect(`${RETURN_PATH}#${fragment}`);
  }

  function fail(request: FastifyRequest, reply: FastifyReply, err: unknown) {
    const refusal = youtubeRefusal(err);
    const key: ErrorKey = refusal instanceof AppError ? refusal.key : 'youtube_connect_invalid';
    if (refusal instanceof AppError) request.log.info({ key }, 'youtube connection refused');
    else request.log.warn({ err }, 'youtube connection failed');
    return back(reply, `youtube_error=${key}`);
  }

  app.get(
    YOUTUBE_CALLBACK_PATH,
    {
      schema: { tags: ['youtube'], summary: 'Where Google returns to after connecting YouTube; redirects to /Youtube' },
      config: { checksOwnText: true },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const query = request.query as Record<string, unknown>;
      const state = query.state;
      try {
        if (typeof state !== 'string' || !isSafeText(state)) throw new AppError('youtube_connect_invalid');
        // Spent in a short transaction of its own: no connection waits on Google (decision 020).
        const taken = await db.transaction((tx) => challenges.take(tx, 'youtube_state', state, STATE_REFUSALS));
        const saved = taken.data as unknown as SavedState;
        if (!isSameFlow(request, saved.flowHash)) throw new AppError('youtube_connect_invalid');
        if (query.error !== undefined) {
          request.log.info({ error: query.error }, 'youtube connection declined');
          return back(reply, 'youtube_error=youtube_connect_invalid');
        }
        const { profile, tokens } = await google.grant(new URL(request.url, siteOrigin(config, request)), {
          state,
          codeVerifier: saved.codeVerifier,
          nonce: saved.nonce,
        });
        const granted = tokens.scope.split(' ');
        if (tokens.scope && !granted.some((scope) => YOUTUBE_READ_SCOPES.has(scope))) {
          throw new AppError('youtube_scope_missing');
        }
        const channel = await api.myChannel(tokens.accessToken);
        if (!channel) throw new AppError('youtube_no_channel');
        await connections.save(saved.userId, profile.sub, channel, tokens);
        return back(reply, 'youtube_connected=1');
      } catch (err) {
        return fail(request, reply, err);
      }
    },
  );
}
