import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCalls } from './support/contract-calls';
import { createTestApp, type TestApp } from './support/test-app';

// One refusal test per call that needs an account, generated from the
// contract's `auth` setting, so a new call cannot go without it.
const needLogin = contractCalls.filter((call) => call.auth === 'required');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('calls that need a login', () => {
  it('are found in the contract', () => {
    expect(needLogin.length).toBeGreaterThanOrEqual(38);
  });

  it.each(needLogin.map((call) => [`${call.method} ${call.path}`, call] as const))(
    '%s refuses a visitor or an unknown or malformed token, whatever the input',
    async (_name, call) => {
      for (const token of [undefined, 'not-a-token', 'x'.repeat(43)]) {
        const res = await t.respond(call, {}, { token });
        expect(res.statusCode, token).toBe(200);
        expect(res.json(), token).toEqual({ code: 401, msg: 'please Log!', data: null });
      }
    },
  );
});
