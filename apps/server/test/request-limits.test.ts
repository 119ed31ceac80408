import net from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_SECRET, signParams, userCalls, videoCalls } from '@taice/contract';
import { BODY_LIMIT_BYTES, MAX_JSON_DEPTH } from '../src/platform/http/request-limits';
import { contractCalls } from './support/contract-calls';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const TEN_MB = 10 * 1024 * 1024;

/**
 * A client that writes its whole request without waiting for an answer, then
 * reads what comes back; `error` is set when the connection was reset.
 */
function rawRequest(head: string, body: Buffer[]): Promise<{ response: string; error: string | null }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let error: string | null = null;
    socket.on('data', (chunk) => {
      response += chunk.toString('utf8');
      // The answer is complete once its body has arrived: then the client goes, as a browser would.
      const length = /content-length: (\d+)/i.exec(response)?.[1];
      const start = response.indexOf('\r\n\r\n');
      if (length && start >= 0 && Buffer.byteLength(response.slice(start + 4)) >= Number(length)) socket.end();
    });
    socket.on('error', (err) => {
      error = (err as NodeJS.ErrnoException).code ?? err.message;
    });
    socket.on('close', () => resolve({ response, error }));
    socket.write(head);
    for (const part of body) socket.write(part);
  });
}

function envelopeOf(response: string) {
  return JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { code: number; msg: string };
}

describe('a request body larger than any call takes', () => {
  it('gets a 413 envelope in the language asked, even when the client sends 10 MB without waiting', async () => {
    const { response, error } = await rawRequest(
      `POST ${videoCalls.comment.path} HTTP/1.1\r\nHost: x\r\nLang: zh-CN\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${TEN_MB}\r\n\r\n`,
      [Buffer.alloc(TEN_MB, 'a')],
    );
    expect(error).toBeNull();
    expect(envelopeOf(response)).toEqual({ code: 413, msg: '请求内容过大', data: null });
  });

  it('gets the 413 envelope when sent in chunks with no declared length', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const chunks = Array.from({ length: TEN_MB / chunk.length }, () =>
      Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
    );
    const { response, error } = await rawRequest(
      `POST ${videoCalls.comment.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\n\r\n`,
      [...chunks, Buffer.from('0\r\n\r\n')],
    );
    expect(error).toBeNull();
    expect(envelopeOf(response)).toEqual({ code: 413, msg: 'The request is too large', data: null });
  });

  it('is refused over the limit and taken just under it', async () => {
    const signed = signParams(DEFAULT_SIGN_SECRET, 'test-device', t.clock.now().getTime());
    const bodyOf = (size: number) => {
      const shell = JSON.stringify({ ...signed, email: 'a@example.com', type: 'register', pad: '' });
      return shell.replace('"pad":""', `"pad":"${'x'.repeat(size - shell.length)}"`);
    };
    const send = (payload: string) =>
      t.inject({
        method: 'POST',
        url: userCalls.sendEmailCode.path,
        payload,
        headers: { 'content-type': 'application/json' },
      });
    const over = await send(bodyOf(BODY_LIMIT_BYTES + 1));
    expect(over.json()).toMatchObject({ code: 413 });
    const under = await send(bodyOf(BODY_LIMIT_BYTES));
    expect(under.json()).toMatchObject({ code: 0 });
  });
});

describe('a request the HTTP parser refuses', () => {
  it("(a NUL in a header) gets the envelope, not the framework's own answer", async () => {
    const { response, error } = await rawRequest(
      `GET /healthz HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\n\r\n`,
      [],
    );
    expect(error).toBeNull();
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(response)).toEqual({ code: 400, msg: 'Bad request', data: null });
  });
});

describe('a JSON body nested deeper than any call takes', () => {
  it('is refused before it is parsed, with the limit in the message', async () => {
    const deep = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    const res = await t.inject({
      method: 'POST',
      url: userCalls.logout.path,
      payload: deep,
      headers: { 'content-type': 'application/json', lang: 'zh-TW' },
    });
    expect(res.json()).toEqual({ code: 4005, msg: `請求巢狀層級過深（最多 ${MAX_JSON_DEPTH} 層）`, data: null });
  });

  it('is taken up to the limit, brackets inside strings not counted', async () => {
    const res = await t.call(videoCalls.comment, { body: { id: 1, content: '[[[['.repeat(100) } }, {});
    expect(res.code).toBe(401);
    const nested = await t.send(userCalls.logout, {
      body: { deep: JSON.parse('['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1)) },
    });
    expect(nested.code).toBe(0);
  });
});

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  maxLength?: number;
  maxItems?: number;
}

/** The longest text a string schema takes; a pattern's bound is read from its quantifiers. */
function longestText(s: JsonSchema): number {
  if (s.maxLength !== undefined) return s.maxLength;
  if (s.format === 'uuid') return 36;
  const quantifiers = [...(s.pattern ?? '').matchAll(/\{(?:\d+,)?(\d+)\}/g)];
  return quantifiers.length > 0 ? quantifiers.reduce((n, m) => n + Number(m[1]), 10) : Infinity;
}

/** The most bytes a valid JSON value can take: every field present and at its longest, 3 bytes a character. */
function largestJson(s: JsonSchema): number {
  if (s.anyOf) return Math.max(...s.anyOf.map(largestJson));
  if (s.enum) return Math.max(...s.enum.map((value) => JSON.stringify(value).length));
  if (s.const !== undefined) return JSON.stringify(s.const).length;
  switch (s.type) {
    case 'object':
      return Object.entries(s.properties ?? {}).reduce((n, [key, value]) => n + key.length + 4 + largestJson(value), 2);
    case 'array':
      return 2 + (s.maxItems ?? Infinity) * (largestJson(s.items ?? {}) + 1);
    case 'string':
      return 2 + longestText(s) * 3;
    case 'number':
    case 'integer':
      return 24;
    case 'boolean':
      return 5;
    case 'null':
      return 4;
    default:
      return Infinity;
  }
}

describe('the body limit', () => {
  it('fits the largest valid body of every call, signing included, with room to spare (its own limit if it has one)', () => {
    const signing = JSON.stringify(signParams(DEFAULT_SIGN_SECRET, 'x'.repeat(128)));
    const largest = contractCalls
      .filter((call) => call.body)
      .map((call) => {
        const schema = z.toJSONSchema(call.body!, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        const limit = call.bodyLimit ?? BODY_LIMIT_BYTES;
        return { path: call.path, bytes: largestJson(schema) + signing.length, limit };
      })
      .sort((a, b) => b.bytes / b.limit - a.bytes / a.limit);
    expect(largest.length).toBeGreaterThan(30);
    expect(largest[0]!.bytes, largest[0]!.path).toBeLessThan(largest[0]!.limit / 2);
  });
});
