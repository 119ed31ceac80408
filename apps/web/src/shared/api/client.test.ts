import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { computeSign, contentCalls, DEFAULT_SIGN_SECRET } from '@taice/contract';
import { toast } from 'sonner';
import { i18n, i18nReady } from '../i18n/i18n';
import { useSession } from '../session/session';
import { ApiError, call, onUnauthorized } from './client';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));

/** Sonner loads with the first toast: its calls land once that import settled. */
const toastsSettled = () => new Promise((resolve) => setTimeout(resolve, 0));

interface Sent {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal: AbortSignal;
}
let sent: Sent[] = [];
/** The next requests are answered with this body (as JSON unless it is a string), whatever their HTTP status. */
function answer(data: unknown, status = 200) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url: new URL(url, 'http://app.test'),
      method: init.method ?? 'GET',
      headers: init.headers as Record<string, string>,
      body: init.body,
      signal: init.signal!,
    });
    return new Response(typeof data === 'string' ? data : JSON.stringify(data), { status });
  });
}

beforeEach(async () => {
  await i18nReady;
  await i18n.changeLanguage('en');
  sent = [];
  vi.mocked(toast.error).mockClear();
});
afterEach(() => {
  useSession.getState().clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the API client', () => {
  it('returns the data of a code-0 envelope', async () => {
    answer({ code: 0, msg: 'success', data: { 'site.name': 'TAICE' } });
    await expect(call(contentCalls.keyValueGet, { query: { keys: 'site.name' } })).resolves.toEqual({
      'site.name': 'TAICE',
    });
  });

  it('signs GET calls in the query string and sends the headers of spec section 7', async () => {
    await i18n.changeLanguage('tw');
    useSession.getState().signIn('tok-123', { id: 1 });
    answer({ code: 0, msg: '', data: [] });
    await call(contentCalls.banners, { query: { position: 'home' } });
    const request = sent[0]!;
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe(contentCalls.banners.path);
    expect(request.body).toBeUndefined();
    const params = Object.fromEntries(request.url.searchParams) as Record<string, string>;
    expect(params.position).toBe('home');
    expect(params.sign).toBe(computeSign(params.timestamp!, params.nonce!, DEFAULT_SIGN_SECRET));
    expect(Math.abs(Number(params.timestamp) - Date.now() / 1000)).toBeLessThan(5);
    expect(params.device_id).toMatch(/^web-[0-9a-f]{32}$/);
    expect(request.headers.lang).toBe('zh-TW');
    expect(request.headers.Authorization).toBe('Bearer tok-123');
    expect(request.headers['App-Type']).toBe('web');
    expect(request.headers['Cache-Control']).toBe('no-cache');
    expect(request.headers.Timezone).toBeTruthy();
  });

  it('gives up after 60 s with the timeout message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const failure = call(contentCalls.keyValueDetail, { query: { key: 'x' } });
    const checked = expect(failure).rejects.toMatchObject({ code: -1, message: i18n.t('errors.timeout') });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(toast.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await checked;
    vi.useRealTimers();
    await toastsSettled();
    expect(toast.error).toHaveBeenLastCalledWith(i18n.t('errors.timeout'), { duration: 5000 });
  });

  it("passes the caller's abort on, without a toast", async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
    );
    const failure = call(contentCalls.keyValueDetail, { query: { key: 'x' } }, { signal: controller.signal });
    controller.abort();
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
    await toastsSettled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('signs other calls in the body and uses a new nonce each time', async () => {
    const postCall = { ...contentCalls.keyValueGet, method: 'POST' as const };
    answer({ code: 0, msg: '', data: {} });
    await call(postCall, { query: { keys: 'a' } });
    await call(postCall, { query: { keys: 'a' } });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers['Content-Type']).toBe('application/json');
    expect(sent[0]!.url.searchParams.get('keys')).toBe('a');
    const bodies = sent.map((r) => JSON.parse(r.body as string) as Record<string, string>);
    expect(bodies[0]!.sign).toBe(computeSign(bodies[0]!.timestamp!, bodies[0]!.nonce!, DEFAULT_SIGN_SECRET));
    expect(bodies[0]!.nonce).not.toBe(bodies[1]!.nonce);
    expect(bodies[0]!.device_id).toBe(bodies[1]!.device_id);
  });

  it('shows the server message as an error toast and fails on any other code', async () => {
    answer({ code: 10001, msg: 'No such setting', data: null });
    const failure = call(contentCalls.keyValueDetail, { query: { key: 'x' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 10001, message: 'No such setting' });
    await toastsSettled();
    expect(toast.error).toHaveBeenCalledWith('No such setting', { duration: 5000 });
  });

  it("falls back to 'request error' when the server gives no message", async () => {
    answer({ code: 500, msg: '', data: null });
    await expect(call(contentCalls.keyValueDetail, { query: { key: 'x' } })).rejects.toMatchObject({ code: 500 });
    await toastsSettled();
    expect(toast.error).toHaveBeenCalledWith('request error', { duration: 5000 });
  });

  it('logs out on 401 without a toast', async () => {
    const unauthorized = vi.fn();
    onUnauthorized(unauthorized);
    answer({ code: 401, msg: 'please Log!', data: null });
    await expect(call(contentCalls.keyValueDetail, { query: { key: 'x' } })).rejects.toMatchObject({ code: 401 });
    expect(unauthorized).toHaveBeenCalledOnce();
    await toastsSettled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a transport failure as a toast, and a garbled answer as response Error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(call(contentCalls.keyValueDetail, { query: { key: 'x' } })).rejects.toMatchObject({ code: -1 });
    await toastsSettled();
    expect(toast.error).toHaveBeenLastCalledWith(i18n.t('errors.network'), { duration: 5000 });

    answer('<html>bad gateway</html>', 502);
    await expect(call(contentCalls.keyValueDetail, { query: { key: 'x' } })).rejects.toMatchObject({ code: -1 });
    await toastsSettled();
    expect(toast.error).toHaveBeenLastCalledWith('response Error', { duration: 5000 });
  });

  it('stays quiet when the caller asks for silence', async () => {
    answer({ code: 10001, msg: 'No such setting', data: null });
    await expect(call(contentCalls.keyValueDetail, { query: { key: 'x' } }, { silent: true })).rejects.toThrow();
    await toastsSettled();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
