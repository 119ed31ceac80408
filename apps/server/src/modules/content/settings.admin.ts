import { asc, eq } from 'drizzle-orm';
import { API_LANGS, type ApiLang, type Localized } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { keyValues } from './content.schema';

/** Operator access to the settings table (`npm run ops -- config ...`). */
export function settingsAdmin(db: Db) {
  return {
    list() {
      return db.select().from(keyValues).orderBy(asc(keyValues.key));
    },

    async get(key: string) {
      const [row] = await db.select().from(keyValues).where(eq(keyValues.key, key));
      return row ?? null;
    },

    /**
     * Sets a value for every language, or (with `lang`) for one language,
     * keeping the others; a new key is public unless said otherwise.
     */
    async set(key: string, value: string, options: { lang?: ApiLang; isPublic?: boolean; description?: string } = {}) {
      const existing = await this.get(key);
      let stored: string | Localized = value;
      if (options.lang) {
        const base = existing?.value ?? '';
        const current: Localized =
          typeof base === 'string' ? (Object.fromEntries(API_LANGS.map((l) => [l, base])) as Localized) : { ...base };
        stored = { ...current, [options.lang]: value };
      }
      const [row] = await db
        .insert(keyValues)
        .values({
          key,
          value: stored,
          isPublic: options.isPublic ?? existing?.isPublic ?? true,
          description: options.description ?? existing?.description ?? '',
        })
        .onConflictDoUpdate({
          target: keyValues.key,
          set: {
            value: stored,
            ...(options.isPublic === undefined ? {} : { isPublic: options.isPublic }),
            ...(options.description === undefined ? {} : { description: options.description }),
            updatedAt: new Date(),
          },
        })
        .returning();
      return row!;
    },
  };
}
