import { randomUUID } from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import type { Config } from './config';
import type { Clock } from './platform/time/clock';
import type { Database } from './platform/db/database';
import type { SharedState } from './platform/state/shared-state';
import { createConfigVersions } from './platform/config/config-versions';
import { requestContext } from './platform/http/request-context';
import { requestSigning } from './platform/http/request-signing';
import { textInput } from './platform/http/text-input';
import { answerUnparsableRequest, BODY_LIMIT_BYTES, requestLimits } from './platform/http/request-limits';
import { validatorCompiler } from './platform/http/validation';
import { serializerCompiler } from './platform/http/serialization';
import { installErrorHandler, sendEnvelope } from './platform/http/error-handler';
import { DEFAULT_UI_LANG, errorCode, errorMessage, parseApiLang, toApiLang, videoCalls } from '@taice/contract';
import { openApi } from './platform/http/openapi';
import { webApp } from './platform/http/web-app';
import { seedDataDir } from './platform/process/paths';
import { auth } from './platform/http/auth';
import { createMailer } from './platform/mail/mailer';
import { createStorage } from './platform/media/storage';
import { startJobs, type JobRunner } from './platform/jobs/jobs';
import {
  accountsRoutes,
  createAccounts,
  createEmailCodes,
  createSessionCache,
  createSessions,
  createSignUps,
  createUserProfiles,
} from './modules/accounts/accounts.module';
import { contentOpsRoutes, contentRoutes, createContentService } from './modules/content/content.module';
import { countriesRoutes } from './modules/countries/countries.module';
import { healthRoutes } from './modules/health/health.module';
import {
  createBindings,
  createChallenges,
  createGoogleOidc,
  createGoogleTickets,
  createIdentities,
  googleRoutes,
  identitiesJobs,
  identitiesRoutes,
} from './modules/identities/identities.module';
import { addressesRoutes, createAddresses } from './modules/addresses/addresses.module';
import { createLevelsService } from './modules/levels/levels.module';
import {
  createMessages,
  messagesJobs,
  messagesRoutes,
  tellCreatorsOfModeration,
} from './modules/messages/messages.module';
import {
  createOperatorAccess,
  createOperators,
  createSecondFactor,
  operatorsGate,
  operatorsRoutes,
} from './modules/operators/operators.module';
import { createPoints, pointsJobs, pointsOpsRoutes, pointsRoutes } from './modules/points/points.module';
import { createRedemption, redemptionOpsRoutes, redemptionRoutes } from './modules/redemption/redemption.module';
import { createRaces, racesJobs, racesOpsRoutes, racesRoutes } from './modules/races/races.module';
import {
  campaignsJobs,
  campaignsOpsRoutes,
  campaignsRoutes,
  createCampaigns,
} from './modules/campaigns/campaigns.module';
import { consoleJobs, consoleRoutes, createConsole } from './modules/console/console.module';
import { channelJobs, channelRoutes, createChannel } from './modules/channel/channel.module';
import { createPools, poolsJobs, poolsRoutes } from './modules/pools/pools.module';
import { createAvatars, createUploadGrants, uploadsRoutes } from './modules/uploads/uploads.module';
import { createYoutube, youtubeRoutes } from './modules/youtube/youtube.module';
import { createTelegram, telegramJobs, telegramRoutes } from './modules/telegram/telegram.module';
import { createVideoEvents, type VideoEvents } from './modules/videos/video-events';
import {
  createFeeds,
  createPostCards,
  demoMediaJobs,
  socialRoutes,
  videosOpsRoutes,
  videosRoutes,
} from './modules/videos/videos.module';
import { createStudio } from './modules/studio/studio.module';

export interface AppDeps {
  config: Config;
  database: Database;
  shared: SharedState;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Where other modules subscribe to video events (created here when not given). */
  videoEvents?: VideoEvents;
}

