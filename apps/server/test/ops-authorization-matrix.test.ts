import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, OPERATOR_ROLES } from '@taice/contract';
import { SECOND_FACTOR_FREE } from '../src/modules/operators/operators.module';
import { operatorsAdmin } from '../src/modules/operators/operators.admin';
import { register, type Registered } from './support/accounts';
import { contractCalls } from './support/contract-calls';
import { operator } from './support/operators';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Who may make each operator call, generated from the contract: every call under `/api/ops/` (whichever
 * family exports it) with the roles it names. Each is refused before its input is read, so empty input is
 * enough to see the refusal; a caller let through gets the call's own answer (often `validation_failed`).
 */
const opsCalls = contractCalls.filter((call) => call.path.startsWith('/api/ops/'));
const REFUSED = [401, 403, errorCode('ops_second_factor_required')];

let t: TestApp;
const as: Record<'member' | 'support' | 'admin' | 'unverified', Registered> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  as.member = await register(t);
  as.support = await operator(t, 'support');
  as.admin = await operator(t, 'admin');
  as.unverified = await register(t);
  await operatorsAdmin(t.database.db).grant(as.unverified.email, 'admin');
});
afterAll(() => t.close());

const codeOf = async (call: (typeof opsCalls)[number], who?: keyof typeof as) =>
  (await t.send(call, {}, who ? { token: as[who].token } : {})).code;

it('lists the operator calls, each for logged-in accounts with the roles it names', () => {
  expect(opsCalls.length).toBeGreaterThan(10);
  for (const call of opsCalls) {
    expect({ call: call.name, auth: call.auth }).toEqual({ call: call.name, auth: 'required' });
    expect(call.roles?.length, `${call.name} names no roles`).toBeGreaterThan(0);
    expect(call.roles!.every((role) => OPERATOR_ROLES.includes(role))).toBe(true);
  }
});

describe.each(opsCalls.map((call) => [call.name, call] as const))('%s', (_name, call) => {
  const supportMay = call.roles?.includes('support') ?? false;

  it('refuses a visitor (401) and a member (403)', async () => {
    expect(await codeOf(call)).toBe(401);
    expect(await codeOf(call, 'member')).toBe(403);
  });

  it(supportMay ? 'lets support through' : 'refuses support (403)', async () => {
    if (supportMay) expect(REFUSED).not.toContain(await codeOf(call, 'support'));
    else expect(await codeOf(call, 'support')).toBe(403);
  });

  it('lets a verified admin through', async () => {
    expect(REFUSED).not.toContain(await codeOf(call, 'admin'));
  });

  if (SECOND_FACTOR_FREE.has(call.path)) {
    it('lets an operator through before the second factor (it is how they verify)', async () => {
      expect(REFUSED).not.toContain(await codeOf(call, 'unverified'));
    });
  } else {
    it('refuses an operator whose session is not verified with the second factor', async () => {
      expect(await codeOf(call, 'unverified')).toBe(errorCode('ops_second_factor_required'));
    });
  }
});
