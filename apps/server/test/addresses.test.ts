import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ADDRESSES, redemptionCalls, userCalls } from '@taice/contract';
import { findOwnAddress } from '../src/modules/addresses/addresses.module';
import { register, type Registered } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const home = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'GB',
  dial_code: '44',
  phone: '20 7946-0958',
  detail_address: '12 St James’s Square, London SW1Y 4JH',
};

const store = (user: Registered, body: Record<string, unknown>, lang?: string) =>
  t.send(redemptionCalls.addressStore, { body }, { token: user.token, lang });
const list = async (user: Registered) => (await t.call(redemptionCalls.addressList, {}, { token: user.token })).data;

describe('saving an address', () => {
  it('creates an address with the phone stripped to digits, listed most recently changed first', async () => {
    const user = await register(t);
    const first = await store(user, home);
    expect(first).toMatchObject({
      code: 0,
      data: { ...home, phone: '2079460958', detail_address: home.detail_address },
    });
    t.clock.advance(1000);
    const second = await store(user, {
      ...home,
      first_name: ' Grace ',
      country: 'us',
      dial_code: '',
      phone: '555-0100',
    });
    expect(second.data).toMatchObject({ first_name: 'Grace', country: 'US', dial_code: '1', phone: '5550100' });
    expect((await list(user)).map((a) => a.id)).toEqual([second.data.id, first.data.id]);
  });

  it('dial code defaults to 1 and may be sent with a plus', async () => {
    const user = await register(t);
    const { dial_code: _, ...withoutDialCode } = home;
    expect((await store(user, withoutDialCode)).data.dial_code).toBe('1');
    expect((await store(user, { ...home, dial_code: '+86' })).data.dial_code).toBe('86');
  });

  it('updates one of the caller’s own addresses when an id is given', async () => {
    const user = await register(t);
    const created = await store(user, home);
    t.clock.advance(60_000);
    const updated = await store(user, { ...home, id: created.data.id, detail_address: 'Flat 2, 1 Main Street' });
    expect(updated.data).toMatchObject({ id: created.data.id, detail_address: 'Flat 2, 1 Main Street' });
    expect(Date.parse(updated.data.updated_at)).toBeGreaterThan(Date.parse(created.data.updated_at));
    expect(await list(user)).toHaveLength(1);
  });
});

