import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  identityCalls,
  LOGIN_TYPES,
  startParamInviteCode,
  type CallDef,
  type TelegramLoginUser,
  type TonWalletInfo,
} from '@taice/contract';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/app-error';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Clock } from '../../platform/time/clock';
import type { RateLimitRule, RateLimits } from '../../platform/state/shared-state';
import { sessionMeta, type Sessions } from '../accounts/accounts.module';
import type { Challenges } from './challenges';
import type { GoogleTickets } from './google-tickets';
import type { Identities, TakeProof } from './identities.service';
import { verifyTelegramLoginWidget, verifyTelegramMiniAppInitData } from './telegram-auth';
import { isWalletSignature, nonceOf, walletSignMessage } from './wallet-message';

/** Nonces and payloads handed out per IP: enough for people, not for filling the table. */
const challengeRule: RateLimitRule = { name: 'auth.challenge', points: 30, durationSeconds: 60 };

/** How old Login Widget data may be (Mini App launch data lives as long as the app is open). */
const WIDGET_MAX_AGE_SECONDS = 600;

const SIGN_REFUSALS = {
  unknown: 'sign_message_invalid',
  used: 'sign_message_used',
  expired: 'sign_message_expired',
} as const;
const TON_REFUSALS = { ...SIGN_REFUSALS, unknown: 'ton_proof_invalid' } as const;

/** What a login handler reads; the second call family's aliases add only a `type`. */
type LoginInput<C> =
  C extends CallDef<undefined, infer B, z.ZodType>
    ? { body: B extends z.ZodType ? z.output<B> : never; request: FastifyRequest }
    : never;

interface Deps {
  config: Config;
  clock: Clock;
  limits: RateLimits;
  sessions: Sessions;
  challenges: Challenges;
  identities: Identities;
  googleTickets: GoogleTickets;
}

/** The address browsers reach this site at: configured, or the request's own. */
export function siteOrigin(config: Config, request: FastifyRequest): string {
  return new URL(config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).origin;
}

