import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { DEFAULT_SIGN_SECRET, signParams, userCalls, type CallDef } from '@taice/contract';
import { register } from './support/accounts';
import { contractCalls } from './support/contract-calls';
import { createTestApp, type TestApp } from './support/test-app';

// Every call of the contract gets generated bad input, signed, logged out and
// logged in: no answer may be a 5xx, leave the envelope or tell how the server
// is built, and the server must go on answering. FUZZ_SEED=<n> replays a run.
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS_PER_CALL = 60;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

const MEGABYTE_TEXT = 'x'.repeat(1024 * 1024);
const nested = (depth: number): unknown => Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 1);

const badCharacter = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\ud800', '\udfff', '\n', '\t');
const hostileText = fc.oneof(
  fc.tuple(fc.string({ maxLength: 12 }), badCharacter).map(([text, bad]) => text + bad + text),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.constantFrom('', ' ', MEGABYTE_TEXT, 'Infinity', 'NaN', '-1', '1e400', '0x10', '9'.repeat(40), '2147483648'),
);
const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1, 0, 0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, Number.MAX_SAFE_INTEGER, -(2 ** 63)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, {}, [], nested(64), nested(12)),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
);
/** Put in place of a field: a hostile value, the field left out, or its own text with a bad character in it. */
const MISSING = Symbol('missing');
class BadCharacter {
  constructor(readonly character: string) {}
}
const replacement = fc.oneof(
  { weight: 3, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.constant(MISSING) },
  { weight: 3, arbitrary: badCharacter.map((character) => new BadCharacter(character)) },
);
const putInto = (text: string, character: string) =>
  text.slice(0, text.length >> 1) + character + text.slice(text.length >> 1);

function validText(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email' || name.includes('email')) return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 20, 40)) });
}

/** Input that fits the schema's shape and, as far as a JSON schema tells, its rules. */
function validInput(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (options?.length) return fc.oneof(...options.map((option) => validInput(option, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (type === 'object') {
    const fields = Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validInput(value, key)]);
    return fc.record(Object.fromEntries(fields) as Record<string, fc.Arbitrary<unknown>>);
  }
  if (type === 'array') return fc.array(validInput(schema.items ?? {}, name), { maxLength: 3 });
  if (type === 'string') return validText(schema, name);
  if (type === 'number' || type === 'integer') {
    // Whole numbers inside the bounds (a TAICE amount's minimum may be a fraction, such as 0.01).
    return fc.integer({
      min: Math.ceil(Math.max(schema.minimum ?? 0, 0)),
      max: Math.floor(Math.min(schema.maximum ?? 60, 60)),
    });
  }
  if (type === 'boolean') return fc.boolean();
  return fc.constant(null);
}

/** `value` with its `target`-th field (counted depth first, modulo their number) replaced. */
function withOneFieldReplaced(value: unknown, target: number, by: unknown): unknown {
  const count = fieldCount(value);
  const chosen = count === 0 ? -1 : target % count;
  let index = 0;
  const walk = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') {
      if (index++ !== chosen) return v;
      if (!(by instanceof BadCharacter)) return by;
      return putInto(typeof v === 'string' ? v : String(v), by.character);
    }
    const entries = Object.entries(v).map(([key, item]) => [key, walk(item)] as const);
    const kept = entries.filter(([, item]) => item !== MISSING);
    return Array.isArray(v) ? kept.map(([, item]) => item) : Object.fromEntries(kept);
  };
  return walk(value);
}

function validInputOf(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant({});
  return validInput(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);
}

/** Each field of a valid input in turn gets each of these, so no field goes untried by chance. */
const EVERY_FIELD_GETS = [
  new BadCharacter('\u0000'),
  new BadCharacter('\ud800'),
  new BadCharacter('\u001b'),
  2 ** 31,
  -1,
  1e308,
  MISSING,
];

function fieldCount(value: unknown): number {
  return value && typeof value === 'object' ? Object.values(value).reduce<number>((n, v) => n + fieldCount(v), 0) : 1;
}

/**
 * Valid input, valid input with one field spoiled or left out, valid input
 * with extra fields, or something else altogether.
 */