describe('address refusals', () => {
  const cases: [string, Record<string, unknown>, number, string, string][] = [
    ['first name', { first_name: ' ' }, 16021, 'Please enter the first name', '请输入名字'],
    ['last name', { last_name: '' }, 16022, 'Please enter the last name', '请输入姓氏'],
    ['country', { country: '' }, 16023, 'Please select the country', '请选择国家/地区'],
    ['phone', { phone: ' - ' }, 16024, 'Please enter the phone number', '请输入手机号码'],
    ['detail address', { detail_address: '\u3000 ' }, 16025, 'Please enter the detailed address', '请输入详细地址'],
    ['unknown country', { country: 'XX' }, 16026, 'Please select a country from the list', '请从列表中选择国家/地区'],
    [
      'phone with letters',
      { phone: '555-CALL' },
      16027,
      'Please enter a valid phone number (digits only)',
      '请输入有效的手机号码（仅数字）',
    ],
    [
      'phone with a plus',
      { phone: '+44 20 7946' },
      16027,
      'Please enter a valid phone number (digits only)',
      '请输入有效的手机号码（仅数字）',
    ],
    [
      'phone too short',
      { phone: '12' },
      16027,
      'Please enter a valid phone number (digits only)',
      '请输入有效的手机号码（仅数字）',
    ],
    [
      'dial code not digits',
      { dial_code: '4a' },
      16027,
      'Please enter a valid phone number (digits only)',
      '请输入有效的手机号码（仅数字）',
    ],
  ];

  it.each(cases)('refuses a missing or bad %s in English and Chinese', async (_, change, code, en, cn) => {
    const user = await register(t);
    expect(await store(user, { ...home, ...change })).toEqual({ code, msg: en, data: null });
    expect(await store(user, { ...home, ...change }, 'zh-CN')).toEqual({ code, msg: cn, data: null });
    expect(await list(user)).toEqual([]);
  });

  it('names the first missing field in the form’s order when several are missing', async () => {
    const user = await register(t);
    expect((await store(user, {})).code).toBe(16021);
    expect((await store(user, { first_name: 'A' })).code).toBe(16022);
    expect((await store(user, { first_name: 'A', last_name: 'B' })).code).toBe(16023);
    expect((await store(user, { first_name: 'A', last_name: 'B', country: 'FR' })).code).toBe(16024);
    expect((await store(user, { first_name: 'A', last_name: 'B', country: 'FR', phone: '612345678' })).code).toBe(
      16025,
    );
  });

  it('refuses texts over their length and fields of the wrong type', async () => {
    const user = await register(t);
    for (const change of [
      { first_name: 'x'.repeat(51) },
      { phone: '1'.repeat(21) },
      { detail_address: 'x'.repeat(301) },
      { country: 'GBR' },
      { first_name: 42 },
      { id: 0 },
      { id: 'abc' },
    ]) {
      expect((await store(user, { ...home, ...change })).code, JSON.stringify(change).slice(0, 40)).toBe(422);
    }
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses, even when saved in parallel`, async () => {
    const user = await register(t);
    const results = await Promise.all(Array.from({ length: MAX_ADDRESSES + 5 }, () => store(user, home)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(MAX_ADDRESSES);
    const refused = results.find((r) => r.code !== 0);
    expect(refused).toEqual({ code: 16028, msg: `You can save at most ${MAX_ADDRESSES} addresses`, data: null });
    expect((await store(user, home, 'zh-TW')).msg).toBe(`最多可儲存 ${MAX_ADDRESSES} 個地址`);
    // An update is no new address.
    const [latest] = await list(user);
    expect((await store(user, { ...home, id: latest!.id, first_name: 'Changed' })).code).toBe(0);
  });

  it('someone else’s address, or an unknown one, is not found for update, delete or an order', async () => {
    const [owner, other] = [await register(t), await register(t)];
    const { data } = await store(owner, home);
    expect(await store(other, { ...home, id: data.id }, 'zh-CN')).toEqual({
      code: 16020,
      msg: '该地址不存在',
      data: null,
    });
    expect(await t.call(redemptionCalls.addressDelete, { body: { id: data.id } }, { token: other.token })).toEqual({
      code: 16020,
      msg: 'This address does not exist',
      data: null,
    });
    expect((await store(owner, { ...home, id: 2_000_000_000 })).code).toBe(16020);
    await expect(findOwnAddress(t.database.db, other.user.id, data.id)).rejects.toMatchObject({
      key: 'address_not_found',
    });
    expect(await findOwnAddress(t.database.db, owner.user.id, data.id)).toMatchObject({
      id: data.id,
      phone: '2079460958',
    });
    expect(await list(other)).toEqual([]);
    expect((await list(owner))[0]).toMatchObject({ first_name: 'Ada' });
  });

  it('refuses a logged-out token', async () => {
    const user = await register(t);
    await t.call(userCalls.logout, {}, { token: user.token });
    expect((await t.call(redemptionCalls.addressList, {}, { token: user.token })).code).toBe(401);
  });
});

describe('deleting an address', () => {
  it('removes one of the caller’s addresses; deleting again is not found', async () => {
    const user = await register(t);
    const [a, b] = [(await store(user, home)).data, (await store(user, home)).data];
    expect((await t.call(redemptionCalls.addressDelete, { body: { id: a.id } }, { token: user.token })).data).toEqual({
      id: a.id,
    });
    expect((await list(user)).map((x) => x.id)).toEqual([b.id]);
    expect((await t.call(redemptionCalls.addressDelete, { body: { id: a.id } }, { token: user.token })).code).toBe(
      16020,
    );
    for (const id of [0, -3, 'x', 2 ** 31]) {
      expect((await t.send(redemptionCalls.addressDelete, { body: { id } }, { token: user.token })).code).toBe(422);
    }
  });
});
