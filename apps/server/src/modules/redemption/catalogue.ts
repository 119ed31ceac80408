import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { ApiLang, Prize, PrizeAvailability, PrizeType } from '@taice/contract';
import { batchedReads } from '../../platform/turn/batched-reads';
import { ttlCache } from '../../platform/state/ttl-cache';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { prizes } from './redemption.schema';
import { taice } from '../../platform/money';

export type PrizeRow = typeof prizes.$inferSelect;

/** What a caller holds and can spend, for the catalogue's per-caller fields. */
export interface Caller {
  spendable: number;
  /** Orders not cancelled, by prize id. */
  held: Record<string, number>;
}

/** Why the prize can or cannot be exchanged now, ignoring who asks (see `availabilityFor`). */
export function saleState(prize: PrizeRow, now: Date): 'not_started' | 'ended' | 'sold_out' | 'available' {
  if (prize.saleStartsAt && now < prize.saleStartsAt) return 'not_started';
  if (prize.saleEndsAt && now >= prize.saleEndsAt) return 'ended';
  if (prize.stock <= 0) return 'sold_out';
  return 'available';
}

export function remainingLimit(prize: PrizeRow, held: number): number | null {
  return prize.perUserLimit === null ? null : Math.max(0, prize.perUserLimit - held);
}

/** A prize as the wire shows it, in the caller's language, with the caller's limit and affordability. */
export function prizeView(
  prize: PrizeRow,
  lang: ApiLang,
  now: Date,
  caller: Caller | null,
  mediaUrl: (key: string) => string,
): Prize {
  const remaining = caller ? remainingLimit(prize, caller.held[prize.id] ?? 0) : null;
  const state = saleState(prize, now);
  const availability: PrizeAvailability = state === 'available' && remaining === 0 ? 'limit_reached' : state;
  return {
    id: prize.id,
    type: prize.type,
    name: prize.name[lang],
    description: prize.description[lang],
    images: prize.images.map(mediaUrl),
    price: taice(prize.price),
    stock_left: prize.stock,
    per_user_limit: prize.perUserLimit,
    remaining_limit: remaining,
    can_afford: caller !== null && caller.spendable >= prize.price,
    availability,
    sale_starts_at: prize.saleStartsAt?.toISOString() ?? null,
    sale_ends_at: prize.saleEndsAt?.toISOString() ?? null,
    membership_days: prize.membershipDays,
  };
}

/** How long a catalogue page is shown again without reading it (changes made elsewhere show after this). */
export const PAGE_CACHE_MS = 1_000;

/**
 * The catalogue (prize/list), read on every visit of the redemption center. A page is the same for
 * everyone: it is read at most once a second (and again at once after a change made by this process).
 * What is the caller's own (balance, holdings) is read fresh for every request; the requests that
 * arrive together share that read (decision 023). Both are index lookups (`prizes_listing*`, the
 * ledger account, `prize_orders_by_user_prize`), never a scan of orders or entries.
 */
export function createCatalogue(deps: { db: Db; clock: Clock; mediaUrl: (key: string) => string }) {
  const { db, clock, mediaUrl } = deps;
  interface PageKey extends PageRequest {
    type: PrizeType | undefined;
  }
  const keyOf = (k: PageKey) => `${k.type ?? 'all'}:${k.page}:${k.size}`;

  /** Raised by every change this process makes to prizes or stock, so its own changes show at once. */
  let version = 0;
  const recent = ttlCache<{ rows: PrizeRow[]; total: number }>(clock, PAGE_CACHE_MS);
  const pages = batchedReads<PageKey, { rows: PrizeRow[]; total: number }>({
    groupOf: keyOf,
    idOf: keyOf,
    async loadMany([key]) {
      const where = and(eq(prizes.active, true), key!.type ? eq(prizes.type, key!.type) : undefined);
      const rows = await db
        .select({ prize: prizes, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(prizes)
        .where(where)
        .orderBy(asc(prizes.sort), asc(prizes.id))
        .limit(key!.size)
        .offset(offsetOf(key!));
      // Past the last page no row carries the total.
      const total =
        rows[0]?.total ??
        (key!.page > 1 ? ((await db.select({ n: count() }).from(prizes).where(where))[0]?.n ?? 0) : 0);
      return new Map([[keyOf(key!), { rows: rows.map((r) => r.prize), total }]]);
    },
  });

  const callers = batchedReads<number, Caller>({
    groupOf: () => 'callers',
    idOf: (userId) => userId,
    async loadMany(userIds) {
      const result = await db.execute<{
        id: number;
        spendable: string | number | null;
        held: Record<string, number> | null;
      }>(sql`
        select u.id,
          (select a.balance from ledger_accounts a where a.user_id = u.id and a.kind = 'spendable') as spendable,
          (select json_object_agg(h.prize_id, h.n) from (
            select o.prize_id, count(*)::int as n from prize_orders o
            where o.user_id = u.id and o.status <> 'cancelled' group by o.prize_id) h) as held
        from unnest(${`{${userIds.join(',')}}`}::int[]) as u(id)`);
      return new Map(
        result.rows.map((r) => [r.id, { spendable: Number(r.spendable ?? 0), held: r.held ?? {} }] as const),
      );
    },
  });

  return {
    /** A prize or its stock changed (an exchange, a cancel, an operator): pages read before are not shown again. */
    changed() {
      version += 1;
    },

    async list(query: PageRequest & { type?: PrizeType }, lang: ApiLang, userId: number | null) {
      const key = { type: query.type, page: query.page, size: query.size };
      const [page, caller] = await Promise.all([
        recent.get(`${version}:${keyOf(key)}`, async () => (await pages.load(key))!),
        userId === null ? null : callers.load(userId),
      ]);
      const now = clock.now();
      const list = (page?.rows ?? []).map((p) => prizeView(p, lang, now, caller ?? null, mediaUrl));
      return pageResult(list, page?.total ?? 0, query);
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
