import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonCalls } from '@taice/contract';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('country lists', () => {
  it('lists every country with its ISO code and English name, sorted by name', async () => {
    const res = await t.call(commonCalls.countryList);
    expect(res.code).toBe(0);
    expect(res.data.length).toBeGreaterThan(240);
    expect(res.data).toContainEqual({ code: 'US', name: 'United States' });
    expect(res.data).toContainEqual({ code: 'DE', name: 'Germany' });
    const names = res.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(res.data.map((c) => c.code)).size).toBe(res.data.length);
  });

  it('names countries in Simplified and Traditional Chinese', async () => {
    const cn = await t.call(commonCalls.countryList, {}, { lang: 'zh-CN' });
    expect(cn.data.find((c) => c.code === 'CN')?.name).toBe('中国');
    expect(cn.data.find((c) => c.code === 'US')?.name).toBe('美国');
    const tw = await t.call(commonCalls.countryList, {}, { lang: 'zh-TW' });
    expect(tw.data.find((c) => c.code === 'US')?.name).toBe('美國');
  });

  it('gives each country its international dial code and flag', async () => {
    const res = await t.call(commonCalls.countryInfoList);
    const byCode = new Map(res.data.map((c) => [c.code, c]));
    expect(byCode.get('US')).toMatchObject({ dial_code: '+1', flag: '🇺🇸' });
    expect(byCode.get('CN')?.dial_code).toBe('+86');
    expect(byCode.get('GB')?.dial_code).toBe('+44');
    expect(byCode.get('SG')?.dial_code).toBe('+65');
    expect(res.data.every((c) => /^\+\d{1,4}$/.test(c.dial_code ?? ''))).toBe(true);
  });
});
