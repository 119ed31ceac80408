import fp from 'fastify-plugin';
import { parseApiLang, type ApiLang } from '@taice/contract';

export const APP_TYPES = ['web', 'tg_mini'] as const;
export type AppType = (typeof APP_TYPES)[number];

/** What every handler knows about the caller, read once from the headers. */
export interface RequestContext {
  lang: ApiLang;
  /** The bearer token as sent, not yet checked. */
  bearerToken: string | null;
  /** IANA time zone of the client, or UTC when absent or unknown. */
  timezone: string;
  appType: AppType;
  /** Set by request signing from the signed parameters. */
  deviceId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

const knownZones = new Map<string, boolean>();
function isTimeZone(value: string): boolean {
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 1_000) knownZones.set(value, known);
  }
  return known;
}

function parseTimezone(header: string | undefined): string {
  const value = header?.trim();
  return value && value.length <= 64 && isTimeZone(value) ? value : 'UTC';
}

function parseAppType(header: string | undefined): AppType {
  return header?.trim().toLowerCase() === 'tg_mini' ? 'tg_mini' : 'web';
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export const requestContext = fp(
  async (app) => {
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', async (request) => {
      const h = request.headers;
      request.ctx = {
        lang: parseApiLang(header(h.lang)),
        bearerToken: parseBearer(header(h.authorization)),
        timezone: parseTimezone(header(h.timezone)),
        appType: parseAppType(header(h['app-type'])),
        deviceId: null,
      };
    });
  },
  { name: 'request-context' },
);
