import { INVITE_CODE_PATTERN } from './calls/user';

/**
 * Telegram Mini App launch payloads (issue 19). One encoding for the bot's `/start <payload>`, the Mini App's
 * `start_param` and the share links `https://t.me/<bot>/<app>?startapp=<payload>`.
 *
 * Telegram allows `A-Z a-z 0-9 _ -` in a payload, at most 64 characters. A payload is a list of parts joined
 * by `_`: `r<INVITE_CODE>` (the inviter's code), `v<post id>` (a video to open) and `c<campaign id>` (a campaign
 * to open), e.g. `v123_rAB12CD`.
 * Unknown parts are ignored, so older clients keep working when a part is added.
 */
export const START_PARAM_MAX_LENGTH = 64;

export interface StartPayload {
  /** The inviter's invitation code (upper case). */
  inviteCode?: string;
  /** A post to open. */
  postId?: number;
  /** A campaign to open. */
  campaignId?: number;
}

const ID_PART = /^[1-9][0-9]{0,15}$/;
const isId = (id: number | undefined): id is number => id !== undefined && Number.isSafeInteger(id) && id > 0;

export function encodeStartParam(payload: StartPayload): string {
  const parts: string[] = [];
  if (isId(payload.postId)) parts.push(`v${payload.postId}`);
  if (isId(payload.campaignId)) parts.push(`c${payload.campaignId}`);
  if (payload.inviteCode && INVITE_CODE_PATTERN.test(payload.inviteCode))
    parts.push(`r${payload.inviteCode.toUpperCase()}`);
  return parts.join('_').slice(0, START_PARAM_MAX_LENGTH);
}

export function decodeStartParam(value: string | null | undefined): StartPayload {
  const payload: StartPayload = {};
  if (!value || value.length > START_PARAM_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(value)) return payload;
  for (const part of value.split('_')) {
    const body = part.slice(1);
    const id = ID_PART.test(body) ? Number(body) : undefined;
    if (part.startsWith('v') && isId(id)) payload.postId = id;
    else if (part.startsWith('c') && isId(id)) payload.campaignId = id;
    else if (part.startsWith('r') && INVITE_CODE_PATTERN.test(body)) {
      payload.inviteCode = body.toUpperCase();
    }
  }
  return payload;
}

/**
 * The invitation code a launch payload carries. A value that holds no payload part at all but is an invitation
 * code as a whole (`AB12CD`, the links from before the payload encoding) is read as that code.
 */
export function startParamInviteCode(value: string | null | undefined): string | undefined {
  const payload = decodeStartParam(value);
  if (Object.keys(payload).length > 0) return payload.inviteCode;
  const legacy = value?.trim();
  return legacy && INVITE_CODE_PATTERN.test(legacy) ? legacy.toUpperCase() : undefined;
}

/** The link that opens the Mini App `app` of bot `bot` with `payload` (Telegram's direct Mini App link). */
export function miniAppLink(bot: string, app: string, payload: StartPayload = {}): string {
  const base = `https://t.me/${encodeURIComponent(bot)}/${encodeURIComponent(app)}`;
  const param = encodeStartParam(payload);
  return param ? `${base}?startapp=${param}` : base;
}

/** Where Telegram delivers the bot's updates (registered with `npm run ops -- telegram-webhook`). */
export const TELEGRAM_WEBHOOK_PATH = '/api/telegram/webhook';
