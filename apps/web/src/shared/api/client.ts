import axios, { isAxiosError } from 'axios';
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

export const httpClient = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  timeout: REQUEST_TIMEOUT_MS,
  // Every answer is an envelope; its code, not the HTTP status, says what happened.
  validateStatus: () => true,
});

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
  if (isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return i18n.t('errors.timeout');
    if (error.code === 'ERR_NETWORK') return i18n.t('errors.network');
    if (error.message) return error.message;
  }
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
    const response = await httpClient.request({
      method: def.method,
      url: def.path,
      headers: headers(),
      params: isGet ? { ...(input.query as object | undefined), ...signing } : input.query,
      data: isGet ? undefined : { ...(input.body as object | undefined), ...signing },
      signal: options.signal,
    });
    payload = response.data;
  } catch (error) {
    if (axios.isCancel(error)) throw error;
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