function arbitraryInput(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const extra = fc.dictionary(hostileText, hostileValue, { minKeys: 1, maxKeys: 2 });
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.nat(), replacement).map(([v, at, by]) => withOneFieldReplaced(v, at, by)),
    },
    { weight: 1, arbitrary: fc.tuple(valid, extra).map(([v, more]) => ({ ...more, ...(v as object) })) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Raw bodies no call takes: broken JSON, other content types, too big, too deep. */
const RAW_BODIES: { contentType?: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{"id":' },
  { contentType: 'application/json', payload: '{"id":1}}' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: '['.repeat(5000) + ']'.repeat(5000) },
  { contentType: 'application/json', payload: '['.repeat(500_000) + ']'.repeat(500_000) },
  { contentType: 'application/json', payload: JSON.stringify({ text: MEGABYTE_TEXT }) },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'id=1&content=x' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001' },
  { payload: '{"id":1}' },
];

const INTERNAL_DETAIL =
  /\bat [\w.<>]+ \(|node_modules|\.[cm]?[jt]s:\d+|ZodError|postgres|\bsql\b|violates|syntax error|ECONN|stack/i;

function checkAnswer(res: LightMyRequestResponse, what: string) {
  if (res.statusCode >= 500) throw new Error(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  let envelope: unknown;
  try {
    envelope = JSON.parse(res.body);
  } catch {
    throw new Error(`${what}: not JSON: ${res.body.slice(0, 300)}`);
  }
  const ok = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown() }).strict().safeParse(envelope);
  if (!ok.success) throw new Error(`${what}: not an envelope: ${res.body.slice(0, 300)}`);
  const told = ok.data.code === 0 ? ok.data.msg : `${ok.data.msg} ${JSON.stringify(ok.data.data)}`;
  if (INTERNAL_DETAIL.test(told)) throw new Error(`${what}: tells internals: ${told}`);
}

let t: TestApp;
let token: string;
let ipCounter = 0;
const nextIp = () => `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`;

beforeAll(async () => {
  t = await createTestApp();
  token = (await register(t)).token;
});
afterAll(() => t.close());

function headersOf(loggedIn: boolean, contentType?: string): Record<string, string> {
  return {
    ...(loggedIn ? { authorization: `Bearer ${token}` } : {}),
    ...(contentType ? { 'content-type': contentType } : {}),
  };
}

function signing(): Record<string, string> {
  return signParams(DEFAULT_SIGN_SECRET, 'fuzz-device', t.clock.now().getTime());
}

/** Query values as a client could send them: one value, or the key repeated. */
function queryString(input: unknown): string {
  const params = new URLSearchParams();
  const entries = input && typeof input === 'object' && !Array.isArray(input) ? Object.entries(input) : [];
  for (const [key, value] of [...entries, ...Object.entries(signing())]) {
    for (const one of Array.isArray(value) ? value : [value]) {
      params.append(key, typeof one === 'object' && one !== null ? JSON.stringify(one) : String(one));
    }
  }
  return params.toString();
}

function send(call: CallDef, input: unknown, loggedIn: boolean) {
  const remoteAddress = nextIp();
  if (call.method === 'GET') {
    return t.inject({
      method: 'GET',
      url: `${call.path}?${queryString(input)}`,
      headers: headersOf(loggedIn),
      remoteAddress,
    });
  }
  const body = input && typeof input === 'object' && !Array.isArray(input) ? { ...input, ...signing() } : input;
  return t.inject({
    method: 'POST',
    url: call.path,
    payload: JSON.stringify(body) ?? 'null',
    headers: headersOf(loggedIn, 'application/json'),
    remoteAddress,
  });
}

async function stillAnswers() {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('/healthz did not answer')), 5000),
  );
  const res = await Promise.race([t.inject({ method: 'GET', url: '/healthz' }), timeout]);
  expect(res.json()).toEqual({ status: 'ok' });
}

/** Calls that end or change the session get a fresh login before the next batch. */
async function keepLoggedIn() {
  const me = await t.respond(userCalls.userInfo, {}, { token });
  if (me.json<{ code: number }>().code !== 0) token = (await register(t)).token;
}

describe('every call, fed generated bad input', () => {
  it('covers the whole contract', () => {
    expect(contractCalls.length).toBeGreaterThanOrEqual(80);
  });

  it.each(contractCalls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s answers an envelope, never a 5xx',
    async (name, call) => {
      const valid = validInputOf(call.method === 'GET' ? call.query : call.body);
      const [sample] = fc.sample(valid, { numRuns: 1, seed: SEED });
      for (let field = 0; field < fieldCount(sample); field++) {
        for (const by of EVERY_FIELD_GETS) {
          for (const loggedIn of [false, true]) {
            const input = withOneFieldReplaced(sample, field, by);
            const what = `${name} ${JSON.stringify(input)} ${loggedIn ? 'logged in' : 'logged out'}`;
            checkAnswer(await send(call, input, loggedIn), what);
          }
        }
      }
      await fc.assert(
        fc.asyncProperty(arbitraryInput(valid), fc.boolean(), async (value, loggedIn) => {
          checkAnswer(await send(call, value, loggedIn), `${name} ${loggedIn ? 'logged in' : 'logged out'}`);
        }),
        { numRuns: RUNS_PER_CALL, seed: SEED },
      );
      if (call.method === 'POST') {
        for (const loggedIn of [false, true]) {
          for (const raw of RAW_BODIES) {
            const res = await t.inject({
              method: 'POST',
              url: call.path,
              payload: raw.payload,
              headers: headersOf(loggedIn, raw.contentType),
              remoteAddress: nextIp(),
            });
            checkAnswer(res, `${name} ${raw.contentType ?? 'no content type'} ${raw.payload.slice(0, 40)}`);
          }
        }
      }
      await stillAnswers();
      await keepLoggedIn();
    },
    60_000,
  );
});
