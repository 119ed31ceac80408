import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DOC_TYPES, contentCalls } from '@taice/contract';
import { banners, documents, keyValues } from '../src/modules/content/content.schema';
import { CONTENT_CACHE_MS } from '../src/modules/content/content.service';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('keyValue/detail', () => {
  it('returns a setting in the request language', async () => {
    const en = await t.call(contentCalls.keyValueDetail, { query: { key: 'site.slogan' } });
    expect(en.code).toBe(0);
    expect(en.data).toMatchObject({ key: 'site.slogan', value: 'Watch. Earn. Redeem.' });
    const tw = await t.call(contentCalls.keyValueDetail, { query: { key: 'site.slogan' } }, { lang: 'zh-TW' });
    expect(tw.data.value).toBe('看影片，賺積分，換好禮');
  });

  it('says so for an unknown key, in the request language', async () => {
    expect(await t.call(contentCalls.keyValueDetail, { query: { key: 'no.such.key' } })).toEqual({
      code: 10001,
      msg: 'No such setting',
      data: null,
    });
    expect((await t.call(contentCalls.keyValueDetail, { query: { key: 'no.such.key' } }, { lang: 'zh-CN' })).msg).toBe(
      '配置项不存在',
    );
  });

  it('never reveals a private setting', async () => {
    await t.database.db.insert(keyValues).values({ key: 'smtp.password', value: 'hunter2', isPublic: false });
    expect((await t.call(contentCalls.keyValueDetail, { query: { key: 'smtp.password' } })).code).toBe(10001);
    const many = await t.call(contentCalls.keyValueGet, { query: { keys: 'smtp.password,site.name' } });
    expect(many.data).toEqual({ 'site.name': 'TAICE' });
  });

  it('shows a changed setting within the cache time', async () => {
    const read = async () =>
      (await t.call(contentCalls.keyValueDetail, { query: { key: 'contact.discord' } })).data.value;
    const before = await read();
    await t.database.db
      .update(keyValues)
      .set({ value: 'https://discord.gg/new' })
      .where(eq(keyValues.key, 'contact.discord'));
    expect(await read()).toBe(before);
    t.clock.advance(CONTENT_CACHE_MS + 1);
    expect(await read()).toBe('https://discord.gg/new');
  });

  it('refuses a missing or malformed key', async () => {
    expect((await t.call(contentCalls.keyValueDetail, {})).msg).toBe('key: is required');
    expect((await t.call(contentCalls.keyValueDetail, { query: { key: 'DROP TABLE' } })).code).toBe(422);
  });
});

describe('keyValue/get', () => {
  it('returns the known keys of a list and leaves out unknown ones', async () => {
    const res = await t.call(contentCalls.keyValueGet, {
      query: {
        keys: 'contact.email, contact.telegram,nope,contact.email',
      },
    });
    expect(res.data).toEqual({
      'contact.email': 'support@taice.io',
      'contact.telegram': 'https://t.me/taice_official',
    });
  });

  it('refuses an empty list and more than 50 keys', async () => {
    expect((await t.call(contentCalls.keyValueGet, { query: { keys: ' , ' } })).code).toBe(422);
    const keys = Array.from({ length: 51 }, (_, i) => `k${i}`).join(',');
    expect((await t.call(contentCalls.keyValueGet, { query: { keys } })).msg).toBe('keys: must be at most 50');
  });
});

describe('banners', () => {
  it('lists the active banners of the home page in order, in the request language', async () => {
    const res = await t.call(contentCalls.banners, {}, { lang: 'zh-CN' });
    expect(res.code).toBe(0);
    expect(res.data.map((b) => b.link)).toEqual(['/V2/task', '/Referral', '/V2/exchange']);
    expect(res.data[0]?.title).toBe('看视频，赚 TAICE');
    expect(res.data[0]?.image).toBe('/static/banners/watch-earn.svg');
  });

  it('shows a banner only inside its time window and while active', async () => {
    const start = new Date(t.clock.now().getTime() + 3_600_000);
    const end = new Date(t.clock.now().getTime() + 7_200_000);
    const title = { en_US: 'Flash sale', 'zh-CN': '限时', 'zh-TW': '限時' };
    await t.database.db.insert(banners).values([
      {
        slug: 'flash',
        position: 'home',
        title,
        subtitle: title,
        image: '/x.svg',
        sort: -1,
        startsAt: start,
        endsAt: end,
      },
      { slug: 'off', position: 'home', title, subtitle: title, image: '/y.svg', sort: -2, isActive: false },
      { slug: 'task-page', position: 'task', title, subtitle: title, image: '/z.svg' },
    ]);
    const titles = async () =>
      (await t.call(contentCalls.banners, { query: { position: 'home' } })).data.map((b) => b.title);
    expect(await titles()).not.toContain('Flash sale');
    t.clock.advance(3_600_000 + 1_000);
    expect((await titles())[0]).toBe('Flash sale');
    t.clock.advance(3_600_000);
    expect(await titles()).not.toContain('Flash sale');
    const task = await t.call(contentCalls.banners, { query: { position: 'task' } });
    expect(task.data.map((b) => b.image)).toEqual(['/z.svg']);
  });

  it('refuses an unknown position', async () => {
    const res = await t.send(contentCalls.banners, { query: { position: 'sidebar' } });
    expect(res.code).toBe(422);
    expect(res.msg).toBe('position: must be one of: home, task, exchange');
  });
});

describe('doc/getByType', () => {
  it('serves every document in every language', async () => {
    for (const type of DOC_TYPES) {
      for (const lang of ['en_US', 'zh-CN', 'zh-TW']) {
        const res = await t.call(contentCalls.docGetByType, { query: { type } }, { lang });
        expect(res.code).toBe(0);
        expect(res.data.type).toBe(type);
        expect(res.data.title.length).toBeGreaterThan(1);
        expect(res.data.content.length).toBeGreaterThan(200);
      }
    }
    const cn = await t.call(contentCalls.docGetByType, { query: { type: 'privacy_policy' } }, { lang: 'zh-CN' });
    expect(cn.data.title).toMatch(/隐私/);
  });

  it('falls back to English when a translation is missing', async () => {
    await t.database.db.delete(documents).where(and(eq(documents.type, 'about_us'), eq(documents.lang, 'zh-TW')));
    t.clock.advance(CONTENT_CACHE_MS + 1);
    const tw = await t.call(contentCalls.docGetByType, { query: { type: 'about_us' } }, { lang: 'zh-TW' });
    const en = await t.call(contentCalls.docGetByType, { query: { type: 'about_us' } });
    expect(tw.data.title).toBe(en.data.title);
  });

  it('says so when a document does not exist at all, and refuses unknown types', async () => {
    await t.database.db.delete(documents).where(eq(documents.type, 'user_agreement'));
    t.clock.advance(CONTENT_CACHE_MS + 1);
    expect(await t.call(contentCalls.docGetByType, { query: { type: 'user_agreement' } })).toEqual({
      code: 10002,
      msg: 'This document is not available',
      data: null,
    });
    expect((await t.send(contentCalls.docGetByType, { query: { type: 'cookies' } })).code).toBe(422);
  });
});
