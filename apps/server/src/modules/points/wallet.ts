import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { LedgerReason } from '@taice/contract';
import { batchedReads } from '../../platform/turn/batched-reads';
import { businessDay, businessWeek } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import type { Bucket, Ledger } from './ledger';
import {
  dailyGroupCompletions,
  ledgerAccounts,
  ledgerEntries,
  signIns,
  taskProgress,
  userActivity,
  userDailyStats,
} from './points.schema';

const CHART_DAYS = 30;
/**
 * Entries that earned something: credits, not the refund of a cancelled order or of a reward pool's unspent
 * part (a pool's reward to a viewer is what they got that day, so it shows; decision 050).
 */
const earned = sql`${ledgerEntries.userDelta} > 0 and ${ledgerEntries.reason} not in ('refund', 'pool_refund')`;
/** Reasons shown in the task point log. */
const TASK_REASONS: LedgerReason[] = [
  'sign_in',
  'new_user_reward',
  'referral_reward',
  'invite_task',
  'task_reward',
  'daily_task_issue',
];

/** One user's task progress row for a period (the day, the ISO week or `once`). */
export interface ProgressRow {
  templateId: number;
  period: string;
  progress: number;
  completedAt: string | null;
}

/**
 * Everything the wallet and task screens show about one user, read in one statement: balances,
 * today's credits, estimate and watch time, lifetime figures, the last sign-in, today's finished
 * daily groups and task progress of the current periods.
 */
export interface PointsSnapshot {
  balances: Record<Bucket, number>;
  today: {
    credited: number;
    estimated: number;
    watchSeconds: number;
    watchedVideos: number;
    lifetimeEarned: number;
    lifetimeWatchSeconds: number;
  };
  lastSignIn: { day: string; streakDay: number } | null;
  groupsDone: number;
  progress: ProgressRow[];
}

/** A user's balances, what they earned today, their ledger history and daily earnings. */
export function createWallet(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;
  const day = sql.placeholder('day');
  const balanceOf = (kind: Bucket) =>
    sql<
      number | null
    >`(select ${ledgerAccounts.balance} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${users.id} and ${ledgerAccounts.kind} = ${sql.raw(`'${kind}'`)})`.mapWith(
      Number,
    );
  // The wallet and task screens are read on every navigation: one statement, prepared once per
  // connection, for all the users whose screens are asked for at the same moment (decision 023).
  const snapshotQuery = db
    .select({
      userId: users.id,
      spendable: balanceOf('spendable'),
      locked: balanceOf('locked'),
      credited: sql<number>`(select coalesce(sum(${ledgerEntries.userDelta}), 0) from ${ledgerEntries}
        where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.day} = ${day} and ${earned})`.mapWith(Number),
      estimated: userDailyStats.estimated,
      issuedAt: userDailyStats.issuedAt,
      watchSeconds: userDailyStats.watchSeconds,
      watchedVideos: userDailyStats.watchedVideos,
      lifetimeEarned: users.lifetimeEarned,
      lifetimeWatchSeconds: sql<
        number | null
      >`(select ${userActivity.watchSeconds} from ${userActivity} where ${userActivity.userId} = ${users.id})`,
      lastSignIn: sql<{
        day: string;
        streakDay: number;
      } | null>`(select json_build_object('day', ${signIns.day}, 'streakDay', ${signIns.streakDay})
        from ${signIns} where ${signIns.userId} = ${users.id} order by ${signIns.day} desc limit 1)`,
      groupsDone: sql<number>`(select count(*)::int from ${dailyGroupCompletions}
        where ${dailyGroupCompletions.userId} = ${users.id} and ${dailyGroupCompletions.day} = ${day})`,
      progress: sql<ProgressRow[] | null>`(select json_agg(json_build_object('templateId', ${taskProgress.templateId},
        'period', ${taskProgress.period}, 'progress', ${taskProgress.progress}, 'completedAt', ${taskProgress.completedAt}))
        from ${taskProgress} where ${taskProgress.userId} = ${users.id}
          and ${taskProgress.period} in (${day}::text, ${sql.placeholder('week')}::text, 'once'))`,
    })
    .from(users)
    .leftJoin(userDailyStats, and(eq(userDailyStats.userId, users.id), eq(userDailyStats.day, day)))
    .where(sql`${users.id} = any(${sql.placeholder('users')})`)
    .prepare('points_snapshots');
  type SnapshotRow = Awaited<ReturnType<typeof snapshotQuery.execute>>[number];
  const snapshots = batchedReads<{ userId: number; at: Date }, SnapshotRow>({
    // One business day per statement (its day and week are parameters).
    groupOf: ({ at }) => businessDay(at),
    idOf: ({ userId }) => userId,
    async loadMany(keys) {
      const { at } = keys[0]!;
      const rows = await snapshotQuery.execute({
        users: keys.map((k) => k.userId),
        day: businessDay(at),
        week: businessWeek(at),
      });
      return new Map(rows.map((row) => [row.userId, row]));
    },
  });

  async function entries(where: SQL | undefined, page: PageRequest) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.id))
        .limit(page.size)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(ledgerEntries).where(where),
    ]);
    const list = rows.map((e) => ({
      id: e.id,
      amount: e.userDelta,
      reason: e.reason as LedgerReason,
      bucket: e.bucket as 'spendable' | 'locked',
      memo: e.memo,
      created_at: e.createdAt.toISOString(),
    }));
    return pageResult(list, total?.n ?? 0, page);
  }

  return {
    balances: (userId: number) => ledger.balances(userId),

    async snapshot(userId: number, at: Date = clock.now()): Promise<PointsSnapshot> {
      const row = await snapshots.load({ userId, at });
      return {
        balances: { spendable: row?.spendable ?? 0, locked: row?.locked ?? 0 },
        today: {
          credited: row?.credited ?? 0,
          estimated: row && row.estimated !== null && !row.issuedAt ? row.estimated : 0,
          watchSeconds: Math.floor(row?.watchSeconds ?? 0),
          watchedVideos: row?.watchedVideos ?? 0,
          lifetimeEarned: row?.lifetimeEarned ?? 0,
          lifetimeWatchSeconds: Math.floor(row?.lifetimeWatchSeconds ?? 0),
        },
        lastSignIn: row?.lastSignIn ?? null,
        groupsDone: row?.groupsDone ?? 0,
        progress: row?.progress ?? [],
      };
    },

    log(userId: number, reason: LedgerReason | undefined, page: PageRequest) {
      return entries(
        and(eq(ledgerEntries.userId, userId), reason ? eq(ledgerEntries.reason, reason) : undefined),
        page,
      );
    },

    taskLog(userId: number, page: PageRequest) {
      return entries(and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.reason, TASK_REASONS)), page);
    },

    /** Earnings per business day over the last 30 days, oldest first, days without earnings as 0. */
    async chart(userId: number, at: Date = clock.now()) {
      const days = Array.from({ length: CHART_DAYS }, (_, i) =>
        businessDay(new Date(at.getTime() - (CHART_DAYS - 1 - i) * 86_400_000)),
      );
      const rows = await db
        .select({ day: ledgerEntries.day, sum: sql<number>`sum(${ledgerEntries.userDelta})::bigint` })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), gte(ledgerEntries.day, days[0]!), earned))
        .groupBy(ledgerEntries.day);
      const byDay = new Map(rows.map((r) => [r.day, Number(r.sum)]));
      return days.map((day) => ({ day, amount: byDay.get(day) ?? 0 }));
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
