import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsCalls, userCalls } from '@taice/contract';
import { register, type Registered } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let user: Registered;

beforeAll(async () => {
  t = await createTestApp();
  user = await register(t);
});
afterAll(() => t.close());

describe('points refusals', () => {
  // Each call here refuses a visitor: see needs-login.test.ts.
  it('an expired or logged-out token is refused', async () => {
    const other = await register(t);
    await t.call(userCalls.logout, {}, { token: other.token });
    expect((await t.call(pointsCalls.walletDetail, {}, { token: other.token })).code).toBe(401);
  });

  it('refuses unknown currencies, task types, reasons and paging beyond the limit', async () => {
    const currency = await t.send(pointsCalls.walletDetail, { query: { currency_key: 'btc' } }, { token: user.token });
    expect(currency.code).toBe(422);
    expect(currency.msg).toContain('currency_key');
    const type = await t.send(pointsCalls.userTaskDetail, { query: { task_type: 'monthly' } }, { token: user.token });
    expect(type.code).toBe(422);
    expect(type.msg).toContain('task_type');
    expect((await t.send(pointsCalls.walletLog, { query: { reason: 'gift' } }, { token: user.token })).code).toBe(422);
    expect((await t.call(pointsCalls.walletLog, { query: { size: 51 } }, { token: user.token })).code).toBe(422);
    expect((await t.call(pointsCalls.invitationLog, { query: { page: 0 } }, { token: user.token })).code).toBe(422);
  });

  it('claims of unknown or unreached milestones are refused in the user’s language', async () => {
    expect(await t.call(pointsCalls.inviteTaskClaim, { body: { id: 999_999 } }, { token: user.token })).toMatchObject({
      code: 14004,
      msg: 'This invitation reward does not exist',
    });
    const list = await t.call(
      pointsCalls.inviteTaskList,
      {},
      {
        token: user.token,
      },
    );
    const first = list.data[0]!;
    const tw = await t.call(
      pointsCalls.inviteTaskClaim,
      { body: { id: first.id } },
      { token: user.token, lang: 'zh-TW' },
    );
    expect(tw).toMatchObject({ code: 14005, msg: `邀請 ${first.invite_num} 位好友觀看並分享影片後即可領取` });
    expect((await t.call(pointsCalls.inviteTaskClaim, { body: { id: 'x' } }, { token: user.token })).code).toBe(422);
  });

  it('a sign-in without a watch today is refused, in Chinese too', async () => {
    expect(await t.call(pointsCalls.signIn, {}, { token: user.token, lang: 'zh-TW' })).toMatchObject({
      code: 14001,
      msg: '簽到前需要先觀看一部影片',
    });
  });

  it('a new account starts with nothing, and its history says so', async () => {
    const fresh = await register(t);
    const wallets = await t.call(
      pointsCalls.wallets,
      {},
      {
        token: fresh.token,
      },
    );
    expect(wallets.data).toEqual([expect.objectContaining({ currency_key: 'taice', value: 0 })]);
    const log = await t.call(
      pointsCalls.walletLog,
      {},
      {
        token: fresh.token,
      },
    );
    expect(log.data).toMatchObject({ list: [], total: 0, has_more: false });
  });
});