export async function identitiesRoutes(app: FastifyInstance, deps: Deps) {
  const { config, clock, limits, sessions, challenges, identities, googleTickets } = deps;

  /** Checks a wallet's signature of a nonce message we issued to that address; the nonce is taken once. */
  function walletProof(chainAddress: `0x${string}`, message: string, signature: `0x${string}`): TakeProof {
    return async (tx) => {
      const nonce = nonceOf(message);
      if (!nonce) throw new AppError('sign_message_invalid');
      const challenge = await challenges.take(tx, 'evm', nonce, SIGN_REFUSALS);
      if (challenge.subject !== chainAddress || message !== walletSignMessage(chainAddress, nonce)) {
        throw new AppError('sign_message_invalid');
      }
      if (!(await isWalletSignature(chainAddress, message, signature))) throw new AppError('wallet_signature_invalid');
    };
  }

  /** Verifies a TON Connect proof; its payload (a nonce we issued) is taken in the login's transaction. */
  async function tonProof(walletInfo: TonWalletInfo, request: FastifyRequest) {
    const allowedDomains =
      config.TON_PROOF_DOMAINS.length > 0
        ? config.TON_PROOF_DOMAINS
        : [new URL(siteOrigin(config, request)).host, new URL(siteOrigin(config, request)).hostname];
    // The TON libraries load on the first TON login, not at start-up (decision 034).
    const { verifyTonProof } = await import('./ton-proof');
    const result = verifyTonProof(walletInfo, {
      allowedDomains,
      maxAgeSeconds: config.TON_PROOF_MAX_AGE_SECONDS,
      now: clock.now(),
    });
    if (!result.ok) {
      throw new AppError(result.reason === 'expired' ? 'sign_message_expired' : 'ton_proof_invalid');
    }
    return {
      identity: { provider: 'ton' as const, subject: result.address, label: result.friendly },
      take: (async (tx) => {
        await challenges.take(tx, 'ton', result.payload, TON_REFUSALS);
      }) satisfies TakeProof,
    };
  }

  function telegramProof(user: TelegramLoginUser) {
    const botToken = config.TELEGRAM_BOT_TOKEN;
    if (!botToken) throw new AppError('provider_not_configured', { provider: 'Telegram' });
    const fromMiniApp = typeof user === 'string';
    const result = fromMiniApp
      ? verifyTelegramMiniAppInitData(user, botToken, {
          maxAgeSeconds: config.TELEGRAM_AUTH_MAX_AGE_SECONDS,
          now: clock.now(),
        })
      : // Widget data is only ever fresh from Telegram's login page; a stale copy is a replay.
        verifyTelegramLoginWidget(user, botToken, {
          maxAgeSeconds: Math.min(config.TELEGRAM_AUTH_MAX_AGE_SECONDS, WIDGET_MAX_AGE_SECONDS),
          now: clock.now(),
        });
    if (!result.ok) throw new AppError(result.reason === 'expired' ? 'telegram_auth_expired' : 'telegram_auth_invalid');
    const { id, username, first_name, last_name, photo_url } = result.user;
    const fullName = [first_name, last_name].filter(Boolean).join(' ');
    return {
      identity: {
        provider: 'telegram' as const,
        subject: String(id),
        label: username ? `@${username}` : fullName || String(id),
      },
      nickname: fullName || username,
      avatar: photo_url?.startsWith('https://') ? photo_url : undefined,
      startParam: result.startParam,
      fromMiniApp,
    };
  }

  // EVM wallet
  registerCall(app, identityCalls.walletNonce, async ({ body, request }) => {
    await limits.consume(challengeRule, request.ip);
    const challenge = await challenges.issue('evm', { subject: body.chain_address });
    return {
      message: walletSignMessage(body.chain_address, challenge.value),
      nonce: challenge.value,
      expires_at: challenge.expiresAt.toISOString(),
    };
  });

  for (const call of [identityCalls.walletLogin, identityCalls.login]) {
    registerCall(app, call, ({ body, request }) =>
      identities.logInWithWallet(
        body.chain_address,
        body.invite_code,
        walletProof(body.chain_address, body.message, body.signature),
        sessionMeta(request),
      ),
    );
  }

  registerCall(app, identityCalls.walletBind, ({ body, request }) => {
    const user = currentUser(request);
    return identities.bindWallet(
      user.id,
      user.loginType,
      body.chain_address,
      walletProof(body.chain_address, body.message, body.signature),
    );
  });

  // TON
  registerCall(app, identityCalls.tonPayload, async ({ request }) => {
    await limits.consume(challengeRule, request.ip);
    const challenge = await challenges.issue('ton');
    return { payload: challenge.value, expires_at: challenge.expiresAt.toISOString() };
  });

  const tonLogin = async ({ body, request }: LoginInput<typeof identityCalls.tonLogin>) => {
    const proof = await tonProof(body.wallet_info, request);
    return identities.logInWithIdentity(
      proof.identity,
      { inviteCode: body.invite_code, registerType: body.register_type },
      proof.take,
      LOGIN_TYPES.ton,
      sessionMeta(request),
    );
  };
  registerCall(app, identityCalls.tonLogin, tonLogin);
  registerCall(app, identityCalls.aliasTonLogin, tonLogin);

  registerCall(app, identityCalls.tonBind, async ({ body, request }) => {
    const user = currentUser(request);
    const proof = await tonProof(body.wallet_info, request);
    return identities.bindIdentity(user.id, user.loginType, proof.identity, proof.take);
  });

  // Telegram
  const telegramLogin = ({ body, request }: LoginInput<typeof identityCalls.telegramLogin>) => {
    const proof = telegramProof(body.user);
    return identities.logInWithIdentity(
      proof.identity,
      {
        // A Mini App opened from an invite link carries the code in its start_param.
        inviteCode: body.invite_code ?? startParamInviteCode(proof.startParam),
        registerType: proof.fromMiniApp ? 3 : 1,
        nickname: proof.nickname,
        avatar: proof.avatar,
      },
      async () => {},
      LOGIN_TYPES.telegram,
      sessionMeta(request),
    );
  };
  registerCall(app, identityCalls.telegramLogin, telegramLogin);
  registerCall(app, identityCalls.aliasTelegramLogin, telegramLogin);

  registerCall(app, identityCalls.telegramOauthUrl, ({ query, request }) => {
    const botToken = config.TELEGRAM_BOT_TOKEN;
    if (!botToken) throw new AppError('provider_not_configured', { provider: 'Telegram' });
    const origin = siteOrigin(config, request);
    let returnTo: URL;
    try {
      returnTo = new URL(query.redirect_uri, origin);
    } catch {
      throw new AppError('redirect_uri_invalid');
    }
    if (returnTo.origin !== origin) throw new AppError('redirect_uri_invalid');
    const botId = botToken.split(':')[0]!;
    const url = new URL(config.TELEGRAM_OAUTH_URL);
    url.searchParams.set('bot_id', botId);
    url.searchParams.set('origin', origin);
    url.searchParams.set('request_access', 'write');
    url.searchParams.set('return_to', returnTo.href);
    return { url: url.href, bot_id: botId };
  });

  registerCall(app, identityCalls.telegramBind, ({ body, request }) => {
    const user = currentUser(request);
    const proof = telegramProof(body.user);
    return identities.bindIdentity(user.id, user.loginType, proof.identity, async () => {});
  });

  // Google: the redirect and callback routes leave a ticket; these calls spend it.
  const googleLogin = async ({ body, request }: LoginInput<typeof identityCalls.googleLogin>) => {
    const profile = await googleTickets.read(body.ticket, request);
    const verifiedEmail = profile.emailVerified && profile.email ? profile.email.toLowerCase() : undefined;
    return identities.logInWithIdentity(
      { provider: 'google', subject: profile.sub, label: profile.email ?? profile.name ?? profile.sub },
      {
        inviteCode: body.invite_code,
        registerType: 1,
        email: verifiedEmail,
        nickname: profile.name ?? undefined,
        avatar: profile.picture?.startsWith('https://') ? profile.picture : undefined,
      },
      (tx) => googleTickets.take(tx, body.ticket),
      LOGIN_TYPES.google,
      sessionMeta(request),
      verifiedEmail,
    );
  };
  registerCall(app, identityCalls.googleLogin, googleLogin);
  registerCall(app, identityCalls.aliasGoogleLogin, googleLogin);

  registerCall(app, identityCalls.googleEmailBind, async ({ body, request }) => {
    const user = currentUser(request);
    const profile = await googleTickets.read(body.ticket, request);
    const verifiedEmail = profile.emailVerified && profile.email ? profile.email.toLowerCase() : undefined;
    return identities.bindIdentity(
      user.id,
      user.loginType,
      { provider: 'google', subject: profile.sub, label: profile.email ?? profile.name ?? profile.sub },
      (tx) => googleTickets.take(tx, body.ticket),
      verifiedEmail,
    );
  });

  // Sessions and what the client needs to offer the outside logins.
  registerCall(app, identityCalls.getAccessToken, async ({ request }) => {
    const user = currentUser(request);
    const { token, expiresAt } = await sessions.rotate(
      { sessionId: user.sessionId, userId: user.id, loginType: user.loginType },
      sessionMeta(request),
    );
    return { token, expires_at: expiresAt.toISOString() };
  });

  registerCall(app, identityCalls.providers, ({ request }) => ({
    google: Boolean(config.GOOGLE_CLIENT_ID),
    telegram: config.TELEGRAM_BOT_TOKEN
      ? {
          bot_id: config.TELEGRAM_BOT_TOKEN.split(':')[0]!,
          bot_name: config.TELEGRAM_BOT_NAME,
          app_name: config.TELEGRAM_MINI_APP_NAME,
        }
      : null,
    ton_manifest_url: `${siteOrigin(config, request)}/tonconnect-manifest.json`,
    wallet_connect_project_id: config.WALLETCONNECT_PROJECT_ID,
  }));

  // TON wallets load the app's manifest from the site origin (spec section 7).
  app.get('/tonconnect-manifest.json', async (request, reply) => {
    const origin = siteOrigin(config, request);
    reply.header('cache-control', 'public, max-age=3600');
    return {
      url: origin,
      name: 'TAICE',
      iconUrl: `${origin}/icon-192.png`,
      termsOfUseUrl: `${origin}/Service?active=1`,
      privacyPolicyUrl: `${origin}/Service?active=0`,
    };
  });
}
