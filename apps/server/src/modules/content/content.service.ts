import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { ApiLang, Banner, DocType, Localized } from '@taice/contract';
import { DEFAULT_API_LANG } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { ttlCache } from '../../platform/state/ttl-cache';
import { banners, documents, keyValues } from './content.schema';

/** Content changes rarely and is read on every visit: answers are kept this long. */
export const CONTENT_CACHE_MS = 10_000;

function pick(value: string | Localized, lang: ApiLang): string {
  return typeof value === 'string' ? value : (value[lang] ?? value[DEFAULT_API_LANG] ?? '');
}

export function createContentService(db: Db, clock: Clock) {
  const cached = {
    keyValue: ttlCache<{ key: string; value: string; updated_at: string } | { missing: true }>(clock, CONTENT_CACHE_MS),
    keyValues: ttlCache<Record<string, string>>(clock, CONTENT_CACHE_MS),
    banners: ttlCache<Banner[]>(clock, CONTENT_CACHE_MS),
    documents: ttlCache<{ type: DocType; title: string; content: string; updated_at: string } | { missing: true }>(
      clock,
      CONTENT_CACHE_MS,
    ),
  };

  return {
    async keyValue(key: string, lang: ApiLang) {
      const found = await cached.keyValue.get(`${lang}:${key}`, () => loadKeyValue(key, lang));
      if ('missing' in found) throw new AppError('key_not_found');
      return found;
    },

    keyValues(keys: string[], lang: ApiLang): Promise<Record<string, string>> {
      return cached.keyValues.get(`${lang}:${[...keys].sort().join(',')}`, () => loadKeyValues(keys, lang));
    },

    activeBanners(position: string, lang: ApiLang): Promise<Banner[]> {
      return cached.banners.get(`${lang}:${position}`, () => loadBanners(position, lang));
    },

    /** The document in the asked language, or in English when that translation is missing. */
    async document(type: DocType, lang: ApiLang) {
      const found = await cached.documents.get(`${lang}:${type}`, () => loadDocument(type, lang));
      if ('missing' in found) throw new AppError('doc_not_found');
      return found;
    },

    /** Drops every kept answer, so an operator's change shows at once (in this process). */
    forget(): void {
      for (const cache of Object.values(cached)) cache.clear();
    },
  };

  async function loadKeyValue(key: string, lang: ApiLang) {
    const [row] = await db
      .select()
      .from(keyValues)
      .where(and(eq(keyValues.key, key), eq(keyValues.isPublic, true)));
    if (!row) return { missing: true as const };
    return { key: row.key, value: pick(row.value, lang), updated_at: row.updatedAt.toISOString() };
  }

  async function loadKeyValues(keys: string[], lang: ApiLang): Promise<Record<string, string>> {
    const rows = await db
      .select({ key: keyValues.key, value: keyValues.value })
      .from(keyValues)
      .where(and(inArray(keyValues.key, keys), eq(keyValues.isPublic, true)));
    return Object.fromEntries(rows.map((r) => [r.key, pick(r.value, lang)]));
  }

  async function loadBanners(position: string, lang: ApiLang): Promise<Banner[]> {
    const now = clock.now();
    const rows = await db
      .select()
      .from(banners)
      .where(
        and(
          eq(banners.position, position),
          eq(banners.isActive, true),
          or(isNull(banners.startsAt), lte(banners.startsAt, now)),
          or(isNull(banners.endsAt), gt(banners.endsAt, now)),
        ),
      )
      .orderBy(asc(banners.sort), asc(banners.id));
    return rows.map((b) => ({
      id: b.id,
      title: pick(b.title, lang),
      subtitle: pick(b.subtitle, lang),
      image: b.image,
      link: b.link,
    }));
  }

  async function loadDocument(type: DocType, lang: ApiLang) {
    const rows = await db
      .select()
      .from(documents)
      .where(and(eq(documents.type, type), inArray(documents.lang, [lang, DEFAULT_API_LANG])));
    const doc = rows.find((r) => r.lang === lang) ?? rows[0];
    if (!doc) return { missing: true as const };
    return { type, title: doc.title, content: doc.content, updated_at: doc.updatedAt.toISOString() };
  }
}

export type ContentService = ReturnType<typeof createContentService>;
