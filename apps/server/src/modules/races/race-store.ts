import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { ApiLang, Localized, PrizeTier, Race, RaceStatus } from '@taice/contract';
import { API_LANGS } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { businessDay } from '../../platform/time/business-day';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { ttlCache } from '../../platform/state/ttl-cache';
import { raceLabel, raceLabelText, raceWindowAt, raceWindowOfDay, RACE_MS, type RaceWindow } from './race-calendar';
import { racePrizeTiers, raceEntries, races } from './races.schema';
import { taice } from '../../platform/money';

export type RaceRow = typeof races.$inferSelect;

/** Races are made this many weeks ahead by the scheduled job (the current one included). */
const WEEKS_AHEAD = 3;
/** How long a race's participant count may be stale: a count over a million entries is not a per-request read. */
const PARTICIPANTS_TTL_MS = 30_000;

/** A tier as the contract shows it (amounts in whole units of the currency). */
function tierOf(row: typeof racePrizeTiers.$inferSelect): PrizeTier {
  return {
    rank_from: row.rankFrom,
    rank_to: row.rankTo,
    amount: taice(row.amount),
    currency: row.currency,
    min_invites: row.minInvites,
    min_watched: row.minWatched,
    min_uploads: row.minUploads,
    ai_uploads: row.aiUploads,
    needs_wallet: row.needsWallet,
  };
}

/** The label in the three languages (rewards keep it). */
export function raceTitle(race: RaceRow): Localized {
  return Object.fromEntries(API_LANGS.map((lang) => [lang, raceLabelText(race, lang)])) as Localized;
}

/** The first and last business days of a race (its days' stats are counted between them). */
export function raceDays(race: Pick<RaceRow, 'startsAt'>): { first: string; last: string } {
  return {
    first: businessDay(race.startsAt),
    last: businessDay(new Date(race.startsAt.getTime() + RACE_MS - 1)),
  };
}

/**
 * The weekly races: made ahead by a job (and on demand, so an earning never lacks its race), each with
 * the prize table in force when it began.
 */
export function createRaceStore(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const byStart = new Map<number, RaceRow>();
  const participantCounts = ttlCache<{ n: number }>(clock, PARTICIPANTS_TTL_MS);

  /**
   * The race of `window` in `tx`, made if missing. A race made ahead takes its prize table when it begins, so a
   * change of the table applies from the next race.
   */
  async function find(tx: Tx, window: RaceWindow): Promise<RaceRow> {
    const known = byStart.get(window.startsAt.getTime());
    if (known && !known.closedAt) return known;
    await tx
      .insert(races)
      .values({ ...window, ...raceLabel(window.startsAt), prizes: null })
      .onConflictDoNothing();
    const [row] = await tx.select().from(races).where(eq(races.startsAt, window.startsAt));
    if (row!.prizes !== null || row!.startsAt > clock.now()) return row!;
    const tiers = await tx.select().from(racePrizeTiers).orderBy(asc(racePrizeTiers.rankFrom));
    await tx
      .update(races)
      .set({ prizes: tiers.map(tierOf) })
      .where(and(eq(races.id, row!.id), isNull(races.prizes)));
    const [frozen] = await tx.select().from(races).where(eq(races.id, row!.id));
    return frozen!;
  }

  /**
   * `find` in a transaction of its own, remembered once committed. An earning's transaction never fills the
   * cache: if it rolled back, a race it made would be remembered though it does not exist.
   */
  async function ensure(window: RaceWindow): Promise<RaceRow> {
    const known = byStart.get(window.startsAt.getTime());
    if (known && !known.closedAt) return known;
    const row = await db.transaction((tx) => find(tx, window));
    if (row.prizes !== null && !row.closedAt) byStart.set(row.startsAt.getTime(), row);
    return row;
  }

  function statusOf(race: RaceRow): RaceStatus {
    if (race.closedAt) return 'closed';
    return clock.now() < race.endsAt ? 'running' : 'closing';
  }

  async function participants(race: RaceRow): Promise<number> {
    const { n } = await participantCounts.get(String(race.id), async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(raceEntries)
        .where(and(eq(raceEntries.raceId, race.id), sql`${raceEntries.points} > 0`));
      return { n: row?.n ?? 0 };
    });
    return n;
  }

  /** The race as the contract shows it; `counted` is a participant count the caller already has (the index's). */
  async function toRace(race: RaceRow, lang: ApiLang, counted?: number): Promise<Race> {
    return {
      id: race.id,
      label: raceLabelText(race, lang),
      year: race.year,
      month: race.month,
      week: race.week,
      starts_at: race.startsAt.toISOString(),
      ends_at: race.endsAt.toISOString(),
      status: statusOf(race),
      participants: counted ?? (await participants(race)),
      prizes: race.prizes ?? [],
    };
  }

  /** One page of the races that have begun, newest first, and how many there are. */
  async function begunPage(page: PageRequest): Promise<{ rows: RaceRow[]; total: number }> {
    const begun = lte(races.startsAt, clock.now());
    const [rows, total] = await Promise.all([
      db.select().from(races).where(begun).orderBy(desc(races.startsAt)).limit(page.size).offset(offsetOf(page)),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(races)
        .where(begun),
    ]);
    return { rows, total: total[0]?.n ?? 0 };
  }

  return {
    toRace,
    statusOf,

    /** The race an earning of business day `day` counts for, in the earning's transaction. */
    forDay: (tx: Tx, day: string) => find(tx, raceWindowOfDay(day)),

    /** The race running now. */
    current: () => ensure(raceWindowAt(clock.now())),

    /** A race that has begun; one still ahead is as unknown as a missing one. */
    async begun(id: number): Promise<RaceRow> {
      const [row] = await db
        .select()
        .from(races)
        .where(and(eq(races.id, id), lte(races.startsAt, clock.now())));
      if (!row) throw new AppError('race_not_found');
      return row;
    },

    /** The scheduled job's work: this week's race and the next ones exist. */
    async createAhead(): Promise<void> {
      const start = raceWindowAt(clock.now()).startsAt.getTime();
      for (let week = 0; week < WEEKS_AHEAD; week += 1) {
        await ensure(raceWindowAt(new Date(start + week * RACE_MS)));
      }
    },

    begunPage,

    /** Races that have begun, newest first, as members see them. */
    async list(page: PageRequest, lang: ApiLang) {
      const { rows, total } = await begunPage(page);
      return pageResult(await Promise.all(rows.map((r) => toRace(r, lang))), total, page);
    },

    /** Races begun and not closed: the ones whose ranking still moves. */
    async open(): Promise<RaceRow[]> {
      return db
        .select()
        .from(races)
        .where(and(isNull(races.closedAt), lte(races.startsAt, clock.now())));
    },

    /** Ended races not yet closed, oldest first, as of `before`. */
    async due(before: Date): Promise<RaceRow[]> {
      return db
        .select()
        .from(races)
        .where(and(isNull(races.closedAt), lte(races.endsAt, before)))
        .orderBy(asc(races.startsAt));
    },

    /** Forgets what this process knows of a race (it was closed). */
    forget(race: RaceRow): void {
      byStart.delete(race.startsAt.getTime());
    },
  };
}

export type RaceStore = ReturnType<typeof createRaceStore>;
