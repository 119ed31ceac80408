import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { businessDay } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Ledger } from './ledger';
import { userDailyStats } from './points.schema';

/** A day is issued this long after it ends, so a task finished at 23:59:59 still makes it. */
const GRACE_MS = 5 * 60_000;
const BATCH = 200;

/**
 * Issues each finished day's daily-task TAICE into the locked bucket. It
 * looks for every past day not yet issued, so it catches up after downtime;
 * the ledger's event key `daily:{user}:{day}` and the row lock make running
 * it twice, or on several processes at once, harmless.
 */
export function createIssuance(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

  /** Issues every due day; returns how many user-days were issued. */
  async function issueDue(): Promise<number> {
    const due = businessDay(new Date(clock.now().getTime() - GRACE_MS));
    let issued = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(userDailyStats)
          .where(
            and(lt(userDailyStats.day, due), isNull(userDailyStats.issuedAt), sql`${userDailyStats.estimated} > 0`),
          )
          .orderBy(desc(userDailyStats.userId))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          await ledger.credit(tx, {
            userId: row.userId,
            amount: row.estimated,
            reason: 'daily_task_issue',
            eventKey: `daily:${row.userId}:${row.day}`,
            bucket: 'locked',
            memo: row.day,
            at: clock.now(),
            day: row.day,
          });
          await tx
            .update(userDailyStats)
            .set({ issuedAt: clock.now() })
            .where(and(eq(userDailyStats.userId, row.userId), eq(userDailyStats.day, row.day)));
        }
        return rows.length;
      });
      issued += batch;
      if (batch < BATCH) return issued;
    }
  }

  return { issueDue };
}

export type Issuance = ReturnType<typeof createIssuance>;
