import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, type Registered } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let user: Registered;

beforeAll(async () => {
  t = await createTestApp();
  user = await register(t);
});
afterAll(() => t.close());

const loginOnly: [string, 'GET' | 'POST'][] = [
  ['/api/frontend/user/wallets', 'GET'],
  ['/api/frontend/user/walletDetail', 'GET'],
  ['/api/frontend/user/getWalletDetail', 'GET'],
  ['/api/frontend/user/walletLog', 'GET'],
  ['/api/frontend/user/pointsChart', 'GET'],
  ['/api/frontend/task/userTaskPointLog', 'GET'],
  ['/api/frontend/sign-in', 'POST'],
  ['/api/frontend/home/claim-reward', 'POST'],
  ['/api/frontend/task/userTaskDetail', 'GET'],
  ['/api/frontend/task/unfinishTaskNum', 'GET'],
  ['/api/frontend/task/newDailyTask', 'GET'],
  ['/api/frontend/userInvitation/invitationDetail', 'GET'],
  ['/api/frontend/userInvitation/invitationLog', 'GET'],
  ['/api/frontend/user/invitationLog', 'GET'],
  ['/api/frontend/inviteTask/list', 'GET'],
  ['/api/frontend/inviteTask/claim', 'POST'],
];

describe('points refusals', () => {
  it.each(loginOnly)('%s needs a login', async (path, method) => {
    const res = method === 'GET' ? await t.get(path) : await t.post(path, { id: 1 });
    expect(res).toMatchObject({ code: 401, msg: 'please Log!', data: null });
  });

  it('an expired or logged-out token is refused', async () => {
    const other = await register(t);
    await t.post('/api/frontend/logout', {}, { token: other.token });
    expect((await t.get('/api/frontend/user/walletDetail', {}, { token: other.token })).code).toBe(401);
  });

  it('refuses unknown currencies, task types, reasons and paging beyond the limit', async () => {
    const currency = await t.get('/api/frontend/user/walletDetail', { currency_key: 'btc' }, { token: user.token });
    expect(currency.code).toBe(422);
    expect(currency.msg).toContain('currency_key');
    const type = await t.get('/api/frontend/task/userTaskDetail', { task_type: 'monthly' }, { token: user.token });
    expect(type.code).toBe(422);
    expect(type.msg).toContain('task_type');
    expect((await t.get('/api/frontend/user/walletLog', { reason: 'gift' }, { token: user.token })).code).toBe(422);
    expect((await t.get('/api/frontend/user/walletLog', { size: 51 }, { token: user.token })).code).toBe(422);
    expect((await t.get('/api/frontend/userInvitation/invitationLog', { page: 0 }, { token: user.token })).code).toBe(
      422,
    );
  });

  it('claims of unknown or unreached milestones are refused in the user’s language', async () => {
    expect(await t.post('/api/frontend/inviteTask/claim', { id: 999_999 }, { token: user.token })).toMatchObject({
      code: 14004,
      msg: 'This invitation reward does not exist',
    });
    const list = await t.get<{ id: number; invite_num: number }[]>(
      '/api/frontend/inviteTask/list',
      {},
      {
        token: user.token,
      },
    );
    const first = list.data[0]!;
    const tw = await t.post('/api/frontend/inviteTask/claim', { id: first.id }, { token: user.token, lang: 'zh-TW' });
    expect(tw).toMatchObject({ code: 14005, msg: `邀請 ${first.invite_num} 位好友觀看並分享影片後即可領取` });
    expect((await t.post('/api/frontend/inviteTask/claim', { id: 'x' }, { token: user.token })).code).toBe(422);
  });

  it('a sign-in without a watch today is refused, in Chinese too', async () => {
    expect(await t.post('/api/frontend/sign-in', {}, { token: user.token, lang: 'zh-TW' })).toMatchObject({
      code: 14001,
      msg: '簽到前需要先觀看一部影片',
    });
  });

  it('a new account starts with nothing, and its history says so', async () => {
    const fresh = await register(t);
    const wallets = await t.get<{ currency_key: string; value: number }[]>(
      '/api/frontend/user/wallets',
      {},
      {
        token: fresh.token,
      },
    );
    expect(wallets.data).toEqual([expect.objectContaining({ currency_key: 'taice', value: 0 })]);
    const log = await t.get<{ list: unknown[]; total: number }>(
      '/api/frontend/user/walletLog',
      {},
      {
        token: fresh.token,
      },
    );
    expect(log.data).toMatchObject({ list: [], total: 0, has_more: false });
  });
});
