import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  API_LANGS,
  contentCalls,
  DOC_CONTENT_MAX_LENGTH,
  DOC_TYPES,
  opsContentCalls as ops,
  videoCalls,
  type BannerInput,
} from '@taice/contract';
import { banners, documents, keyValues } from '../src/modules/content/content.schema';
import { contentSeeds } from '../src/modules/content/content.seed';
import { auditLog } from '../src/modules/operators/operators.schema';
import { categories, userInterests } from '../src/modules/videos/videos.schema';
import { BODY_LIMIT_BYTES } from '../src/platform/http/request-limits';
import { register, type Registered } from './support/accounts';
import { elevate, operator, type Operator } from './support/operators';
import { createPost } from './support/videos';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let admin: Operator;
let support: Operator;
let member: Registered;

beforeAll(async () => {
  t = await createTestApp();
  [admin, support, member] = await Promise.all([operator(t, 'admin'), operator(t, 'support'), register(t)]);
});
afterAll(() => t.close());
// Some tests move the clock on by hours: the operators pass the second factor again when it has lapsed.
beforeEach(async () => {
  await Promise.all([elevate(t, admin), elevate(t, support)]);
});

const auditsOf = (targetType: string, targetId: string | number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
    .orderBy(auditLog.id);

const as = (who: { token: string }, lang = 'en_US') => ({ token: who.token, lang });

describe('who may manage content', () => {
  it('refuses visitors and members; support reads, only admins change', async () => {
    const doc = { type: 'about_us', lang: 'en_US', title: 'About', content: 'Text' } as const;
    const banner = { position: 'home', title: localized('B'), subtitle: localized(''), image: '/b.svg' } as const;
    const writes = [
      () => t.call(ops.opsDocumentUpdate, { body: doc }, as(support)),
      () => t.call(ops.opsBannerCreate, { body: banner }, as(support)),
      () => t.call(ops.opsBannerDelete, { body: { id: 1 } }, as(support)),
      () => t.call(ops.opsSettings, {}, as(support)),
      () => t.call(ops.opsSettingUpdate, { body: { key: 'site.name', value: 'X' } }, as(support)),
      () => t.call(ops.opsCategoryCreate, { body: { key: 'x', name: localized('X') } }, as(support)),
      () => t.call(ops.opsCategoryDelete, { body: { id: 1 } }, as(support)),
    ];
    for (const write of writes) expect((await write()).code).toBe(403);
    for (const who of [{ token: '' }, member]) {
      const expected = who === member ? 403 : 401;
      expect((await t.call(ops.opsDocuments, {}, as(who))).code).toBe(expected);
      expect((await t.call(ops.opsDocumentUpdate, { body: doc }, as(who))).code).toBe(expected);
      expect((await t.call(ops.opsBanners, { query: {} }, as(who))).code).toBe(expected);
      expect((await t.call(ops.opsCategories, {}, as(who))).code).toBe(expected);
    }
    expect((await t.call(ops.opsDocuments, {}, as(support))).code).toBe(0);
    expect((await t.call(ops.opsBanners, { query: {} }, as(support))).code).toBe(0);
    expect((await t.call(ops.opsCategories, {}, as(support))).code).toBe(0);
    const [about] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.type, 'about_us'), eq(documents.lang, 'en_US')));
    expect(about!.content).not.toBe('Text');
    const bySupport = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, String(support.user.id)));
    expect(bySupport.filter((a) => ['document', 'banner', 'setting', 'category'].includes(a.targetType))).toEqual([]);
  });
});

function localized(text: string) {
  return { en_US: text, 'zh-CN': text, 'zh-TW': text };
}

