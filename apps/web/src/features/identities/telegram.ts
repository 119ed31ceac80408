import { useEffect } from 'react';
import type { TelegramLoginUser } from '@taice/contract';
import { i18n } from '../../shared/i18n/i18n';
import { miniAppInitData } from '../../shared/lib/platform';
import { randomHex } from '../../shared/lib/random';
import { useSession } from '../../shared/session/session';
import { miniAppLaunched } from '../../shared/telegram/launch';
import { notify } from '../../shared/ui/toast';
import { storedInvitationCode } from '../../shared/session/invitation';
import { telegramBind } from './api/telegram-bind';
import { telegramLogin } from './api/telegram-login';
import { telegramOauthUrl } from './api/telegram-oauth-url';
import { finishOutsideLogin, storeBoundUser, stripFromAddress, type IdentityIntent } from './outcomes';

/** The query parameter our redirect_uri carries so the return knows what it was for. */
const INTENT_PARAM = 'tg_intent';
/** A random value this tab keeps while it is away at Telegram, and finds again in the return address. */
const FLOW_PARAM = 'tg_flow';

type WidgetUser = Exclude<TelegramLoginUser, string>;

/** Decodes base64url (or plain base64, padded or not) holding UTF-8 JSON. */
export function decodeBase64UrlJson(value: string): unknown {
  const base64 = value.trim().replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
}

function isWidgetUser(value: unknown): value is WidgetUser {
  if (typeof value !== 'object' || value === null) return false;
  const { id, hash, auth_date } = value as Record<string, unknown>;
  return (
    (typeof id === 'number' || typeof id === 'string') &&
    typeof hash === 'string' &&
    (typeof auth_date === 'number' || typeof auth_date === 'string')
  );
}

export type TelegramReturn = { intent: IdentityIntent; user: WidgetUser } | { intent: IdentityIntent; invalid: true };

/**
 * What the Telegram login page left when it sent the browser back:
 * `?tg_intent=<intent>` (ours) and `#tgAuthResult=<base64url JSON of the
 * widget user>` (Telegram's); null when the address holds no such result.
 */
export function parseTelegramReturn(search: string, hash: string): TelegramReturn | null {
  const raw = new URLSearchParams(hash.replace(/^#/, '')).get('tgAuthResult');
  if (raw === null) return null;
  const intent: IdentityIntent = new URLSearchParams(search).get(INTENT_PARAM) === 'bind' ? 'bind' : 'login';
  try {
    const user = decodeBase64UrlJson(raw);
    return isWidgetUser(user) ? { intent, user } : { intent, invalid: true };
  } catch {
    return { intent, invalid: true };
  }
}

/** The address Telegram should send the browser back to: this page, with our intent and flow. */
export function telegramRedirectUri(intent: IdentityIntent, href: string, flow: string): string {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.set(INTENT_PARAM, intent);
  url.searchParams.set(FLOW_PARAM, flow);
  return url.href;
}

/**
 * Only a return this tab asked for counts: a link carrying somebody else's
 * Telegram login (to bind it to this account, or to log this browser into
 * theirs) has no flow this tab started, and is ignored.
 */
export function isOwnTelegramReturn(search: string, startedFlow: string | null): boolean {
  const flow = new URLSearchParams(search).get(FLOW_PARAM);
  return Boolean(flow) && flow === startedFlow;
}

function takeStartedFlow(): string | null {
  try {
    const flow = sessionStorage.getItem(FLOW_PARAM);
    sessionStorage.removeItem(FLOW_PARAM);
    return flow;
  } catch {
    return null;
  }
}

/**
 * Leaves for Telegram's login page (web, not the Mini App). Resolves true when
 * the browser is on its way; false when the server refused (its message, e.g.
 * "Telegram login is not available yet", was shown as a toast).
 */
export async function startTelegram(intent: IdentityIntent): Promise<boolean> {
  try {
    const flow = randomHex(16);
    sessionStorage.setItem(FLOW_PARAM, flow);
    const { url } = await telegramOauthUrl({ redirect_uri: telegramRedirectUri(intent, window.location.href, flow) });
    window.location.assign(url);
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

async function logInWithTelegram(user: TelegramLoginUser): Promise<void> {
  const result = await telegramLogin({ user, invite_code: storedInvitationCode() || undefined });
  await finishOutsideLogin(result);
}

async function finishWidget(result: TelegramReturn): Promise<void> {
  if ('invalid' in result) {
    notify.error(i18n.t('identities.telegramFailed'));
    return;
  }
  try {
    if (result.intent === 'login') await logInWithTelegram(result.user);
    else await storeBoundUser(await telegramBind({ user: result.user }), 'bindSuccess');
  } catch (error) {
    console.error(error);
  }
}

/**
 * Bind Telegram: inside the Mini App its launch data already proves the
 * account; on the web, off to Telegram's login page and back.
 */
export async function bindTelegram(): Promise<boolean> {
  const initData = miniAppInitData();
  if (!initData) return startTelegram('bind');
  try {
    await storeBoundUser(await telegramBind({ user: initData }), 'bindSuccess');
    return true;
  } catch (error) {
    console.error(error);
    return false;
  }
}

let widgetHandled = false;

/** Mounted once in the app shell: finishes a Telegram web login the page came back from. */
export function useTelegramWidgetReturn(): void {
  useEffect(() => {
    if (widgetHandled) return;
    widgetHandled = true;
    const result = parseTelegramReturn(window.location.search, window.location.hash);
    if (!result) return;
    const own = isOwnTelegramReturn(window.location.search, takeStartedFlow());
    stripFromAddress([INTENT_PARAM, FLOW_PARAM]);
    if (own) void finishWidget(result);
    else notify.error(i18n.t('identities.telegramFailed'));
  }, []);
}

let miniAppHandled = false;

/**
 * Mounted once in the app shell: inside the Telegram Mini App, a visitor is
 * logged in with the launch data at once, once the launch was handled (the
 * start_param's invite code is then the stored invitation code).
 */
export function useTelegramMiniAppLogin(): void {
  useEffect(() => {
    if (miniAppHandled) return;
    miniAppHandled = true;
    void miniAppLaunched()
      .then(() => {
        const initData = miniAppInitData();
        if (!initData || useSession.getState().token !== null) return;
        return logInWithTelegram(initData);
      })
      .catch((error: unknown) => console.error(error));
  }, []);
}
