import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import { businessDay } from '../../platform/time/business-day';
import type { Tx } from '../videos/video-events';
import { lockUserPoints } from './points-locks';
import { signIns, userDailyStats } from './points.schema';
import type { EarningDeps } from './earning-deps';
import type { PointsSnapshot } from './wallet';

const STREAK_DAYS = 7;

function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

export interface SignInState {
  today: string;
  signedToday: boolean;
  hasWatchedToday: boolean;
  /** Days of the current streak already signed (today included when signed). */
  streak: number;
  /** The streak day that signing in today is (or was). */
  nextDay: number;
  /** What signing in on `nextDay` pays, in hundredths: the day's reward and, on day 7, the bonus. */
  reward: number;
  bonus: number;
  rewards: number[];
  sevenDayBonus: number;
}

/** Sign-in state from the user's last sign-in and today's counted watches. */
function stateOf(
  today: string,
  last: { day: string; streakDay: number } | null,
  watched: number,
  table: number[],
  sevenDayBonus: number,
): SignInState {
  const signedToday = last?.day === today;
  const continues = last !== null && (signedToday || last.day === previousDay(today));
  const streak = continues ? last.streakDay : 0;
  const nextDay = signedToday ? last.streakDay : (streak % STREAK_DAYS) + 1;
  return {
    today,
    signedToday,
    hasWatchedToday: watched > 0,
    streak: signedToday ? streak : streak % STREAK_DAYS,
    nextDay,
    reward: table[nextDay - 1] ?? 0,
    bonus: nextDay === STREAK_DAYS ? sevenDayBonus : 0,
    rewards: table,
    sevenDayBonus,
  };
}

/**
 * Daily sign-in (product decisions): once per UTC+8 day, only after one
 * counted watch that day. Day n of a streak pays the configured reward of
 * day n; day 7 adds the 7-day bonus and the streak starts over; a missed day
 * resets it.
 */
export function createSignIn(deps: EarningDeps) {
  const { db, clock, ledger, setting, tasks, messages, config } = deps;

  async function state(tx: Tx, userId: number, at: Date): Promise<SignInState> {
    const today = businessDay(at);
    // One after another: inside a transaction they share one connection.
    const [last] = await tx
      .select()
      .from(signIns)
      .where(eq(signIns.userId, userId))
      .orderBy(desc(signIns.day))
      .limit(1);
    const [stats] = await tx
      .select({ watched: userDailyStats.watchedVideos })
      .from(userDailyStats)
      .where(and(eq(userDailyStats.userId, userId), eq(userDailyStats.day, today)));
    const table = await config.signInRewards(at, tx);
    const sevenDayBonus = await setting('sign_in.seven_day_bonus', at, tx);
    return stateOf(today, last ?? null, stats?.watched ?? 0, table, sevenDayBonus);
  }

  return {
    state: (userId: number, at: Date = clock.now()) => state(db, userId, at),
    /** The state from a points snapshot already read (wallet detail), with the configuration kept briefly. */
    async stateFrom(snapshot: PointsSnapshot, at: Date = clock.now()): Promise<SignInState> {
      const [table, sevenDayBonus] = await Promise.all([
        config.signInRewards(at),
        setting('sign_in.seven_day_bonus', at),
      ]);
      return stateOf(businessDay(at), snapshot.lastSignIn, snapshot.today.watchedVideos, table, sevenDayBonus);
    },
    /** The reward of each streak day, for visitors. */
    rewardTable: () => config.signInRewards(clock.now()),
    sevenDayBonus: () => setting('sign_in.seven_day_bonus'),

    async signIn(userId: number) {
      const at = clock.now();
      return db.transaction(async (tx) => {
        await lockUserPoints(tx, userId);
        const s = await state(tx, userId, at);
        if (s.signedToday) throw new AppError('sign_in_done');
        if (!s.hasWatchedToday) throw new AppError('sign_in_needs_watch');
        await tx
          .insert(signIns)
          .values({ userId, day: s.today, streakDay: s.nextDay, reward: s.reward, bonus: s.bonus });
        const total = s.reward + s.bonus;
        if (total > 0) {
          const paid = await ledger.credit(tx, {
            userId,
            amount: total,
            reason: 'sign_in',
            eventKey: `signin:${userId}:${s.today}`,
            bucket: 'spendable',
            memo: `day ${s.nextDay}`,
            at,
          });
          if (paid.moved && s.bonus > 0) {
            await messages.send(tx, {
              userId,
              template: 'seven_day_bonus',
              params: { amount: s.bonus },
              link: { kind: 'wallet', id: null },
            });
          }
        }
        await tasks.advance(tx, userId, 'sign_in', 'other', 1, at);
        const balances = await ledger.balances(userId, tx);
        return { day: s.nextDay, reward: s.reward, bonus: s.bonus, value: balances.spendable + balances.locked };
      });
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;
