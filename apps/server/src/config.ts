import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SIGN_SECRET } from '@taice/contract';
import { X264_PRESETS } from './platform/media/transcode';
import { serverRoot } from './platform/process/paths';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.join(' or ')}//`,
    )
    .optional();

const DEV_APP_SECRET = 'taice-development-app-secret';

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the embedded database and local files live when nothing else is configured. */
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    /** Port of the embedded PostgreSQL; a free one is picked when unset. */
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** A request waits this long for a database connection before it is answered 503 (decision 032). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2_000),
    /** The longest a request's statement may run (PostgreSQL's statement_timeout). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** Requests that may wait for a connection at once; more are answered 503 at once. */
    DATABASE_MAX_WAITING: z.coerce.number().int().min(0).default(500),
    REDIS_URL: optionalUrl(['redis:', 'rediss:']),
    REDIS_PREFIX: z.string().default('taice:'),
    SIGN_SECRET: z.string().min(8).default(DEFAULT_SIGN_SECRET),
    /** Directory of the built web app served on `/`. */
    WEB_DIST_DIR: z.string().default(path.resolve(serverRoot, '../web/dist')),
    /** Seed demo content (creators, videos, ...) besides the essential data. */
    SEED_DEMO: flag.default(true),
    /** Trust X-Forwarded-For from a proxy in front of the server (for client IPs). */
    TRUST_PROXY: flag.default(false),
    /** Extra origins allowed to call the API from a browser, comma separated. */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    /** Jobs (scheduled and queued work) this process runs at once; 0 runs none, e.g. in a web-only process. */
    JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(50).optional(),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Signs upload grants and e-mail code hashes; must be set (and kept) in production. */
    APP_SECRET: z.string().min(16).default(DEV_APP_SECRET),
    SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long a second-factor verification keeps an operator session usable (decision 044). */
    OPS_VERIFIED_MINUTES: z.coerce.number().int().min(1).max(525_600).default(60),
    /** SMTP server for outgoing mail, e.g. smtp://user:pass@mail.example.com:587; without it mail goes to the outbox. */
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().default('TAICE <no-reply@taice.io>'),
    /** The ffmpeg binary; else `ffmpeg` on the PATH, else the one shipped by @ffmpeg-installer/ffmpeg. */
    FFMPEG_PATH: z.string().trim().min(1).optional(),
    /** x264 preset of transcodes (decision 053); ultrafast in tests, veryfast otherwise. */
    VIDEO_PRESET: z.enum(X264_PRESETS).optional(),
    /** Demo catalogue: `full` (40+ generated scenes, made in the background) or `short` (a few short clips). */
    DEMO_MEDIA: z.enum(['full', 'short']).optional(),
    /** Files go to this S3-compatible bucket when set; to DATA_DIR/storage otherwise. */
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    /** An S3-compatible service (MinIO, R2, ...); AWS S3 when unset. */
    S3_ENDPOINT: optionalUrl(['http:', 'https:']),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    /** Base URL browsers load files from (a CDN or the bucket's public URL); derived from the endpoint when unset. */
    S3_PUBLIC_URL: optionalUrl(['http:', 'https:']),
    /** Address the bucket as ENDPOINT/BUCKET rather than BUCKET.ENDPOINT (MinIO and most local servers). */
    S3_FORCE_PATH_STYLE: flag.default(false),
    /** The site's public address (https://taice.io): Google's redirect and the TON manifest; the request's own origin when unset. */
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    /** The Telegram bot behind the Mini App and the Login Widget; Telegram login is off without it. */
    TELEGRAM_BOT_TOKEN: z
      .string()
      .trim()
      .regex(/^\d+:[\w-]{20,}$/, 'must look like 123456:ABC-DEF... (from @BotFather)')
      .optional(),
    TELEGRAM_BOT_NAME: z.string().trim().default(''),
    /** The Mini App's short name at @BotFather: links `https://t.me/<bot>/<app>?startapp=...` open it (issue 19). */
    TELEGRAM_MINI_APP_NAME: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{0,64}$/, 'must be the short name given to @BotFather (letters, digits, _)')
      .default('app'),
    /** The Bot API's address; tests point it at a local stand-in. */
    TELEGRAM_API_URL: optionalUrl(['http:', 'https:']).default('https://api.telegram.org'),
    /**
     * The secret Telegram sends in `X-Telegram-Bot-Api-Secret-Token` with each webhook call; the bot's webhook
     * is off without it (`npm run ops -- telegram-webhook` registers it with Telegram).
     */
    TELEGRAM_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 letters, digits, _ or -')
      .optional(),
    /** How old Telegram login data may be. */
    TELEGRAM_AUTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(86_400),
    TELEGRAM_OAUTH_URL: optionalUrl(['http:', 'https:']).default('https://oauth.telegram.org/auth'),
    /** Domains a TON Connect proof may name, comma separated; the request's host when unset. */
    TON_PROOF_DOMAINS: z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((d) => d.trim().toLowerCase())
          .filter(Boolean),
      ),
    TON_PROOF_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(900),
    /** Google (or any OpenID Connect) login; off without a client id. */
    GOOGLE_ISSUER: optionalUrl(['http:', 'https:']).default('https://accounts.google.com'),
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    /** The YouTube Data API v3 that YouTube sync lists and imports channels' videos through (a stand-in in tests). */
    YOUTUBE_API_URL: optionalUrl(['http:', 'https:']).default('https://www.googleapis.com/youtube/v3'),
    /** WalletConnect Cloud project id for the WalletConnect option; the option is hidden without it. */
    WALLETCONNECT_PROJECT_ID: z.string().trim().default(''),
    /** Creator studio uploads (decision 049): the largest video accepted, in bytes (default 2 GiB). */
    UPLOAD_VIDEO_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .default(2 * 1024 ** 3),
    /** The chunk a tus client is told to send per PATCH, in bytes (default 16 MiB; a proxy must let it through). */
    UPLOAD_CHUNK_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .default(16 * 1024 ** 2),
    /** The shortest and longest video accepted, in seconds. */
    UPLOAD_VIDEO_MIN_SECONDS: z.coerce.number().min(0).default(1),
    UPLOAD_VIDEO_MAX_SECONDS: z.coerce.number().positive().default(3600),
    /** An unfinished upload is kept this long after its creation, in hours. */
    UPLOAD_EXPIRES_HOURS: z.coerce.number().positive().default(24),
  })
  .refine((c) => c.UPLOAD_VIDEO_MIN_SECONDS < c.UPLOAD_VIDEO_MAX_SECONDS, {
    path: ['UPLOAD_VIDEO_MAX_SECONDS'],
    message: 'must be more than UPLOAD_VIDEO_MIN_SECONDS',
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.APP_SECRET !== DEV_APP_SECRET, {
    path: ['APP_SECRET'],
    message: 'must be set to a secret of your own in production',
  })
  // Proof checks (TON domain, Google redirect, Telegram origin) must not trust the request's Host header.
  .refine((c) => c.NODE_ENV !== 'production' || c.PUBLIC_URL, {
    path: ['PUBLIC_URL'],
    message: "must be set in production (the site's address, e.g. https://taice.io)",
  })
  .refine((c) => Boolean(c.S3_ACCESS_KEY_ID) === Boolean(c.S3_SECRET_ACCESS_KEY), {
    path: ['S3_SECRET_ACCESS_KEY'],
    message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
  })
  .refine((c) => c.S3_BUCKET || !(c.S3_ENDPOINT || c.S3_PUBLIC_URL || c.S3_ACCESS_KEY_ID), {
    path: ['S3_BUCKET'],
    message: 'must be set when other S3_ settings are',
  })
  // Tests run the jobs they want themselves.
  .transform((c) => ({
    ...c,
    JOBS_CONCURRENCY: c.JOBS_CONCURRENCY ?? (c.NODE_ENV === 'test' ? 0 : 2),
    VIDEO_PRESET: c.VIDEO_PRESET ?? (c.NODE_ENV === 'test' ? 'ultrafast' : 'veryfast'),
    DEMO_MEDIA: c.DEMO_MEDIA ?? (c.NODE_ENV === 'test' ? 'short' : 'full'),
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a bad value is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
