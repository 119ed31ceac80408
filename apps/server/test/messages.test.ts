import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageCalls, userCalls } from '@taice/contract';
import { register, type Registered } from './support/accounts';
import { notices, sendMessages, unreadState } from './support/messages';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = (user: Registered, query: { page?: number; size?: number; unread?: number } = {}, lang?: string) =>
  t.call(messageCalls.messageList, { query }, { token: user.token, lang });
const unreadInInfo = async (user: Registered) =>
  (await t.call(userCalls.userInfo, {}, { token: user.token })).data.unread_num;

const prize = { en_US: 'Wireless earbuds', 'zh-CN': '无线耳机', 'zh-TW': '無線耳機' };

describe('the message list', () => {
  it('is empty for a new member, with nothing unread', async () => {
    const user = await register(t);
    expect((await list(user)).data).toEqual({ list: [], total: 0, page: 1, size: 20, has_more: false, unread_num: 0 });
    expect(await unreadInInfo(user)).toBe(0);
  });

  it('renders every template in the reader’s language, with its parameters shown', async () => {
    const user = await register(t);
    const userId = user.user.id;
    await sendMessages(
      t,
      {
        userId,
        template: 'order_placed',
        params: { order_no: 'R1', prize, amount: 12_050 },
        link: { kind: 'order', id: 7 },
      },
      {
        userId,
        template: 'order_shipped',
        params: { order_no: 'R1', prize, carrier: 'DHL', tracking_no: 'JD0001' },
        link: { kind: 'order', id: 7 },
      },
      { userId, template: 'order_completed', params: { order_no: 'R1', prize } },
      { userId, template: 'order_cancelled', params: { order_no: 'R2', prize, amount: 500 } },
      { userId, template: 'virtual_code_delivered', params: { order_no: 'R3', prize: 'Gift card', code: 'ABCD-1234' } },
      {
        userId,
        template: 'membership_extended',
        params: { order_no: 'R4', prize, expires_at: '2026-12-31T20:00:00.000Z' },
      },
      { userId, template: 'new_user_reward', params: { amount: 20_000 }, link: { kind: 'wallet', id: null } },
      { userId, template: 'referral_confirmed', params: { amount: 50_000 }, link: { kind: 'referral', id: null } },
      { userId, template: 'seven_day_bonus', params: { amount: 10_000 } },
      ...notices(userId, 1),
    );
    const shown = async (lang: string) =>
      Object.fromEntries((await list(user, {}, lang)).data.list.map((m) => [m.template, `${m.title} | ${m.content}`]));
    expect(await shown('en_US')).toEqual({
      order_placed: 'Order placed | Your order R1 for Wireless earbuds is placed: 120.50 TAICE paid.',
      order_shipped: 'Order shipped | Your order R1 for Wireless earbuds has shipped with DHL, tracking number JD0001.',
      order_completed: 'Order completed | Your order R1 for Wireless earbuds is completed.',
      order_cancelled: 'Order cancelled | Your order R2 for Wireless earbuds was cancelled and 5.00 TAICE refunded.',
      virtual_code_delivered: 'Your code has arrived | Your code for Gift card (order R3): ABCD-1234',
      // 20:00 UTC is the next day in UTC+8.
      membership_extended:
        'Membership extended | Thanks to Wireless earbuds, your membership now lasts until 2027-01-01.',
      new_user_reward: 'Welcome reward | You watched your first video: 200.00 TAICE are yours.',
      referral_confirmed: 'Referral confirmed | A friend you invited is now active: 500.00 TAICE are yours.',
      seven_day_bonus: '7-day sign-in bonus | You signed in 7 days in a row: a bonus of 100.00 TAICE.',
      operator_notice: 'Notice 1 | Text 1',
    });
    const cn = await shown('zh-CN');
    expect(cn.order_shipped).toBe('订单已发货 | 您的订单 R1（无线耳机）已由 DHL 发出，运单号 JD0001。');
    expect(cn.order_cancelled).toBe('订单已取消 | 您的订单 R2（无线耳机）已取消，5.00 TAICE 已退回。');
    expect(cn.operator_notice).toBe('通知 1 | 内容 1');
    const tw = await shown('zh-TW');
    expect(tw.virtual_code_delivered).toBe('兌換碼已發放 | Gift card的兌換碼（訂單 R3）：ABCD-1234');
    expect(tw.membership_extended).toBe('會員已延長 | 已兌換無線耳機，您的會員有效期延長至 2027-01-01。');
    expect(Object.values(await shown('zh-TW')).every((text) => !/[{}]/.test(text))).toBe(true);

    const first = (await list(user)).data;
    expect(first.unread_num).toBe(10);
    expect(first.list.find((m) => m.template === 'order_placed')).toMatchObject({
      link: { kind: 'order', id: 7 },
      is_read: 0,
    });
    expect(first.list.find((m) => m.template === 'seven_day_bonus')?.link).toBeNull();
    expect(await unreadInInfo(user)).toBe(10);
  });

  it('pages newest first; the unread filter lists only unread messages', async () => {
    const user = await register(t);
    const ids = await sendMessages(t, ...notices(user.user.id, 25));
    const newestFirst = [...ids].reverse();
    const page1 = (await list(user, { size: 10 })).data;
    expect(page1.list.map((m) => m.id)).toEqual(newestFirst.slice(0, 10));
    expect(page1).toMatchObject({ total: 25, page: 1, size: 10, has_more: true, unread_num: 25 });
    const page3 = (await list(user, { size: 10, page: 3 })).data;
    expect(page3.list.map((m) => m.id)).toEqual(newestFirst.slice(20));
    expect(page3.has_more).toBe(false);
    expect((await list(user, { size: 10, page: 4 })).data.list).toEqual([]);

    for (const id of ids.slice(0, 20)) await t.call(messageCalls.messageRead, { body: { id } }, { token: user.token });
    const unread = (await list(user, { unread: 1 })).data;
    expect(unread.list.map((m) => m.id)).toEqual(newestFirst.slice(0, 5));
    expect(unread).toMatchObject({ total: 5, unread_num: 5, has_more: false });
    expect((await list(user, { unread: 0 })).data.total).toBe(25);
  });

  it('refuses bad paging and filters', async () => {
    const user = await register(t);
    for (const query of [{ page: 0 }, { size: 51 }, { page: 501 }, { unread: 2 }, { page: 'x' }]) {
      const res = await t.send(messageCalls.messageList, { query }, { token: user.token });
      expect(res.code, JSON.stringify(query)).toBe(422);
    }
  });

  it('shows a member only their own messages', async () => {
    const [a, b] = [await register(t), await register(t)];
    await sendMessages(t, ...notices(a.user.id, 2));
    expect((await list(b)).data).toMatchObject({ total: 0, unread_num: 0 });
  });
});

