import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { LedgerReason } from '@taice/contract';
import { businessDay } from '../../platform/business-day';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import { offsetOf, pageResult, type PageRequest } from '../../platform/paging';
import { users } from '../accounts/accounts.schema';
import type { Ledger } from './ledger';
import { ledgerEntries, userActivity, userDailyStats } from './points.schema';

const CHART_DAYS = 30;
/** Reasons shown in the task point log. */
const TASK_REASONS: LedgerReason[] = [
  'sign_in',
  'new_user_reward',
  'referral_reward',
  'invite_task',
  'task_reward',
  'daily_task_issue',
];

/** A user's balances, what they earned today, their ledger history and daily earnings. */
export function createWallet(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

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

    /** Today (UTC+8): TAICE credited, daily-task TAICE waiting for issuance, and watch time. */
    async today(userId: number, at: Date = clock.now()) {
      const day = businessDay(at);
      const [[credited], [stats], [lifetime]] = await Promise.all([
        db
          .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.userDelta}), 0)::bigint` })
          .from(ledgerEntries)
          .where(
            and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.day, day), sql`${ledgerEntries.userDelta} > 0`),
          ),
        db
          .select()
          .from(userDailyStats)
          .where(and(eq(userDailyStats.userId, userId), eq(userDailyStats.day, day))),
        db
          .select({ earned: users.lifetimeEarned, watchSeconds: userActivity.watchSeconds })
          .from(users)
          .leftJoin(userActivity, eq(userActivity.userId, users.id))
          .where(eq(users.id, userId)),
      ]);
      return {
        credited: Number(credited?.sum ?? 0),
        estimated: stats && !stats.issuedAt ? stats.estimated : 0,
        watchSeconds: Math.floor(stats?.watchSeconds ?? 0),
        lifetimeEarned: lifetime?.earned ?? 0,
        lifetimeWatchSeconds: Math.floor(lifetime?.watchSeconds ?? 0),
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
        .where(
          and(eq(ledgerEntries.userId, userId), gte(ledgerEntries.day, days[0]!), sql`${ledgerEntries.userDelta} > 0`),
        )
        .groupBy(ledgerEntries.day);
      const byDay = new Map(rows.map((r) => [r.day, Number(r.sum)]));
      return days.map((day) => ({ day, amount: byDay.get(day) ?? 0 }));
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
