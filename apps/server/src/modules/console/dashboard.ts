import { gte, sql } from 'drizzle-orm';
import type { Dashboard, DashboardDay, DashboardDays } from '@taice/contract';
import { businessDay } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { ttlCache } from '../../platform/state/ttl-cache';
import { opsDailyTotals } from './console.schema';
import { taice } from '../../platform/money';

/** A day is rolled up this long after it ends at the earliest (heartbeats and tasks still landing on it). */
const GRACE_MS = 10 * 60_000;
/** Today's figures are read live, at most once a minute per process and range. */
const CACHE_MS = 60_000;
const DAY_MS = 86_400_000;

type Totals = Omit<typeof opsDailyTotals.$inferSelect, 'computedAt'>;

/** `YYYY-MM-DD` `n` days after `day`. */
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The instant a business day (UTC+8) starts. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * The operators' dashboard (decision 045). Closed days come from `ops_daily_totals`, one row each; a closed
 * day not rolled up yet (and today) is computed from the indexed rows of those days alone: sign-ups by
 * `users.created_at`, activity from `user_daily_stats` by day, TAICE from `ledger_entries` by day, never a
 * scan of the whole ledger. A day is closed once it ended, its grace passed and its daily-task TAICE is
 * issued (the issuance job writes entries of the day after it ends).
 */
export function createDashboard(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const cache = ttlCache<Dashboard>(clock, CACHE_MS);

  /** The figures of the days from `first` to `last`, from their rows. */
  async function compute(first: string, last: string): Promise<Map<string, Totals>> {
    const end = plusDays(last, 1);
    const [signups, activity, money] = await Promise.all([
      db.execute<{ day: string; n: number }>(sql`
        select to_char(created_at at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD') as day, count(*)::int as n
        from users where created_at >= ${startOf(first)} and created_at < ${startOf(end)} group by 1`),
      db.execute<{ day: string; n: number; seconds: number }>(sql`
        select day::text, count(*)::int as n, coalesce(sum(watch_seconds), 0)::float8 as seconds
        from user_daily_stats where day >= ${first} and day < ${end} group by day`),
      db.execute<{ day: string; issued: number; adjusted: number; spent: number; refunded: number }>(sql`
        with sys as (select id, kind from ledger_accounts where user_id is null)
        select e.day::text,
          coalesce(sum(e.amount) filter (where f.kind = 'issuance'), 0)::float8 as issued,
          coalesce(sum(e.user_delta) filter (where f.kind = 'adjustments' or t.kind = 'adjustments'), 0)::float8 as adjusted,
          coalesce(sum(e.amount) filter (where t.kind = 'redemption'), 0)::float8 as spent,
          coalesce(sum(e.amount) filter (where f.kind = 'redemption'), 0)::float8 as refunded
        from ledger_entries e
        left join sys f on f.id = e.from_account_id
        left join sys t on t.id = e.to_account_id
        where e.day >= ${first} and e.day < ${end} group by e.day`),
    ]);
    const days = new Map<string, Totals>();
    for (let day = first; day <= last; day = plusDays(day, 1)) {
      days.set(day, {
        day,
        signups: 0,
        activeUsers: 0,
        watchSeconds: 0,
        issued: 0,
        adjusted: 0,
        spent: 0,
        refunded: 0,
      });
    }
    for (const r of signups.rows) days.get(r.day)!.signups = r.n;
    for (const r of activity.rows) Object.assign(days.get(r.day)!, { activeUsers: r.n, watchSeconds: r.seconds });
    for (const { day, ...amounts } of money.rows) Object.assign(days.get(day)!, amounts);
    return days;
  }

  /** The days of the range, rolling up the closed ones not rolled up yet. */
  async function daysOf(count: DashboardDays): Promise<Totals[]> {
    const now = clock.now();
    const today = businessDay(now);
    const first = plusDays(today, 1 - count);
    const closedBefore = businessDay(new Date(now.getTime() - GRACE_MS));
    const stored = new Map(
      (await db.select().from(opsDailyTotals).where(gte(opsDailyTotals.day, first))).map((r) => [r.day, r]),
    );
    const range = Array.from({ length: count }, (_, i) => plusDays(first, i));
    const missing = range.filter((day) => !stored.has(day));
    const live = await compute(missing[0]!, today);
    const unissued = new Set(
      (
        await db.execute<{ day: string }>(sql`
          select distinct day::text from user_daily_stats
          where issued_at is null and estimated > 0 and day >= ${missing[0]!} and day < ${closedBefore}`)
      ).rows.map((r) => r.day),
    );
    const closed = missing.filter((day) => day < closedBefore && !unissued.has(day)).map((day) => live.get(day)!);
    if (closed.length > 0) await db.insert(opsDailyTotals).values(closed).onConflictDoNothing();
    return range.map((day) => stored.get(day) ?? live.get(day)!);
  }

  async function queues() {
    const [row] = (
      await db.execute<{ orders: number; pending: number; approved: number }>(sql`
        select (select count(*)::int from prize_orders where status = 'not_shipped') as orders,
          (select count(*)::int from user_rewards where status = 'pending') as pending,
          (select count(*)::int from user_rewards where status = 'approved') as approved`)
    ).rows;
    return { orders_waiting: row!.orders, rewards_pending: row!.pending, payouts_waiting: row!.approved };
  }

  const view = (t: Totals): DashboardDay => ({
    day: t.day,
    signups: t.signups,
    active_users: t.activeUsers,
    watch_seconds: Math.round(t.watchSeconds),
    issued: taice(t.issued),
    adjusted: taice(t.adjusted),
    spent: taice(t.spent),
    refunded: taice(t.refunded),
    // Chain payouts come with a later issue (issue 20); nothing leaves the ledger that way yet.
    cashed_out: 0,
  });

  return {
    get: (days: DashboardDays): Promise<Dashboard> =>
      cache.get(String(days), async () => ({ days: (await daysOf(days)).map(view), ...(await queues()) })),
    /** Rolls up the closed days of the longest range (the daily job), so no request waits for them. */
    async rollUp(): Promise<void> {
      await daysOf(90);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboard>;
