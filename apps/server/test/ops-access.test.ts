import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCode, errorMessage, opsAccessCalls as ops, opsRaceCalls, userCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { auditLog } from '../src/modules/operators/operators.schema';
import { serverRoot } from '../src/platform/process/paths';
import { freshIp, register, type Registered } from './support/accounts';
import { elevate, enrol, operator, totpCode, type Operator } from './support/operators';
import { operatorsAdmin } from '../src/modules/operators/operators.admin';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);
const STEP_MS = 30_000;
const SECOND_FACTOR = errorCode('ops_second_factor_required');
const CODE_INVALID = errorCode('totp_code_invalid');

let t: TestApp;
let admin: Operator;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operator(t, 'admin');
});
afterAll(() => t.close());
// Tests move the clock past verifications: the shared admin verifies again when needed.
beforeEach(() => elevate(t, admin));

const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
  });

const auditOf = (userId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, String(userId)), eq(auditLog.action, action)))
    .orderBy(auditLog.id);

const logIn = async (account: Registered, lang?: string) =>
  t.call(userCalls.emailLogin, { body: { email: account.email, password: account.password } }, { ip: freshIp(), lang });

/** An operator call behind the second factor, to see whether a session is verified. */
const racesAs = async (token: string) => (await t.call(opsRaceCalls.opsRaces, {}, { token })).code;

/** An account holding `role` that has not enrolled a second factor. */
async function unenrolled(role: 'admin' | 'support' = 'support'): Promise<Registered> {
  const account = await register(t);
  await operatorsAdmin(t.database.db).grant(account.email, role);
  return account;
}

