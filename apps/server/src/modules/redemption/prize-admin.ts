import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  PRIZE_CODE_MAX_LENGTH,
  PRIZE_IMAGE_MAX_BYTES,
  PRIZE_MAX_IMAGES,
  type OpsPrize,
  type PrizeInput,
  type PrizeType,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Storage } from '../../platform/media/storage';
import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import { audit, type OperatorActor } from '../operators/operators.module';
import type { PrizeRow } from './catalogue';
import { prizeCodes, prizes } from './redemption.schema';
import { taice } from '../../platform/money';

const hundredths = (amount: number) => Math.round(amount * 100);
const dateOrNull = (iso: string | null) => (iso === null ? null : new Date(iso));
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const IMAGE_WIDTH = 800;

/** What an operator may change of a prize (every field optional; the type never changes). */
export type PrizeChange = Partial<Omit<PrizeInput, 'type' | 'stock'>> & { images?: string[] };

/**
 * Codes from CSV text: the first column of each line, surrounding quotes and spaces removed; blank
 * lines and a `code` header are skipped. `given` counts every code line, repeats included.
 */
export function parseCodes(csv: string): { codes: string[]; given: number } {
  const codes = new Set<string>();
  let given = 0;
  for (const [i, line] of csv.split(/\r?\n/).entries()) {
    const code = (line.split(',')[0] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim();
    if (code === '' || (i === 0 && code.toLowerCase() === 'code')) continue;
    if (code.length > PRIZE_CODE_MAX_LENGTH) throw new AppError('bad_request');
    codes.add(code);
    given += 1;
  }
  return { codes: [...codes], given };
}

/**
 * The catalogue as operators manage it, for the operator API and the CLI alike: create and change
 * prizes (texts in three languages, images in the media storage), set the stock, import the codes
 * of virtual products. Each change is one transaction with its audit row (before and after).
 */
export function createPrizeAdmin(deps: {
  db: Db;
  clock: Clock;
  storage: Storage; /** Told after each committed change to prizes or stock (the catalogue's pages). */
  changed?: () => void;
}) {
  const { db, clock, storage } = deps;

  /** A transaction that tells `changed` once it has committed. */
  const inTransaction = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const result = await db.transaction(work);
    deps.changed?.();
    return result;
  };
  const mediaUrl = (key: string) => storage.publicUrl(key);

  const freeCodes = (tx: Db | Tx, prizeId: number) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(prizeCodes)
      .where(and(eq(prizeCodes.prizeId, prizeId), isNull(prizeCodes.orderId)))
      .then((rows) => rows[0]?.n ?? 0);

  function view(p: PrizeRow, free: number): OpsPrize {
    return {
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
      images: p.images.map(mediaUrl),
      price: taice(p.price),
      stock: p.stock,
      free_codes: free,
      per_user_limit: p.perUserLimit,
      sale_starts_at: p.saleStartsAt?.toISOString() ?? null,
      sale_ends_at: p.saleEndsAt?.toISOString() ?? null,
      sort: p.sort,
      active: p.active,
      membership_days: p.membershipDays,
      updated_at: p.updatedAt.toISOString(),
    };
  }

  /** The prize, locked for the change. */
  async function locked(tx: Tx, id: number): Promise<PrizeRow> {
    const [prize] = await tx.select().from(prizes).where(eq(prizes.id, id)).for('update');
    if (!prize) throw new AppError('prize_not_found');
    return prize;
  }

  /** Applies `change` to the locked prize and audits it; returns the prize after. */
  async function change(
    actor: OperatorActor,
    id: number,
    action: string,
    make: (tx: Tx, before: PrizeRow) => Promise<Partial<typeof prizes.$inferInsert>>,
  ): Promise<OpsPrize> {
    return inTransaction(async (tx) => {
      const now = clock.now();
      const before = await locked(tx, id);
      const set = await make(tx, before);
      const [after] = await tx
        .update(prizes)
        .set({ ...set, updatedAt: now })
        .where(eq(prizes.id, id))
        .returning();
      const free = await freeCodes(tx, id);
      await audit(
        tx,
        actor,
        { action, targetType: 'prize', targetId: id, before: view(before, free), after: view(after!, free) },
        now,
      );
      return view(after!, free);
    });
  }

  return {
    async list(query: PageRequest & { type?: PrizeType }) {
      const where = query.type ? eq(prizes.type, query.type) : undefined;
      const rows = await db
        .select({
          prize: prizes,
          free: sql<number>`(select count(*)::int from ${prizeCodes} c where c.prize_id = "prizes"."id" and c.order_id is null)`,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(prizes)
        .where(where)
        .orderBy(asc(prizes.sort), asc(prizes.id))
        .limit(query.size)
        .offset(offsetOf(query));
      return pageResult(
        rows.map((r) => view(r.prize, r.free)),
        rows[0]?.total ?? 0,
        query,
      );
    },

    async create(actor: OperatorActor, input: PrizeInput): Promise<OpsPrize> {
      return inTransaction(async (tx) => {
        const now = clock.now();
        const [created] = await tx
          .insert(prizes)
          .values({
            type: input.type,
            name: input.name,
            description: input.description,
            price: hundredths(input.price),
            // Virtual products are stocked by their codes.
            stock: input.type === 'virtual' ? 0 : input.stock,
            perUserLimit: input.per_user_limit,
            saleStartsAt: dateOrNull(input.sale_starts_at),
            saleEndsAt: dateOrNull(input.sale_ends_at),
            sort: input.sort,
            active: input.active,
            membershipDays: input.membership_days,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const after = view(created!, 0);
        await audit(tx, actor, { action: 'prize.create', targetType: 'prize', targetId: created!.id, after }, now);
        return after;
      });
    },

    update: (actor: OperatorActor, id: number, c: PrizeChange) =>
      change(actor, id, 'prize.update', async (_tx, before) => {
        const starts = c.sale_starts_at === undefined ? before.saleStartsAt : dateOrNull(c.sale_starts_at);
        const ends = c.sale_ends_at === undefined ? before.saleEndsAt : dateOrNull(c.sale_ends_at);
        if (starts && ends && starts >= ends) throw new AppError('bad_request');
        if (
          (c.membership_days === null && before.type === 'membership') ||
          (c.membership_days && before.type !== 'membership')
        ) {
          throw new AppError('prize_wrong_type');
        }
        let images: string[] | undefined;
        if (c.images) {
          const byUrl = new Map(before.images.map((key) => [mediaUrl(key), key]));
          images = c.images.map((url) => {
            const key = byUrl.get(url);
            if (!key) throw new AppError('prize_image_unknown');
            return key;
          });
        }
        return {
          ...(c.name ? { name: c.name } : {}),
          ...(c.description ? { description: c.description } : {}),
          ...(c.price !== undefined ? { price: hundredths(c.price) } : {}),
          ...(c.per_user_limit !== undefined ? { perUserLimit: c.per_user_limit } : {}),
          saleStartsAt: starts,
          saleEndsAt: ends,
          ...(c.sort !== undefined ? { sort: c.sort } : {}),
          ...(c.active !== undefined ? { active: c.active } : {}),
          ...(c.membership_days ? { membershipDays: c.membership_days } : {}),
          ...(images ? { images } : {}),
        };
      }),

    setStock: (actor: OperatorActor, id: number, stock: number) =>
      change(actor, id, 'prize.stock', async (tx, before) => {
        if (before.type === 'virtual') {
          const free = await freeCodes(tx, id);
          if (stock > free) throw new AppError('prize_stock_over_codes', { codes: free });
        }
        return { stock };
      }),

    /** Stores an uploaded image (decoded, 800 px wide WebP) and adds it to the prize's images. */
    async addImage(actor: OperatorActor, id: number, data: Buffer): Promise<OpsPrize> {
      if (data.length === 0) throw new AppError('upload_type');
      if (data.length > PRIZE_IMAGE_MAX_BYTES)
        throw new AppError('upload_too_large', { mb: PRIZE_IMAGE_MAX_BYTES / 1024 / 1024 });
      const { default: sharp } = await import('sharp');
      let webp: Buffer;
      try {
        const image = sharp(data, { limitInputPixels: 40_000_000 });
        const { format } = await image.metadata();
        if (!format || !IMAGE_FORMATS.has(format)) throw new AppError('upload_type');
        webp = await image
          .rotate()
          .resize({ width: IMAGE_WIDTH, withoutEnlargement: true })
          .webp({ quality: 84 })
          .toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError('upload_type');
      }
      const key = `prizes/${id}/${randomBytes(12).toString('hex')}.webp`;
      // Stored first: a key the prize never takes up is an unused file, never a missing one.
      await storage.put(key, webp, 'image/webp');
      return change(actor, id, 'prize.image', async (_tx, before) => {
        if (before.images.length >= PRIZE_MAX_IMAGES)
          throw new AppError('prize_images_limit', { max: PRIZE_MAX_IMAGES });
        return { images: [...before.images, key] };
      });
    },

    /** Adds the codes of `csv` to a virtual product's pool; each new code is one more in stock. */
    async importCodes(actor: OperatorActor, prizeId: number, csv: string) {
      const { codes, given } = parseCodes(csv);
      if (codes.length === 0) throw new AppError('prize_codes_empty');
      return inTransaction(async (tx) => {
        const now = clock.now();
        const before = await locked(tx, prizeId);
        if (before.type !== 'virtual') throw new AppError('prize_wrong_type');
        let imported = 0;
        for (let i = 0; i < codes.length; i += 1_000) {
          const added = await tx
            .insert(prizeCodes)
            .values(codes.slice(i, i + 1_000).map((code) => ({ prizeId, code, createdAt: now })))
            .onConflictDoNothing()
            .returning({ id: prizeCodes.id });
          imported += added.length;
        }
        const [after] = await tx
          .update(prizes)
          .set({ stock: sql`${prizes.stock} + ${imported}`, updatedAt: now })
          .where(eq(prizes.id, prizeId))
          .returning({ stock: prizes.stock });
        const free = await freeCodes(tx, prizeId);
        const result = { imported, duplicates: given - imported, stock: after!.stock, free_codes: free };
        // The codes themselves are secrets: the log keeps how many.
        await audit(
          tx,
          actor,
          {
            action: 'prize.codes',
            targetType: 'prize',
            targetId: prizeId,
            before: { stock: before.stock },
            after: result,
          },
          now,
        );
        return result;
      });
    },
  };
}

export type PrizeAdmin = ReturnType<typeof createPrizeAdmin>;
