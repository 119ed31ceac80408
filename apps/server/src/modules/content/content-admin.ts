import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  ApiLang,
  BannerInput,
  DocType,
  DocumentInput,
  Localized,
  OpsBanner,
  OpsDocument,
  OpsSetting,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { audit, type OperatorActor } from '../operators/operators.module';
import { banners, documents, keyValues } from './content.schema';

type BannerRow = typeof banners.$inferSelect;

function bannerView(b: BannerRow): OpsBanner {
  return {
    id: b.id,
    position: b.position as OpsBanner['position'],
    title: b.title,
    subtitle: b.subtitle,
    image: b.image,
    link: b.link,
    sort: b.sort,
    active: b.isActive,
    starts_at: b.startsAt?.toISOString() ?? null,
    ends_at: b.endsAt?.toISOString() ?? null,
    created_at: b.createdAt.toISOString(),
  };
}

function bannerRow(input: BannerInput) {
  return {
    position: input.position,
    title: input.title,
    subtitle: input.subtitle,
    image: input.image,
    link: input.link,
    sort: input.sort,
    isActive: input.active,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

const documentView = (d: typeof documents.$inferSelect): OpsDocument => ({
  type: d.type as DocType,
  lang: d.lang as ApiLang,
  title: d.title,
  content: d.content,
  updated_at: d.updatedAt.toISOString(),
});

const settingView = (s: typeof keyValues.$inferSelect): OpsSetting => ({
  key: s.key,
  value: s.value,
  description: s.description,
  updated_at: s.updatedAt.toISOString(),
});

/**
 * Site content as operators manage it: documents, banners and the public settings. Each change is one
 * transaction with its audit row (before and after); `changed` is told once it has committed.
 */
export function createContentAdmin(deps: { db: Db; clock: Clock; changed: () => void }) {
  const { db, clock } = deps;

  /** Runs `work` with the time of the change and its audit row, then tells `changed`. */
  async function change<T>(work: (tx: Tx, now: Date) => Promise<T>): Promise<T> {
    const result = await db.transaction((tx) => work(tx, clock.now()));
    deps.changed();
    return result;
  }

  async function lockedBanner(tx: Tx, id: number): Promise<BannerRow> {
    const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
    if (!row) throw new AppError('banner_not_found');
    return row;
  }

  return {
    async documents() {
      const rows = await db
        .select({
          type: documents.type,
          lang: documents.lang,
          title: documents.title,
          updatedAt: documents.updatedAt,
          length: sql<number>`char_length(${documents.content})`,
        })
        .from(documents)
        .orderBy(asc(documents.type), asc(documents.lang));
      return rows.map((d) => ({
        type: d.type as DocType,
        lang: d.lang as ApiLang,
        title: d.title,
        length: d.length,
        updated_at: d.updatedAt.toISOString(),
      }));
    },

    async document(type: DocType, lang: ApiLang): Promise<OpsDocument> {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.type, type), eq(documents.lang, lang)));
      if (!row) throw new AppError('doc_not_found');
      return documentView(row);
    },

    /** Writes one language of a document (made if missing); the audit row keeps both texts. */
    updateDocument(actor: OperatorActor, doc: DocumentInput): Promise<OpsDocument> {
      return change(async (tx, now) => {
        const where = and(eq(documents.type, doc.type), eq(documents.lang, doc.lang));
        const [before] = await tx.select().from(documents).where(where).for('update');
        const values = { type: doc.type, lang: doc.lang, title: doc.title, content: doc.content, updatedAt: now };
        const [after] = await tx
          .insert(documents)
          .values(values)
          .onConflictDoUpdate({ target: [documents.type, documents.lang], set: values })
          .returning();
        const shown = documentView(after!);
        const id = `${doc.type}:${doc.lang}`;
        const entry = { action: 'document.update', targetType: 'document', targetId: id, after: shown };
        await audit(tx, actor, { ...entry, before: before ? documentView(before) : null }, now);
        return shown;
      });
    },

    async banners(position?: string): Promise<OpsBanner[]> {
      const rows = await db
        .select()
        .from(banners)
        .where(position ? eq(banners.position, position) : undefined)
        .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));
      return rows.map(bannerView);
    },

    createBanner(actor: OperatorActor, input: BannerInput): Promise<OpsBanner> {
      return change(async (tx, now) => {
        const [row] = await tx
          .insert(banners)
          .values({ ...bannerRow(input), slug: `ops-${randomUUID()}`, createdAt: now })
          .returning();
        const shown = bannerView(row!);
        await audit(tx, actor, { action: 'banner.create', targetType: 'banner', targetId: row!.id, after: shown }, now);
        return shown;
      });
    },

    updateBanner(actor: OperatorActor, id: number, input: BannerInput): Promise<OpsBanner> {
      return change(async (tx, now) => {
        const before = bannerView(await lockedBanner(tx, id));
        const [row] = await tx.update(banners).set(bannerRow(input)).where(eq(banners.id, id)).returning();
        const after = bannerView(row!);
        await audit(tx, actor, { action: 'banner.update', targetType: 'banner', targetId: id, before, after }, now);
        return after;
      });
    },

    deleteBanner(actor: OperatorActor, id: number): Promise<{ id: number }> {
      return change(async (tx, now) => {
        const before = bannerView(await lockedBanner(tx, id));
        await tx.delete(banners).where(eq(banners.id, id));
        await audit(tx, actor, { action: 'banner.delete', targetType: 'banner', targetId: id, before }, now);
        return { id };
      });
    },

    /** The settings the keyValue calls serve; private ones (server configuration) are left to the CLI. */
    async settings(): Promise<OpsSetting[]> {
      const rows = await db.select().from(keyValues).where(eq(keyValues.isPublic, true)).orderBy(asc(keyValues.key));
      return rows.map(settingView);
    },

    updateSetting(actor: OperatorActor, key: string, value: string | Localized): Promise<OpsSetting> {
      return change(async (tx, now) => {
        const where = and(eq(keyValues.key, key), eq(keyValues.isPublic, true));
        const [before] = await tx.select().from(keyValues).where(where).for('update');
        if (!before) throw new AppError('key_not_found');
        const [row] = await tx.update(keyValues).set({ value, updatedAt: now }).where(where).returning();
        const after = settingView(row!);
        const entry = { action: 'setting.update', targetType: 'setting', targetId: key };
        await audit(tx, actor, { ...entry, before: settingView(before), after }, now);
        return after;
      });
    },
  };
}

export type ContentAdmin = ReturnType<typeof createContentAdmin>;
