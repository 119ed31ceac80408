import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { ApiLang, Banner, DocType, Localized } from '@taice/contract';
import { DEFAULT_API_LANG } from '@taice/contract';
import { AppError } from '../../platform/app-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import { banners, documents, keyValues } from './content.schema';

function pick(value: string | Localized, lang: ApiLang): string {
  return typeof value === 'string' ? value : (value[lang] ?? value[DEFAULT_API_LANG] ?? '');
}

export function createContentService(db: Db, clock: Clock) {
  return {
    async keyValue(key: string, lang: ApiLang) {
      const [row] = await db
        .select()
        .from(keyValues)
        .where(and(eq(keyValues.key, key), eq(keyValues.isPublic, true)));
      if (!row) throw new AppError('key_not_found');
      return { key: row.key, value: pick(row.value, lang), updated_at: row.updatedAt.toISOString() };
    },

    async keyValues(keys: string[], lang: ApiLang): Promise<Record<string, string>> {
      const rows = await db
        .select({ key: keyValues.key, value: keyValues.value })
        .from(keyValues)
        .where(and(inArray(keyValues.key, keys), eq(keyValues.isPublic, true)));
      return Object.fromEntries(rows.map((r) => [r.key, pick(r.value, lang)]));
    },

    async activeBanners(position: string, lang: ApiLang): Promise<Banner[]> {
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
    },

    /** The document in the asked language, or in English when that translation is missing. */
    async document(type: DocType, lang: ApiLang) {
      const rows = await db
        .select()
        .from(documents)
        .where(and(eq(documents.type, type), inArray(documents.lang, [lang, DEFAULT_API_LANG])));
      const doc = rows.find((r) => r.lang === lang) ?? rows[0];
      if (!doc) throw new AppError('doc_not_found');
      return { type, title: doc.title, content: doc.content, updated_at: doc.updatedAt.toISOString() };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