describe('the seeded documents', () => {
  it('are complete texts in every language, in Markdown with sections', async () => {
    const list = await t.call(ops.opsDocuments, {}, as(admin));
    expect(list.data).toHaveLength(DOC_TYPES.length * API_LANGS.length);
    for (const type of DOC_TYPES) {
      for (const lang of API_LANGS) {
        const doc = await t.call(ops.opsDocument, { query: { type, lang } }, as(admin));
        expect(doc.data.content).not.toMatch(/Temporary text/);
        expect(doc.data.content).toMatch(/^## /m);
        expect(doc.data.content).toContain('TAICE');
        expect(doc.data.content.length, `${type} ${lang}`).toBeGreaterThan(lang === 'en_US' ? 2_500 : 800);
        expect(list.data.find((d) => d.type === type && d.lang === lang)?.length).toBe(doc.data.content.length);
      }
    }
  });

  it('replace the placeholders of the first release, and leave a text an operator wrote', async () => {
    const placeholder = 'Temporary text paragraph 1 for terms_of_service in zh-CN, long enough.';
    const db = t.database.db;
    const row = (type: string, lang: string) => and(eq(documents.type, type), eq(documents.lang, lang));
    await db.update(documents).set({ content: placeholder }).where(row('terms_of_service', 'zh-CN'));
    await db.update(documents).set({ content: 'Written by an operator.' }).where(row('about_us', 'zh-CN'));
    const step = contentSeeds.find((s) => s.name === 'content.documents.v2')!;
    await step.run({ db, storage: null as never, log: () => {} });
    const [terms] = await db.select().from(documents).where(row('terms_of_service', 'zh-CN'));
    expect(terms!.title).toBe('服务条款');
    expect(terms!.content).toMatch(/^## /m);
    const [about] = await db.select().from(documents).where(row('about_us', 'zh-CN'));
    expect(about!.content).toBe('Written by an operator.');
  });
});

describe('changing a document', () => {
  it('replaces one language, shows at once on the public read, and audits both texts', async () => {
    const before = await t.call(ops.opsDocument, { query: { type: 'user_agreement', lang: 'zh-TW' } }, as(admin));
    const content = '## 一、總則\n\n本協議由 TAICE 與您訂立。\n\n- 第一項\n- 第二項';
    const res = await t.call(
      ops.opsDocumentUpdate,
      { body: { type: 'user_agreement', lang: 'zh-TW', title: '  用戶協議（修訂）  ', content } },
      as(admin),
    );
    expect(res.data).toMatchObject({ type: 'user_agreement', lang: 'zh-TW', title: '用戶協議（修訂）', content });
    const shown = await t.call(contentCalls.docGetByType, { query: { type: 'user_agreement' } }, { lang: 'zh-TW' });
    expect(shown.data).toMatchObject({ title: '用戶協議（修訂）', content, updated_at: res.data.updated_at });
    const english = await t.call(contentCalls.docGetByType, { query: { type: 'user_agreement' } });
    expect(english.data.content).not.toBe(content);

    const [entry] = await auditsOf('document', 'user_agreement:zh-TW');
    expect(entry).toMatchObject({
      action: 'document.update',
      actor: String(admin.user.id),
      before: { title: before.data.title, content: before.data.content },
      after: { title: '用戶協議（修訂）', content },
    });
  });

  it('takes a long document past the usual body limit, and refuses one over its length', async () => {
    const long = `## 長文\n\n${'隱私'.repeat(15_000)}`;
    expect(Buffer.byteLength(long)).toBeGreaterThan(BODY_LIMIT_BYTES * 2);
    const body = { type: 'privacy_policy', lang: 'zh-TW', title: '隱私政策', content: long } as const;
    const res = await t.call(ops.opsDocumentUpdate, { body }, as(admin));
    expect(res.code).toBe(0);
    expect(res.data.content).toBe(long);
    const tooLong = { ...body, content: 'x'.repeat(DOC_CONTENT_MAX_LENGTH + 1) };
    const refused = await t.call(ops.opsDocumentUpdate, { body: tooLong }, as(admin));
    expect(refused.code).toBe(422);
    expect(refused.msg).toBe(`content: must be at most ${DOC_CONTENT_MAX_LENGTH} characters`);
  });

  it('refuses bad input and writes nothing', async () => {
    const audits = (await auditsOf('document', 'about_us:en_US')).length;
    const send = (body: Record<string, unknown>) => t.send(ops.opsDocumentUpdate, { body }, as(admin));
    const good = { type: 'about_us', lang: 'en_US', title: 'About', content: 'Text' };
    expect((await send({ ...good, type: 'cookies' })).code).toBe(422);
    expect((await send({ ...good, lang: 'fr' })).code).toBe(422);
    expect((await send({ ...good, title: ' ' })).code).toBe(422);
    expect((await send({ ...good, content: '' })).code).toBe(422);
    expect((await send({ ...good, title: 'a\nb' })).code).toBe(422);
    expect((await t.send(ops.opsDocument, { query: { type: 'about_us', lang: 'xx' } }, as(admin))).code).toBe(422);
    expect((await auditsOf('document', 'about_us:en_US')).length).toBe(audits);
  });
});

describe('banners', () => {
  const input: BannerInput = {
    position: 'home',
    title: { en_US: 'Spring race', 'zh-CN': '春季赛', 'zh-TW': '春季賽' },
    subtitle: { en_US: 'Watch and win', 'zh-CN': '观看赢奖', 'zh-TW': '觀看贏獎' },
    image: '/static/banners/spring.svg',
    link: '/Leaderboard',
    sort: -10,
    active: true,
    starts_at: null,
    ends_at: null,
  };
  const publicTitles = async (lang = 'en_US') =>
    (await t.call(contentCalls.banners, { query: { position: 'home' } }, { lang })).data.map((b) => b.title);

  it('are created, changed, hidden and deleted, each shown at once and audited', async () => {
    const created = await t.call(ops.opsBannerCreate, { body: input }, as(admin));
    expect(created.data).toMatchObject({ ...input, starts_at: null });
    const id = created.data.id;
    expect((await publicTitles('zh-CN'))[0]).toBe('春季赛');

    const renamed = { ...input, title: { ...input.title, en_US: 'Spring race 2' } };
    const updated = await t.call(ops.opsBannerUpdate, { body: { ...renamed, id } }, as(admin));
    expect(updated.data.title.en_US).toBe('Spring race 2');
    expect((await publicTitles())[0]).toBe('Spring race 2');

    await t.call(ops.opsBannerUpdate, { body: { ...renamed, id, active: false } }, as(admin));
    expect(await publicTitles()).not.toContain('Spring race 2');
    const listed = await t.call(ops.opsBanners, { query: { position: 'home' } }, as(support));
    expect(listed.data.find((b) => b.id === id)).toMatchObject({ active: false });

    expect((await t.call(ops.opsBannerDelete, { body: { id } }, as(admin))).data).toEqual({ id });
    expect(await t.database.db.select().from(banners).where(eq(banners.id, id))).toEqual([]);
    const again = await t.call(ops.opsBannerDelete, { body: { id } }, as(admin));
    expect(again).toEqual({ code: 10003, msg: 'This banner does not exist', data: null });
    expect((await t.call(ops.opsBannerUpdate, { body: { ...input, id } }, as(admin))).code).toBe(10003);

    const trail = await auditsOf('banner', id);
    expect(trail.map((a) => a.action)).toEqual(['banner.create', 'banner.update', 'banner.update', 'banner.delete']);
    expect(trail[1]).toMatchObject({ before: { title: input.title }, after: { title: renamed.title } });
  });

  it('keep their time window', async () => {
    const start = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const end = new Date(t.clock.now().getTime() + 7_200_000).toISOString();
    const res = await t.call(
      ops.opsBannerCreate,
      { body: { ...input, title: localized('Later'), starts_at: start, ends_at: end } },
      as(admin),
    );
    expect(res.data).toMatchObject({ starts_at: start, ends_at: end });
    expect(await publicTitles()).not.toContain('Later');
    t.clock.advance(3_600_000 + 1_000);
    expect(await publicTitles()).toContain('Later');
  });

  it('refuse bad input', async () => {
    const count = (await t.database.db.select().from(banners)).length;
    const send = (body: Record<string, unknown>) => t.send(ops.opsBannerCreate, { body }, as(admin));
    expect((await send({ ...input, image: 'javascript:alert(1)' })).code).toBe(422);
    expect((await send({ ...input, link: 'ftp://x' })).code).toBe(422);
    expect((await send({ ...input, position: 'sidebar' })).code).toBe(422);
    expect((await send({ ...input, title: { en_US: 'Only English' } })).code).toBe(422);
    const backwards = await send({ ...input, starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' });
    expect(backwards.msg).toBe('ends_at: is invalid');
    expect((await t.database.db.select().from(banners)).length).toBe(count);
  });
});

describe('settings', () => {
  it('lists the public ones only, and changes one for every language or per language', async () => {
    await t.database.db.insert(keyValues).values({ key: 'smtp.secret', value: 'hunter2', isPublic: false });
    const list = await t.call(ops.opsSettings, {}, as(admin));
    expect(list.data.map((s) => s.key)).toContain('site.slogan');
    expect(list.data.map((s) => s.key)).not.toContain('smtp.secret');

    const slogan = { en_US: 'Watch more.', 'zh-CN': '多看多赚', 'zh-TW': '多看多賺' };
    const res = await t.call(ops.opsSettingUpdate, { body: { key: 'site.slogan', value: slogan } }, as(admin));
    expect(res.data).toMatchObject({ key: 'site.slogan', value: slogan });
    const read = async (key: string, lang: string) =>
      (await t.call(contentCalls.keyValueDetail, { query: { key } }, { lang })).data.value;
    expect(await read('site.slogan', 'zh-TW')).toBe('多看多賺');
    await t.call(ops.opsSettingUpdate, { body: { key: 'site.slogan', value: 'One for all' } }, as(admin));
    expect(await read('site.slogan', 'zh-CN')).toBe('One for all');

    const trail = await auditsOf('setting', 'site.slogan');
    expect(trail.map((a) => a.action)).toEqual(['setting.update', 'setting.update']);
    expect(trail[0]).toMatchObject({ before: { value: { en_US: 'Watch. Earn. Redeem.' } }, after: { value: slogan } });
  });

  it('refuses unknown and private keys and bad values', async () => {
    const update = (body: Record<string, unknown>) => t.send(ops.opsSettingUpdate, { body }, as(admin));
    expect(await update({ key: 'no.such', value: 'x' })).toEqual({ code: 10001, msg: 'No such setting', data: null });
    expect((await update({ key: 'smtp.secret', value: 'x' })).code).toBe(10001);
    expect((await update({ key: 'site.name', value: 'x'.repeat(1_001) })).code).toBe(422);
    expect((await update({ key: 'site.name', value: { en_US: 'x' } })).code).toBe(422);
    expect((await update({ key: 'Site Name', value: 'x' })).code).toBe(422);
    const [secret] = await t.database.db.select().from(keyValues).where(eq(keyValues.key, 'smtp.secret'));
    expect(secret!.value).toBe('hunter2');
    expect(await auditsOf('setting', 'smtp.secret')).toEqual([]);
  });
});

describe('categories', () => {
  const name = { en_US: 'Cooking', 'zh-CN': '美食', 'zh-TW': '美食' };

  it('are created, renamed and deleted when unused, with interests in them', async () => {
    const created = await t.call(ops.opsCategoryCreate, { body: { key: 'cooking', name, sort: 99 } }, as(admin));
    expect(created.data).toMatchObject({ key: 'cooking', name, sort: 99, post_num: 0 });
    const id = created.data.id;
    const again = await t.call(ops.opsCategoryCreate, { body: { key: 'cooking', name } }, as(admin));
    expect(again.msg).toBe('A category with this key already exists');

    const renamed = await t.call(
      ops.opsCategoryUpdate,
      { body: { id, name: { ...name, en_US: 'Food' }, sort: 98 } },
      as(admin),
    );
    expect(renamed.data).toMatchObject({ key: 'cooking', name: { en_US: 'Food' }, sort: 98 });
    t.clock.advance(10_001);
    const shown = await t.call(videoCalls.categoryList, {}, { lang: 'zh-CN' });
    expect(shown.data.find((c) => c.id === id)?.name).toBe('美食');

    await t.database.db.insert(userInterests).values({ userId: member.user.id, categoryId: id });
    expect((await t.call(ops.opsCategoryDelete, { body: { id } }, as(admin))).data).toEqual({ id });
    expect(await t.database.db.select().from(categories).where(eq(categories.id, id))).toEqual([]);
    expect((await t.call(ops.opsCategoryDelete, { body: { id } }, as(admin))).code).toBe(13010);
    expect((await t.call(ops.opsCategoryUpdate, { body: { id, name } }, as(admin))).code).toBe(13010);
    expect((await auditsOf('category', id)).map((a) => a.action)).toEqual([
      'category.create',
      'category.update',
      'category.delete',
    ]);
  });

  it('refuses to delete a category a video is filed under, even one taken down', async () => {
    const created = await t.call(ops.opsCategoryCreate, { body: { key: 'ops-travel', name } }, as(admin));
    const id = created.data.id;
    await createPost(t, member.user.id, { categoryId: id, status: 2 });
    const res = await t.call(ops.opsCategoryDelete, { body: { id } }, as(admin));
    expect(res.msg).toBe('Videos are filed under this category: it cannot be deleted');
    expect(await t.database.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(1);
    expect((await auditsOf('category', id)).map((a) => a.action)).toEqual(['category.create']);
  });

  it('refuses bad keys and names', async () => {
    const send = (body: Record<string, unknown>) => t.send(ops.opsCategoryCreate, { body }, as(admin));
    expect((await send({ key: 'Has Space', name })).code).toBe(422);
    expect((await send({ key: 'ok', name: { ...name, 'zh-TW': '' } })).code).toBe(422);
    expect((await send({ key: 'ok', name: { ...name, en_US: 'x'.repeat(41) } })).code).toBe(422);
  });
});