describe('the second factor', () => {
  it('is required on every other operator call until the session is verified', async () => {
    const op = await unenrolled();
    const status = await t.call(ops.opsAuthStatus, {}, { token: op.token });
    expect(status).toMatchObject({ code: 0, data: { roles: ['support'], totp_enrolled: false, verified_until: null } });
    const refused = await t.call(opsRaceCalls.opsRaces, {}, { token: op.token, lang: 'zh-CN' });
    expect(refused).toEqual({
      code: SECOND_FACTOR,
      msg: errorMessage('ops_second_factor_required', 'zh-CN'),
      data: null,
    });
  });

  it('enrols with a secret and its QR code, confirmed and audited by the first good code', async () => {
    const op = await unenrolled();
    const first = await t.call(ops.opsTotpEnrol, {}, { token: op.token });
    expect(first.data).toMatchObject({
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauth_url: expect.stringMatching(/^otpauth:\/\/totp\/TAICE:.+secret=/),
      qr_data_url: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect(first.data.otpauth_url).toContain(encodeURIComponent(op.email));
    // Not confirmed yet: asking again gives a new secret and the first no longer works.
    const secret = await enrol(t, op);
    expect(secret).not.toBe(first.data.secret);
    const stale = await t.call(ops.opsTotpVerify, { body: { code: await totpCode(t, first.data.secret) } }, op);
    expect(stale.code).toBe(CODE_INVALID);
    expect(await auditOf(op.user.id, 'totp.enrol')).toHaveLength(0);

    const verified = await t.call(ops.opsTotpVerify, { body: { code: await totpCode(t, secret) } }, op);
    const until = new Date(t.clock.now().getTime() + t.config.OPS_VERIFIED_MINUTES * 60_000).toISOString();
    expect(verified).toMatchObject({ code: 0, data: { verified_until: until } });
    expect(await t.call(ops.opsAuthStatus, {}, op)).toMatchObject({
      data: { totp_enrolled: true, verified_until: until },
    });
    expect(await racesAs(op.token)).toBe(0);
    const [row] = await auditOf(op.user.id, 'totp.enrol');
    expect(row).toMatchObject({ actor: String(op.user.id), role: 'support', targetType: 'user' });

    const again = await t.call(ops.opsTotpEnrol, {}, { token: op.token, lang: 'zh-TW' });
    expect(again).toMatchObject({ code: errorCode('totp_already_enrolled'), msg: '此帳號已設定驗證器應用程式' });
  });

  it('refuses a code already used, even on another session, and a code too old', async () => {
    const op = await operator(t, 'support');
    const second = await logIn(op);
    const reused = await t.call(ops.opsTotpVerify, { body: { code: await totpCode(t, op.secret) } }, second.data);
    expect(reused.code).toBe(CODE_INVALID);
    expect(await racesAs(second.data.token)).toBe(SECOND_FACTOR);

    t.clock.advance(2 * STEP_MS);
    const old = await totpCode(t, op.secret, new Date(t.clock.now().getTime() - 2 * STEP_MS));
    expect((await t.call(ops.opsTotpVerify, { body: { code: old } }, second.data)).code).toBe(CODE_INVALID);
    // A code of the step before still counts (the operator typed it as it changed).
    const late = await totpCode(t, op.secret, new Date(t.clock.now().getTime() - STEP_MS));
    expect((await t.call(ops.opsTotpVerify, { body: { code: late } }, second.data)).code).toBe(0);
    expect(await racesAs(second.data.token)).toBe(0);
  });

  it('verifies one session only, for a limited time', async () => {
    const op = await operator(t, 'admin');
    const other = await logIn(op);
    expect(await racesAs(other.data.token)).toBe(SECOND_FACTOR);
    expect(await racesAs(op.token)).toBe(0);

    t.clock.advance(t.config.OPS_VERIFIED_MINUTES * 60_000 + 1000);
    expect(await racesAs(op.token)).toBe(SECOND_FACTOR);
    expect((await t.call(ops.opsAuthStatus, {}, op)).data?.verified_until).toBeNull();
    await elevate(t, op);
    expect(await racesAs(op.token)).toBe(0);
  });

  it('lets one of two requests with the same code through', async () => {
    const op = await unenrolled('admin');
    const secret = await enrol(t, op);
    const other = await logIn(op);
    const code = await totpCode(t, secret);
    const answers = await Promise.all(
      [op.token, other.data.token].map((token) => t.call(ops.opsTotpVerify, { body: { code } }, { token })),
    );
    expect(answers.map((a) => a.code).sort()).toEqual([0, CODE_INVALID].sort());
    expect(await auditOf(op.user.id, 'totp.enrol')).toHaveLength(1);
  });

  it('stops guessing after five wrong codes', async () => {
    const op = await unenrolled();
    const secret = await enrol(t, op);
    const right = await totpCode(t, secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await t.call(ops.opsTotpVerify, { body: { code: wrong } }, op)).code).toBe(CODE_INVALID);
    }
    expect((await t.call(ops.opsTotpVerify, { body: { code: right } }, op)).code).toBe(429);
    expect(await racesAs(op.token)).toBe(SECOND_FACTOR);
  });

  it('refuses a code that is not six digits and a verify before any enrolment', async () => {
    const op = await unenrolled();
    expect((await t.send(ops.opsTotpVerify, { body: { code: '12345' } }, op)).code).toBe(422);
    expect((await t.send(ops.opsTotpVerify, { body: { code: 'abcdef' } }, op)).code).toBe(422);
    const none = await t.call(ops.opsTotpVerify, { body: { code: '123456' } }, { token: op.token, lang: 'zh-CN' });
    expect(none).toMatchObject({ code: errorCode('totp_not_enrolled'), msg: '请先设置身份验证器应用' });
  });

  it('is reset from the command line (audited), ending the verified sessions', async () => {
    const op = await operator(t, 'support');
    const { stdout } = await cli('users', 'totp-reset', op.email.toUpperCase());
    expect(stdout).toBe(`${op.email}: second factor reset; enrol again in the console\n`);
    expect(await racesAs(op.token)).toBe(SECOND_FACTOR);
    expect((await t.call(ops.opsAuthStatus, {}, op)).data).toMatchObject({ totp_enrolled: false });
    const [row] = await auditOf(op.user.id, 'totp.reset');
    expect(row).toMatchObject({ actor: `cli:${os.userInfo().username}`, actorUserId: null });

    expect((await cli('users', 'totp-reset', op.email)).stdout).toBe(`${op.email}: no second factor to reset\n`);
    expect(await auditOf(op.user.id, 'totp.reset')).toHaveLength(1);
    await expect(cli('users', 'totp-reset', 'nobody@example.com')).rejects.toMatchObject({
      stderr: 'no account with the e-mail address nobody@example.com\n',
    });
    expect((await t.call(ops.opsTotpEnrol, {}, op)).code).toBe(0);
  });
});

