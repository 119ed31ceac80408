import type { z } from 'zod';
import {
  DEFAULT_SIGN_SECRET,
  REQUEST_TIMEOUT_MS,
  signParams,
  SUCCESS_CODE,
  toApiLang,
  UNAUTHORIZED_CODE,
  type CallDef,
  type Envelope,
} from '@taice/contract';
import { currentLang, i18n } from '../i18n/i18n';
import { deviceId } from '../lib/device-id';
import { appType, browserTimeZone } from '../lib/platform';
import { randomHex } from '../lib/random';
import { useSession } from '../session/session';
import { notify } from '../ui/toast';

/** A call that did not succeed: `code` is the envelope's, or -1 when the server was not reached. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const TRANSPORT_ERROR_CODE = -1;

/** Where the API lives: this origin unless the build names another. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export interface HttpRequest {
  method: string;
  /** A path under API_BASE, or a full URL (an upload grant's). */
  url: string;
  headers?: Record<string, string>;
  /** Sent in the query string (values that are undefined or null are left out). */
  params?: object;
  /** A File or Blob is sent as it is; anything else as JSON. */
  data?: unknown;
  signal?: AbortSignal;
  /** Milliseconds before the request is abandoned as timed out (REQUEST_TIMEOUT_MS unless given; 0: never). */
  timeout?: number;
}

export interface HttpResponse<T> {
  status: number;
  /** The answer parsed as JSON, or its text when it is not JSON. */
  data: T;
}

/** Why a request got no answer: it timed out, or the network failed. The caller's own abort is rethrown as is. */
export class TransportError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** Writes one query parameter as the API has always received it (arrays as `key[]`, dates as ISO strings). */
function appendParam(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(search, `${key}[]`, item);
    return;
  }
  if (value instanceof Date) search.append(key, value.toISOString());
  else if (typeof value === 'object') search.append(key, JSON.stringify(value));
  else search.append(key, String(value as string | number | boolean));
}

function urlOf(url: string, params: object | undefined): string {
  const base = /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `${API_BASE}${url}`;
  if (!params) return base;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) appendParam(search, key, value);
  const query = search.toString();
  return query ? `${base}${base.includes('?') ? '&' : '?'}${query}` : base;
}

/**
 * One HTTP request through `fetch`. Every answer is an envelope whose code, not the HTTP status, says what
 * happened, so any status resolves; only a timeout or a network failure rejects (a TransportError), and the
 * caller's abort rejects with its AbortError.
 */
export async function httpRequest<T = unknown>(request: HttpRequest): Promise<HttpResponse<T>> {
  const { data } = request;
  const raw = data instanceof Blob;
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...request.headers };
  if (data !== undefined && !raw && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
    headers['Content-Type'] = 'application/json';
  }
  const timeout = request.timeout ?? REQUEST_TIMEOUT_MS;
  const timer = new AbortController();
  const timeoutId = timeout > 0 ? setTimeout(() => timer.abort(), timeout) : undefined;
  const outer = request.signal;
  const abortFromOuter = () => timer.abort(outer?.reason);
  if (outer?.aborted) abortFromOuter();
  else outer?.addEventListener('abort', abortFromOuter, { once: true });
  try {
    const response = await fetch(urlOf(request.url, request.params), {
      method: request.method,
      headers,
      body: data === undefined ? undefined : raw ? data : JSON.stringify(data),
      signal: timer.signal,
    });
    const text = await response.text();
    let body: unknown = text;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page): the text, as it came.
      }
    }
    return { status: response.status, data: body as T };
  } catch (error) {
    if (outer?.aborted) throw error;
    if (timer.signal.aborted) throw new TransportError('timeout', 'timeout');
    throw new TransportError('network', error instanceof Error ? error.message : 'Network Error');
  } finally {
    clearTimeout(timeoutId);
    outer?.removeEventListener('abort', abortFromOuter);
  }
}

const signSecret: string = import.meta.env.VITE_SIGN_SECRET ?? DEFAULT_SIGN_SECRET;

let unauthorizedHandler: () => void = () => undefined;

/** What to do on code 401 (log out and ask for login); set once by the app. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

export interface CallOptions {
  /** No error toast: the caller shows the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export interface CallInput<Q, B> {
  query?: Input<Q>;
  body?: Input<B>;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function transportMessage(error: unknown): string {
  if (error instanceof TransportError) return i18n.t(error.reason === 'timeout' ? 'errors.timeout' : 'errors.network');
  return i18n.t('errors.responseError');
}

function headers(): Record<string, string> {
  const token = useSession.getState().token;
  return {
    lang: toApiLang(currentLang()),
    'Cache-Control': 'no-cache',
    Timezone: browserTimeZone(),
    'App-Type': appType(),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

/**
 * Makes one call of the contract, signed, with the headers of spec section 7,
 * and applies the envelope rules of spec section 8: code 0 gives the data;
 * 401 logs out without a toast; any other code shows the server's message as
 * an error toast and fails; a transport failure shows its error and fails.
 */
export async function call<Q extends z.ZodType | undefined, B extends z.ZodType | undefined, D extends z.ZodType>(
  def: CallDef<Q, B, D>,
  input: CallInput<Q, B> = {},
  options: CallOptions = {},
): Promise<z.output<D>> {
  const signing = signParams(signSecret, deviceId(), Date.now(), randomHex(16));
  const isGet = def.method === 'GET';
  let payload: unknown;
  try {
    const response = await httpRequest({
      method: def.method,
      url: def.path,
      headers: headers(),
      params: isGet ? { ...(input.query as object | undefined), ...signing } : (input.query as object | undefined),
      data: isGet ? undefined : { ...(input.body as object | undefined), ...signing },
      signal: options.signal,
    });
    payload = response.data;
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    const message = transportMessage(error);
    if (!options.silent) notify.error(message);
    throw new ApiError(TRANSPORT_ERROR_CODE, message);
  }

  if (!isEnvelope(payload)) {
    const message = i18n.t('errors.responseError');
    if (!options.silent) notify.error(message);
    throw new ApiError(TRANSPORT_ERROR_CODE, message);
  }
  if (payload.code === SUCCESS_CODE) return payload.data as z.output<D>;
  if (payload.code === UNAUTHORIZED_CODE) {
    unauthorizedHandler();
    throw new ApiError(UNAUTHORIZED_CODE, payload.msg);
  }
  const message = payload.msg || i18n.t('errors.requestError');
  if (!options.silent) notify.error(message);
  throw new ApiError(payload.code, message, payload.data);
}
