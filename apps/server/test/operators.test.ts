import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/accounts/accounts.schema';
import { createOperators, type OperatorRole } from '../src/modules/operators/operators.module';
import { operatorsAdmin } from '../src/modules/operators/operators.admin';
import { auditLog, operatorRoles } from '../src/modules/operators/operators.schema';
import { serverRoot } from '../src/platform/process/paths';
import { register } from './support/accounts';
import { operator } from './support/operators';
import { createTestApp, type TestApp } from './support/test-app';

const run = promisify(execFile);

let t: TestApp;
/** A route that only operators holding `roles` may use, answering who they are. */
function guarded(url: string, roles: readonly OperatorRole[]) {
  return {
    method: 'GET' as const,
    url,
    config: { auth: 'optional' as const, signed: true },
    handler: async (request: Parameters<ReturnType<typeof createOperators>['requireRole']>[0]) => {
      const actor = await createOperators({ db: t.database.db, clock: t.clock }).requireRole(request, roles);
      return { code: 0, msg: 'success', data: actor };
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.route(guarded('/api/test/admin-only', ['admin']));
      app.route(guarded('/api/test/staff', ['admin', 'support']));
    },
  });
});
afterAll(() => t.close());

const ops = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/ops/cli.ts'), ...args], {
    env: { ...process.env, DATABASE_URL: t.databaseUrl },
  });

const rolesOf = async (userId: number) =>
  (await t.database.db.select().from(operatorRoles).where(eq(operatorRoles.userId, userId))).map((r) => r.role).sort();

const auditOf = (userId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(userId)))
    .orderBy(auditLog.id);

describe('roles from the command line', () => {
  it('grants and revokes roles, each change audited as the OS user', async () => {
    const member = await register(t);
    const granted = await ops('users', 'grant', member.email.toUpperCase(), 'support');
    expect(granted.stdout).toBe(`${member.email}: support\n`);
    expect((await ops('users', 'grant', member.email, 'admin')).stdout).toBe(`${member.email}: admin, support\n`);
    expect(await rolesOf(member.user.id)).toEqual(['admin', 'support']);

    expect((await ops('users', 'revoke', member.email)).stdout).toBe(`${member.email}: no roles\n`);
    expect(await rolesOf(member.user.id)).toEqual([]);

    const rows = await auditOf(member.user.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['role.grant', [], ['support']],
      ['role.grant', ['support'], ['admin', 'support']],
      ['role.revoke', ['admin', 'support'], []],
    ]);
    expect(rows.every((r) => r.actor === `cli:${os.userInfo().username}` && r.actorUserId === null)).toBe(true);

    const listed = await ops('audit', 'list', '--target', `user:${member.user.id}`);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/role\.revoke user:\d+ before \["admin","support"\] after \[\]$/);
  });

  it('granting a role already held changes nothing and writes no audit row', async () => {
    const member = await register(t);
    await ops('users', 'grant', member.email, 'admin');
    await ops('users', 'grant', member.email, 'admin');
    expect(await auditOf(member.user.id)).toHaveLength(1);
  });

  it('refuses an unknown account or role with a clear message', async () => {
    const member = await register(t);
    await expect(ops('users', 'grant', 'nobody@example.com', 'admin')).rejects.toMatchObject({
      code: 1,
      stderr: 'no account with the e-mail address nobody@example.com\n',
    });
    await expect(ops('users', 'grant', member.email, 'root')).rejects.toMatchObject({
      code: 1,
      stderr: 'the role must be one of admin, support\n',
    });
    await expect(ops('audit', 'purge')).rejects.toMatchObject({
      code: 1,
      stderr: 'unknown audit action purge (try: list)\n',
    });
    expect(await rolesOf(member.user.id)).toEqual([]);
  });
});

describe('requireRole', () => {
  it('answers 401 to a visitor and 403 to a member without the role', async () => {
    const member = await register(t);
    expect((await t.get('/api/test/admin-only')).code).toBe(401);
    const refused = await t.get('/api/test/admin-only', {}, { token: member.token, lang: 'zh-CN' });
    expect(refused).toMatchObject({ code: 403, msg: '您没有权限执行此操作', data: null });
  });

  it('lets an operator with one of the roles through, with the request id and IP for the audit', async () => {
    const member = await operator(t, 'support');
    expect((await t.get('/api/test/admin-only', {}, { token: member.token })).code).toBe(403);
    const ok = await t.get<Record<string, unknown>>(
      '/api/test/staff',
      {},
      { token: member.token, ip: '10.9.8.7', headers: { 'x-request-id': 'req-operators-1' } },
    );
    expect(ok.data).toEqual({
      userId: member.user.id,
      who: String(member.user.id),
      role: 'support',
      requestId: 'req-operators-1',
      ip: '10.9.8.7',
    });
  });

  it('stops letting an operator through once the role is revoked', async () => {
    const member = await operator(t, 'admin');
    expect((await t.get('/api/test/admin-only', {}, { token: member.token })).code).toBe(0);
    await operatorsAdmin(t.database.db).revoke(member.email);
    expect((await t.get('/api/test/admin-only', {}, { token: member.token })).code).toBe(403);
  });
});

describe('the audit log', () => {
  const operators = () => createOperators({ db: t.database.db, clock: t.clock });
  const actor = { userId: null, who: 'cli:test', role: 'admin' as const, requestId: 'req-1', ip: '127.0.0.1' };

  it('is written in the transaction of the change: rolled back with it, committed with it', async () => {
    const member = await register(t);
    const change = (fail: boolean) =>
      t.database.db.transaction(async (tx) => {
        await tx.update(users).set({ nickname: 'renamed' }).where(eq(users.id, member.user.id));
        await operators().audit(tx, actor, {
          action: 'user.rename',
          targetType: 'user',
          targetId: member.user.id,
          before: { nickname: member.user.nickname },
          after: { nickname: 'renamed' },
        });
        if (fail) throw new Error('the change fails after its audit row was written');
      });
    await expect(change(true)).rejects.toThrow('fails after');
    expect(await auditOf(member.user.id)).toHaveLength(0);
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(unchanged?.nickname).toBe(member.user.nickname);

    await change(false);
    const [row] = await auditOf(member.user.id);
    expect(row).toMatchObject({
      actor: 'cli:test',
      role: 'admin',
      action: 'user.rename',
      targetType: 'user',
      before: { nickname: member.user.nickname },
      after: { nickname: 'renamed' },
      requestId: 'req-1',
      ip: '127.0.0.1',
      createdAt: t.clock.now(),
    });
  });

  it('refuses to change or remove a row, even for the database owner', async () => {
    const member = await register(t);
    await operatorsAdmin(t.database.db).grant(member.email, 'admin');
    await expect(t.database.db.execute(sql`update audit_log set action = 'nothing'`)).rejects.toMatchObject({
      cause: { message: 'audit_log is append-only: UPDATE refused' },
    });
    await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toMatchObject({
      cause: { message: 'audit_log is append-only: DELETE refused' },
    });
    expect(await auditOf(member.user.id)).toHaveLength(1);
  });
});