describe('bans', () => {
  it('ends the member’s sessions at once, refuses new logins, deletes nothing, and is audited', async () => {
    const member = await register(t);
    const other = await logIn(member);
    const ban = await t.call(ops.opsUserBan, { body: { user_id: member.user.id, reason: 'Spam' } }, admin);
    expect(ban).toMatchObject({
      code: 0,
      data: { user_id: member.user.id, banned: true, banned_at: t.clock.now().toISOString(), ban_reason: 'Spam' },
    });
    for (const token of [member.token, other.data.token]) {
      expect((await t.call(userCalls.userInfo, {}, { token })).code).toBe(401);
    }
    for (const lang of ['en_US', 'zh-CN', 'zh-TW'] as const) {
      expect(await logIn(member, lang)).toEqual({
        code: errorCode('account_banned'),
        msg: errorMessage('account_banned', lang),
        data: null,
      });
    }
    const [kept] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(kept).toMatchObject({ email: member.email, nickname: member.user.nickname });

    // Banning again changes nothing and writes nothing.
    await t.call(ops.opsUserBan, { body: { user_id: member.user.id, reason: 'Again' } }, admin);
    const rows = await auditOf(member.user.id, 'user.ban');
    expect(rows.map((r) => [r.actor, r.role, r.before, r.after])).toEqual([
      [String(admin.user.id), 'admin', { banned: false, reason: null }, { banned: true, reason: 'Spam' }],
    ]);

    const unban = await t.call(ops.opsUserUnban, { body: { user_id: member.user.id } }, admin);
    expect(unban.data).toEqual({ user_id: member.user.id, banned: false, banned_at: null, ban_reason: null });
    const back = await logIn(member);
    expect(back.code).toBe(0);
    expect((await t.call(userCalls.userInfo, {}, { token: back.data.token })).code).toBe(0);
    expect((await auditOf(member.user.id, 'user.unban')).map((r) => r.after)).toEqual([
      { banned: false, reason: null },
    ]);
  });

  it('refuses the admin’s own account, an unknown one and a missing reason, writing nothing', async () => {
    const own = await t.call(ops.opsUserBan, { body: { user_id: admin.user.id, reason: 'x' } }, admin);
    expect(own.code).toBe(errorCode('ops_own_account'));
    const unknown = await t.call(ops.opsUserBan, { body: { user_id: 999_999, reason: 'x' } }, admin);
    expect(unknown.code).toBe(errorCode('user_not_found'));
    const member = await register(t);
    expect((await t.send(ops.opsUserBan, { body: { user_id: member.user.id, reason: ' ' } }, admin)).code).toBe(422);
    expect(await auditOf(admin.user.id, 'user.ban')).toHaveLength(0);
    expect(await auditOf(member.user.id, 'user.ban')).toHaveLength(0);
    expect((await t.call(userCalls.userInfo, {}, member)).code).toBe(0);
  });

  it('leaves no session of a login that ran while the ban did', async () => {
    const member = await register(t);
    const [login, ban] = await Promise.all([
      logIn(member),
      t.call(ops.opsUserBan, { body: { user_id: member.user.id, reason: 'Race' } }, admin),
    ]);
    expect(ban.code).toBe(0);
    if (login.code === 0) expect((await t.call(userCalls.userInfo, {}, { token: login.data.token })).code).toBe(401);
    else expect(login.code).toBe(errorCode('account_banned'));
  });
});