const REQUEST_ID = /^[A-Za-z0-9_.-]{8,64}$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, shared, clock, logger } = deps;
  const app = Fastify({
    loggerInstance: logger,
    // A request id from the proxy is kept when it looks sane, so logs join up.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    clientErrorHandler: answerUnparsableRequest,
    // Upload grants travel in the path.
    routerOptions: { maxParamLength: 500 },
    forceCloseConnections: 'idle',
    // Errors found before routing (a malformed URL and the like) get the envelope too.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ err: { code: error.code, message: error.message } }, 'malformed request');
      return sendEnvelope(reply, {
        code: errorCode('bad_request'),
        msg: errorMessage('bad_request', parseApiLang(request.headers.lang as string | undefined)),
        data: null,
      });
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(requestLimits);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
    // The CSP is set by the web app's own policy once its outside origins are settled (decision 004).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // The Telegram Mini App runs the site inside Telegram's web client.
    frameguard: false,
  });
  if (config.CORS_ORIGINS.length > 0) await app.register(cors, { origin: config.CORS_ORIGINS });
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(requestContext);
  await app.register(textInput);
  await app.register(requestSigning, { secret: config.SIGN_SECRET, clock, nonces: shared.nonces });
  await app.register(openApi);

  const { db } = database;
  const storage = createStorage(config);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db, log: app.log });
  const configVersions = createConfigVersions(db, clock);
  const levels = createLevelsService(db, clock, configVersions);
  const profiles = createUserProfiles(db, levels, createBindings(db));
  const sessionCache = await createSessionCache({
    clock,
    redis: shared.redis,
    channel: `${config.REDIS_PREFIX}sessions:drop`,
  });
  app.addHook('onClose', () => sessionCache.close());
  const sessions = createSessions(db, clock, config.SESSION_TTL_DAYS, sessionCache);
  const codes = createEmailCodes(db, clock, shared.limits, config.APP_SECRET);
  const signUps = createSignUps(db, clock, sessions);
  const accounts = createAccounts({ db, clock, limits: shared.limits, mailer, codes, sessions, signUps, profiles });
  const challenges = createChallenges(db, clock);
  const googleTickets = createGoogleTickets(challenges);
  const google = createGoogleOidc(config);
  const avatars = createAvatars(storage);
  const videoEvents = deps.videoEvents ?? createVideoEvents();
  const videosDeps = {
    db,
    pool: database.pool,
    clock,
    events: videoEvents,
    limits: shared.limits,
    // A key that is already an address (an imported video's YouTube thumbnail) is its own URL.
    postCards: createPostCards(db, (key) => (/^https?:\/\//.test(key) ? key : storage.publicUrl(key))),
  };

  await app.register(auth, {
    resolve: async (token) => {
      const session = await sessions.resolve(token);
      return session && { id: session.userId, sessionId: session.sessionId, loginType: session.loginType };
    },
  });

  await app.register(healthRoutes, { database });
  const content = createContentService(db, clock);
  await app.register(contentRoutes, { content });
  await app.register(countriesRoutes);
  await app.register(accountsRoutes, { accounts, sessions, profiles, avatars });
  await app.register(identitiesRoutes, {
    config,
    clock,
    limits: shared.limits,
    sessions,
    challenges,
    identities: createIdentities(db, signUps, profiles),
    googleTickets,
  });
  await app.register(googleRoutes, {
    config,
    db,
    limits: shared.limits,
    challenges,
    googleTickets,
    google,
  });
  await app.register(uploadsRoutes, { grants: createUploadGrants(config.APP_SECRET), avatars, clock });
  const feeds = createFeeds(videosDeps);
  await app.register(videosRoutes, { ...videosDeps, feeds });
  await app.register(socialRoutes, videosDeps);
  const studio = createStudio({
    config,
    db,
    pool: database.pool,
    clock,
    storage,
    events: videoEvents,
    log: app.log,
    ownCoverKey: avatars.ownCoverKey,
    resolveUser: async (token) => (await sessions.resolve(token))?.userId ?? null,
  });
  await studio.routes(app);

  const operators = createOperators({ db, clock });
  await app.register(operatorsGate, { operators });
  await app.register(operatorsRoutes, {
    operators,
    access: createOperatorAccess({ db, clock, sessions }),
    secondFactor: createSecondFactor({
      db,
      clock,
      limits: shared.limits,
      verifiedMinutes: config.OPS_VERIFIED_MINUTES,
    }),
  });
  const messages = createMessages({ db, clock });
  await app.register(messagesRoutes, { db, messages, operators });
  tellCreatorsOfModeration(videoEvents, messages);
  await app.register(videosOpsRoutes, { ...videosDeps, operators });
  await app.register(contentOpsRoutes, { db, clock, operators, content });
  await app.register(addressesRoutes, { addresses: createAddresses({ db, clock }) });
  const points = createPoints({ db, clock, events: videoEvents, messages, versions: configVersions, levels });
  await app.register(pointsRoutes, points);
  await app.register(pointsOpsRoutes, { operators, ...points });
  const redemption = createRedemption({
    db,
    clock,
    ledger: points.ledger,
    storage,
    messages,
  });
  await app.register(redemptionRoutes, redemption);
  await app.register(redemptionOpsRoutes, { operators, ...redemption });
  const races = createRaces({
    db,
    clock,
    ledger: points.ledger,
    messages,
    redis: shared.redis ? { client: shared.redis, prefix: config.REDIS_PREFIX } : null,
  });
  await app.register(racesRoutes, races);
  await app.register(racesOpsRoutes, { operators, ...races });
  const campaigns = createCampaigns({ db, clock, storage, notices: races.notices });
  await app.register(campaignsRoutes, campaigns);
  await app.register(campaignsOpsRoutes, { operators, ...campaigns });
  const pools = createPools({ db, clock, ledger: points.ledger });
  await app.register(poolsRoutes, pools);
  const opsConsole = createConsole({ db, clock, ledger: points.ledger });
  await app.register(consoleRoutes, { operators, console: opsConsole, orderAdmin: redemption.orderAdmin });
  const channel = createChannel({
    db,
    clock,
    events: videoEvents,
    mediaUrl: videosDeps.postCards.mediaUrl,
    closePools: pools.funding.closeAllOfPost,
  });
  await app.register(channelRoutes, { channel });
  const youtube = createYoutube({ config, db, clock, google, events: videoEvents, log: app.log });
  await app.register(youtubeRoutes, { config, db, limits: shared.limits, challenges, google, ...youtube });
  const telegram = createTelegram({ config, db, clock, messages, log: app.log });
  await app.register(telegramRoutes, { bot: telegram?.bot ?? null, secret: config.TELEGRAM_WEBHOOK_SECRET });
  if (config.JOBS_CONCURRENCY > 0) {
    const sets = [
      pointsJobs(points.issuance),
      identitiesJobs(challenges),
      messagesJobs(messages.broadcasts),
      racesJobs(races.store, races.raceClose, races.index),
      campaignsJobs(campaigns.settlement),
      consoleJobs(opsConsole.dashboard),
      studio.jobs,
      channelJobs(channel.stats),
      poolsJobs(pools.funding),
      demoMediaJobs({ db, storage, config, log: app.log }),
      ...(telegram ? [telegramJobs(telegram.notices)] : []),
    ];
    let runner: JobRunner | undefined;
    app.addHook('onReady', async () => {
      runner = await startJobs({ pool: database.pool, sets, log: app.log, concurrency: config.JOBS_CONCURRENCY });
    });
    app.addHook('onClose', async () => runner?.stop());
  }

  await app.register(webApp, {
    webDistDir: config.WEB_DIST_DIR,
    publicDir: path.join(seedDataDir, 'public'),
    mediaDir: storage.root,
    firstScreen: async (url) => {
      if (url.pathname === '/videoDetail') {
        const id = Number(url.searchParams.get('id'));
        if (!Number.isSafeInteger(id) || id < 1) return null;
        // As a visitor in the default language sees it: the page uses it when that is who is looking.
        const lang = toApiLang(DEFAULT_UI_LANG);
        const detail = await feeds.detail(id, null, lang);
        return {
          image: { href: detail.cover, largest: true },
          answer: { path: videoCalls.postDetail.path, query: { id }, lang, data: detail },
        };
      }
      if (url.pathname === '/Home') {
        const [banner] = await content.activeBanners('home', 'en_US');
        return { image: banner ? { href: banner.image, largest: false } : null };
      }
      return null;
    },
  });
  return app;
}
