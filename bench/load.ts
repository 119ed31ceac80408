import autocannon from 'autocannon';
import { DEFAULT_SIGN_SECRET, signParams } from '@taice/contract';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Signs a GET path afresh for every request (new nonce, current timestamp). */
export function signedPath(path: string, query: Record<string, string> = {}): () => string {
  return () => `${path}?${new URLSearchParams({ ...query, ...signParams(DEFAULT_SIGN_SECRET, 'bench') }).toString()}`;
}

/** One request to send: a GET path, or a request with its own method, headers and body. */
export interface BenchRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Signs a POST body afresh (new nonce, current timestamp), as the web client does. */
export function signedBody(body: Record<string, unknown>): string {
  return JSON.stringify({ ...body, ...signParams(DEFAULT_SIGN_SECRET, 'bench') });
}

export async function measure(
  name: string,
  url: string,
  path: string | (() => string | BenchRequest),
  /** `rate`: requests per second offered in all (default: as many as the connections get answered). */
  options: { connections?: number; duration?: number; headers?: Record<string, string>; rate?: number } = {},
): Promise<LoadResult> {
  const next = (): BenchRequest => {
    const made = typeof path === 'string' ? path : path();
    return typeof made === 'string' ? { path: made } : made;
  };
  // An error envelope is fast; counted as an error it cannot flatter the figures.
  let failedEnvelopes = 0;
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: options.duration ?? 10,
    overallRate: options.rate,
    headers: options.headers,
    requests: [
      {
        setupRequest: (request) => {
          const r = next();
          return {
            ...request,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...request.headers, ...r.headers, ...(r.body ? { 'content-type': 'application/json' } : {}) },
            body: r.body,
          };
        },
        onResponse: (_status, body) => {
          if (body.startsWith('{"code":') && !body.startsWith('{"code":0,')) failedEnvelopes += 1;
        },
      },
    ],
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + failedEnvelopes,
    non2xx: result.non2xx,
  };
}

/** What issue 4, 5 and 16 ask of a call under 50 connections, against the trivial run right before it. */
export const TARGET = { shareOfTrivial: 0.25, p99Ms: 50 };

/** A measured call and the trivial run measured right before it. */
export interface Paired {
  trivial: LoadResult;
  result: LoadResult;
  /** Extra condition of its own (a sustained rate), checked besides the share, p99 and errors. */
  target?: { shareOfTrivial?: number; minRate?: number; p99Ms?: number };
}

/** Whether a paired call met its target, and why not. */
export function verdict({ trivial, result, target }: Paired): string[] {
  const missed: string[] = [];
  const share = result.requestsPerSecond / trivial.requestsPerSecond;
  const minShare = target?.shareOfTrivial ?? TARGET.shareOfTrivial;
  const maxP99 = target?.p99Ms ?? TARGET.p99Ms;
  if (target?.minRate !== undefined) {
    if (result.requestsPerSecond < target.minRate) missed.push(`rate < ${target.minRate}/s`);
  } else if (share < minShare) missed.push(`< ${minShare * 100} % of trivial`);
  if (result.p99 >= maxP99) missed.push(`p99 >= ${maxP99} ms`);
  if (result.errors + result.non2xx > 0) missed.push('errors');
  return missed;
}

/** Prints each call against its own trivial run and whether it met its target; true when all did. */
export function printPaired(pairs: Paired[]): boolean {
  const rows = pairs.map((pair) => {
    const { trivial, result } = pair;
    const missed = verdict(pair);
    return {
      call: result.name,
      'trivial req/s': trivial.requestsPerSecond,
      'req/s': result.requestsPerSecond,
      'vs trivial': `${((result.requestsPerSecond / trivial.requestsPerSecond) * 100).toFixed(0)} %`,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors + result.non2xx,
      target: missed.length === 0 ? 'met' : `MISSED: ${missed.join(', ')}`,
    };
  });
  console.table(rows);
  const allMet = rows.every((r) => r.target === 'met');
  console.log(allMet ? 'Every target met.' : 'Some targets were missed (exit code 1).');
  return allMet;
}

/** `baseline`: the trivial route's result, or for each call the trivial run measured right before it. */
export function printTable(results: LoadResult[], baseline: LoadResult | ((r: LoadResult) => LoadResult)): void {
  const baselineOf = typeof baseline === 'function' ? baseline : () => baseline;
  const rows = results.map((r) => ({
    call: r.name,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs trivial': `${((r.requestsPerSecond / baselineOf(r).requestsPerSecond) * 100).toFixed(0)} %`,
    errors: r.errors + r.non2xx,
  }));
  console.table(rows);
}