describe('sessions', () => {
  it('lists an account’s sessions for support, and an admin ends one at once (audited once)', async () => {
    const member = await register(t);
    t.clock.advance(1000);
    const second = await logIn(member);
    const support = await operator(t, 'support');
    const listed = await t.call(ops.opsUserSessions, { query: { user_id: member.user.id } }, support);
    expect(listed.data).toMatchObject({ total: 2, has_more: false });
    const [newest, oldest] = listed.data!.list;
    expect(newest).toMatchObject({ active: true, revoked_at: null, login_type: 2, ip: expect.any(String) });
    expect(newest!.id).toBeGreaterThan(oldest!.id);

    const body = { user_id: member.user.id, session_id: newest!.id };
    const revoked = await t.call(ops.opsUserSessionRevoke, { body }, admin);
    expect(revoked.data).toMatchObject({ id: newest!.id, active: false, revoked_at: t.clock.now().toISOString() });
    expect((await t.call(userCalls.userInfo, {}, { token: second.data.token })).code).toBe(401);
    expect((await t.call(userCalls.userInfo, {}, member)).code).toBe(0);

    expect((await t.call(ops.opsUserSessionRevoke, { body }, admin)).code).toBe(0);
    expect((await auditOf(member.user.id, 'session.revoke')).map((r) => r.after)).toEqual([{ session_id: newest!.id }]);
    const page = await t.call(ops.opsUserSessions, { query: { user_id: member.user.id, size: 1 } }, support);
    expect(page.data).toMatchObject({ total: 2, has_more: true, list: [{ id: newest!.id, active: false }] });
  });

  it('refuses a session of another account and an unknown account', async () => {
    const member = await register(t);
    const stranger = await register(t);
    const [theirs] = (await t.call(ops.opsUserSessions, { query: { user_id: stranger.user.id } }, admin)).data!.list;
    const body = { user_id: member.user.id, session_id: theirs!.id };
    expect((await t.call(ops.opsUserSessionRevoke, { body }, admin)).code).toBe(404);
    expect((await t.call(userCalls.userInfo, {}, stranger)).code).toBe(0);
    expect((await t.call(ops.opsUserSessions, { query: { user_id: 999_999 } }, admin)).code).toBe(
      errorCode('user_not_found'),
    );
  });
});

describe('roles from the console', () => {
  it('grants and revokes one role, each change audited once, effective at once', async () => {
    const member = await register(t);
    const body = { user_id: member.user.id, role: 'support' as const };
    expect(await t.call(ops.opsRoleGrant, { body }, admin)).toMatchObject({
      code: 0,
      data: { user_id: member.user.id, roles: ['support'] },
    });
    expect((await t.call(ops.opsAuthStatus, {}, member)).code).toBe(0);
    await t.call(ops.opsRoleGrant, { body }, admin);
    expect((await t.call(ops.opsRoleRevoke, { body }, admin)).data?.roles).toEqual([]);
    expect((await t.call(ops.opsAuthStatus, {}, member)).code).toBe(403);

    const rows = [...(await auditOf(member.user.id, 'role.grant')), ...(await auditOf(member.user.id, 'role.revoke'))];
    expect(rows.map((r) => [r.action, r.actor, r.before, r.after])).toEqual([
      ['role.grant', String(admin.user.id), [], ['support']],
      ['role.revoke', String(admin.user.id), ['support'], []],
    ]);
  });

  it('refuses taking the admin’s own admin role, an unknown role and an unknown account', async () => {
    const own = await t.call(ops.opsRoleRevoke, { body: { user_id: admin.user.id, role: 'admin' } }, admin);
    expect(own.code).toBe(errorCode('ops_own_account'));
    expect(await racesAs(admin.token)).toBe(0);
    const member = await register(t);
    expect((await t.send(ops.opsRoleGrant, { body: { user_id: member.user.id, role: 'root' } }, admin)).code).toBe(422);
    const unknown = await t.call(ops.opsRoleGrant, { body: { user_id: 999_999, role: 'admin' } }, admin);
    expect(unknown.code).toBe(errorCode('user_not_found'));
    expect(await auditOf(admin.user.id, 'role.revoke')).toHaveLength(0);
  });
});
