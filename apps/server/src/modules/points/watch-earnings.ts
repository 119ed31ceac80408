import { sql } from 'drizzle-orm';
import type { Tx, WatchEarning } from '../videos/video-events';
import type { Ledger } from './ledger';
import { lockUserPoints } from './points-locks';
import type { Referrals } from './referrals';
import type { PointsSetting } from './settings';
import type { Tasks } from './tasks';
import type { Messages } from '../messages/messages.module';

/** The SQL function that holds the rule (migration 0009, decision 027). */
const EARNINGS = 'taice_watch_earnings';

interface EarningRow extends Record<string, unknown> {
  first_today: boolean;
  finished_ids: number[] | null;
  finished_periods: string[] | null;
  group_done: number | null;
  new_user: boolean;
}

/** A beat of one member: the watch time it credited, and whether it counted the watch. */
export interface WatchBeat {
  userId: number;
  postId: number;
  seconds: number;
  counted: boolean;
  at: Date;
}

/**
 * What members earn by watching (decision 027). The rule is one set-based SQL function,
 * `taice_watch_earnings`: the heartbeats' batch applies it to many beats at once and leaves the beats
 * that pay to the full path, whose events apply it here to one beat and pay what it reports.
 */
export function createWatchEarnings(deps: {
  ledger: Ledger;
  tasks: Tasks;
  referrals: Referrals;
  setting: PointsSetting;
  messages: Pick<Messages, 'send'>;
}) {
  const { ledger, tasks, referrals, setting, messages } = deps;

  /** The function's arguments after the beats' and `held`: the watching tasks at `at`. */
  async function taskParams(at: Date): Promise<unknown[]> {
    const { day, tasks: list, dailyTasks, maxGroups } = await tasks.watchTasks(at);
    return [
      day,
      list.map((t) => t.id),
      list.map((t) => t.unit),
      list.map((t) => t.period),
      list.map((t) => t.target),
      list.map((t) => t.group),
      dailyTasks.map((t) => t.id),
      dailyTasks.map((t) => t.group),
      maxGroups,
    ];
  }

  return {
    /** The call the heartbeats' batch makes: it tries the members' points locks and applies what pays nothing. */
    async forBatch(at: Date): Promise<WatchEarning> {
      return { fn: EARNINGS, params: [false, ...(await taskParams(at))] };
    },

    /** One beat in the full path, in the action's transaction: applied under the member's lock, then paid. */
    async apply(tx: Tx, beat: WatchBeat): Promise<void> {
      const { userId, at } = beat;
      await lockUserPoints(tx, userId);
      const args = [[userId], [beat.postId], [beat.seconds], [beat.counted], true, ...(await taskParams(at))];
      const { rows } = await tx.execute<EarningRow>(
        sql`select * from ${sql.identifier(EARNINGS)}(${sql.join(
          args.map((v) => sql.param(v)),
          sql`, `,
        )})`,
      );
      const earned = rows[0]!;
      if (earned.new_user) {
        const amount = await setting('new_user_reward', at, tx);
        const paid = await ledger.credit(tx, {
          userId,
          amount,
          reason: 'new_user_reward',
          eventKey: `newuser:${userId}`,
          bucket: 'spendable',
          at,
        });
        if (paid.moved) {
          await messages.send(tx, {
            userId,
            template: 'new_user_reward',
            params: { amount },
            link: { kind: 'wallet', id: null },
          });
        }
      }
      const periods = earned.finished_periods ?? [];
      const finished = (earned.finished_ids ?? []).map((templateId, i) => ({ templateId, period: periods[i]! }));
      await tasks.pay(tx, userId, { tasks: finished, group: earned.group_done }, at);
      if (earned.first_today) await referrals.confirmIfDue(tx, userId, at);
    },
  };
}

export type WatchEarnings = ReturnType<typeof createWatchEarnings>;