describe('reading', () => {
  it('marks one message read once; reading again changes nothing', async () => {
    const user = await register(t);
    const [first, second] = await sendMessages(t, ...notices(user.user.id, 2));
    const read = await t.call(messageCalls.messageRead, { body: { id: first! } }, { token: user.token });
    expect(read).toMatchObject({ code: 0, data: { unread_num: 1 } });
    expect((await t.call(messageCalls.messageRead, { body: { id: first! } }, { token: user.token })).data).toEqual({
      unread_num: 1,
    });
    const shown = (await list(user)).data.list;
    expect(shown.find((m) => m.id === first)?.is_read).toBe(1);
    expect(shown.find((m) => m.id === second)?.is_read).toBe(0);
    expect(await unreadInInfo(user)).toBe(1);
  });

  it('accepts an id sent as a string of digits', async () => {
    const user = await register(t);
    const [id] = await sendMessages(t, ...notices(user.user.id, 1));
    const res = await t.send(messageCalls.messageRead, { body: { id: String(id) } }, { token: user.token });
    expect(res.data).toEqual({ unread_num: 0 });
  });

  it('refuses someone else’s message and unknown ids as not found, in the reader’s language', async () => {
    const [owner, other] = [await register(t), await register(t)];
    const [id] = await sendMessages(t, ...notices(owner.user.id, 1));
    const theirs = await t.call(messageCalls.messageRead, { body: { id: id! } }, { token: other.token, lang: 'zh-TW' });
    expect(theirs).toEqual({ code: 17001, msg: '此訊息不存在', data: null });
    const unknown = await t.call(messageCalls.messageRead, { body: { id: 2_000_000_000 } }, { token: other.token });
    expect(unknown).toMatchObject({ code: 17001, msg: 'This message does not exist' });
    expect(await unreadState(t, owner.user.id)).toEqual({ stored: 1, actual: 1 });
  });

  it('refuses malformed ids', async () => {
    const user = await register(t);
    for (const id of [0, -1, 1.5, 'abc', 2 ** 31, '', null]) {
      const res = await t.send(messageCalls.messageRead, { body: { id } }, { token: user.token });
      expect(res.code, String(id)).toBe(422);
    }
    expect((await t.send(messageCalls.messageRead, {}, { token: user.token })).code).toBe(422);
  });

  it('marks every message read at once, and again harmlessly', async () => {
    const user = await register(t);
    const other = await register(t);
    await sendMessages(t, ...notices(user.user.id, 5), ...notices(other.user.id, 2));
    expect((await t.call(messageCalls.messageAllRead, {}, { token: user.token })).data).toEqual({ unread_num: 0 });
    expect((await t.call(messageCalls.messageAllRead, {}, { token: user.token })).data).toEqual({ unread_num: 0 });
    expect((await list(user)).data.list.every((m) => m.is_read === 1)).toBe(true);
    expect((await list(user, { unread: 1 })).data.total).toBe(0);
    expect(await unreadInInfo(user)).toBe(0);
    expect(await unreadState(t, other.user.id)).toEqual({ stored: 2, actual: 2 });
    await sendMessages(t, ...notices(user.user.id, 1));
    expect(await unreadInInfo(user)).toBe(1);
  });

  it('refuses a logged-out token', async () => {
    const user = await register(t);
    await t.call(userCalls.logout, {}, { token: user.token });
    expect((await t.call(messageCalls.messageAllRead, {}, { token: user.token })).code).toBe(401);
  });
});
