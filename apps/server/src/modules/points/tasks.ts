import { and, eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_API_LANG, type ApiLang, type Quest, type TaskKey, type TaskType } from '@taice/contract';
import { businessDay, businessWeek } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { Tx } from '../videos/video-events';
import type { EarningConfig, Template } from './earning-config';
import type { Ledger } from './ledger';
import { dailyGroupCompletions, taskProgress, userDailyStats } from './points.schema';
import type { PointsSetting } from './settings';
import type { PointsSnapshot } from './wallet';

export type Unit = 'time' | 'other';

/**
 * The tasks that watching advances: each in its period, with its target (seconds for watch time,
 * videos for counted watches); group 0 is not a daily task.
 */
export interface WatchTasks {
  /** Business day (`YYYY-MM-DD`). */
  day: string;
  maxGroups: number;
  tasks: { id: number; unit: Unit; period: string; target: number; group: number }[];
  /** Every daily task with its group (an open group is complete when all of its tasks are). */
  dailyTasks: { id: number; group: number }[];
}

/** Tasks an action finished (each in its period) and the daily group it completed, to be paid. */
export interface Finished {
  tasks: { templateId: number; period: string }[];
  group: number | null;
}

export function periodOf(taskType: string, at: Date): string {
  if (taskType === 'day') return businessDay(at);
  if (taskType === 'week') return businessWeek(at);
  return 'once';
}

/** What a template needs, in the unit progress is kept in (seconds for time tasks). */
function target(t: Template): number {
  return t.unitKey === 'time' ? t.totalNum * 60 : t.totalNum;
}

/**
 * Tasks: templates (configuration) and each user's progress per period.
 * Daily tasks come in groups of three; only the open group advances, and it
 * opens when the previous one is done. Finished daily tasks and group bonuses
 * add to the day's estimate (issued, locked, after the day ends); other
 * tasks pay their points into the spendable bucket at once, once.
 */
export function createTasks(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  setting: PointsSetting;
  config: EarningConfig;
}) {
  const { db, clock, ledger, setting, config } = deps;
  /** The templates offered at `at` (decision 046); inside a transaction pass it, so a cache miss needs no second connection. */
  const templates = (at: Date, tx?: Tx) => config.offered(at, tx);

  let described: { day: string; all: Template[]; value: WatchTasks } | null = null;

  async function completedGroups(tx: Tx, userId: number, day: string): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dailyGroupCompletions)
      .where(and(eq(dailyGroupCompletions.userId, userId), eq(dailyGroupCompletions.day, day)));
    return row?.n ?? 0;
  }

  async function addEstimate(tx: Tx, userId: number, day: string, amount: number) {
    await tx
      .insert(userDailyStats)
      .values({ userId, day, estimated: amount })
      .onConflictDoUpdate({
        target: [userDailyStats.userId, userDailyStats.day],
        set: { estimated: sql`${userDailyStats.estimated} + ${amount}` },
      });
  }

  /**
   * Adds `amount` to the progress of each template (each in its period) in one statement. Returns the
   * rows after it, and the daily templates of `group` that were finished before it.
   */
  async function addProgress(
    tx: Tx,
    userId: number,
    targets: { template: Template; period: string }[],
    amount: number,
    day: string,
    group: Template[],
  ) {
    const { rows } = await tx.execute<{
      template_id: number;
      period: string;
      progress: number;
      completed: boolean;
      added: boolean;
    }>(sql`
      with added as (
        insert into ${taskProgress} (user_id, template_id, period, progress)
        select ${userId}, t.id, t.period, ${amount}::real
        from unnest(${sql.param(targets.map((t) => t.template.id))}::int[], ${sql.param(targets.map((t) => t.period))}::text[]) as t(id, period)
        on conflict (user_id, template_id, period) do update set progress = ${taskProgress}.progress + excluded.progress
        returning template_id, period, progress, completed_at is not null as completed
      )
      select template_id, period, progress, completed, true as added from added
      union all
      select template_id, period, progress, true, false from ${taskProgress}
      where user_id = ${userId} and period = ${day} and completed_at is not null
        and template_id = any(${sql.param(group.map((t) => t.id))}::int[])`);
    return {
      added: rows.filter((r) => r.added),
      doneBefore: new Set(rows.filter((r) => !r.added).map((r) => r.template_id)),
    };
  }

  async function markCompleted(tx: Tx, userId: number, templateId: number, period: string, at: Date) {
    await tx
      .update(taskProgress)
      .set({ completedAt: at })
      .where(
        and(eq(taskProgress.userId, userId), eq(taskProgress.templateId, templateId), eq(taskProgress.period, period)),
      );
  }

  /**
   * Pays what an action finished: a daily task adds its points to the day's estimate, another task
   * pays them into the spendable bucket; a completed daily group adds its bonus to the estimate, once.
   */
  async function pay(tx: Tx, userId: number, finished: Finished, at: Date) {
    const day = businessDay(at);
    const all = await templates(at, tx);
    for (const { templateId, period } of finished.tasks) {
      const template = all.find((t) => t.id === templateId);
      if (!template) continue;
      await markCompleted(tx, userId, template.id, period, at);
      if (template.taskType === 'day') {
        await addEstimate(tx, userId, day, template.point);
        continue;
      }
      await ledger.credit(tx, {
        userId,
        amount: template.point,
        reason: 'task_reward',
        eventKey: `task:${userId}:${template.id}:${period}`,
        bucket: 'spendable',
        memo: template.code,
        at,
      });
    }
    if (finished.group === null) return;
    const [recorded] = await tx
      .insert(dailyGroupCompletions)
      .values({ userId, day, groupNo: finished.group, completedAt: at })
      .onConflictDoNothing()
      .returning({ groupNo: dailyGroupCompletions.groupNo });
    if (recorded) await addEstimate(tx, userId, day, await setting('daily.group_bonus', at, tx));
  }

  return {
    /**
     * Counts an action toward every task it serves. Call under the user's
     * points lock (lockUserPoints), inside the transaction of the action.
     */
    async advance(tx: Tx, userId: number, taskKey: TaskKey, unit: Unit, amount: number, at: Date = clock.now()) {
      const all = await templates(at, tx);
      const matching = all.filter((t) => t.taskKey === taskKey && t.unitKey === unit);
      if (matching.length === 0) return;
      // Daily tasks advance only in the open group; the other types in their own periods.
      const day = businessDay(at);
      const maxGroups = await setting('daily.max_groups', at, tx);
      const open = (await completedGroups(tx, userId, day)) + 1;
      const group = open > maxGroups ? [] : all.filter((t) => t.taskType === 'day' && t.groupNo === open);
      const targets = matching
        .filter((t) => (t.taskType === 'day' ? open <= maxGroups && t.groupNo === open : true))
        .map((template) => ({ template, period: periodOf(template.taskType, at) }));
      if (targets.length === 0 && group.length === 0) return;
      const { added, doneBefore } = await addProgress(tx, userId, targets, amount, day, group);
      const finished = targets
        .filter(({ template, period }) => {
          const row = added.find((r) => r.template_id === template.id && r.period === period);
          return row && !row.completed && row.progress >= target(template);
        })
        .map(({ template, period }) => ({ templateId: template.id, period }));
      const complete =
        group.length > 0 && group.every((t) => doneBefore.has(t.id) || finished.some((f) => f.templateId === t.id));
      await pay(tx, userId, { tasks: finished, group: complete ? open : null }, at);
    },

    pay,

    /** The tasks watching advances at `at` (for the points module's watch earnings). */
    async watchTasks(at: Date): Promise<WatchTasks> {
      const all = await templates(at);
      const maxGroups = await setting('daily.max_groups', at);
      const day = businessDay(at);
      // The same for every beat of a business day, until the templates or settings change.
      if (described?.day === day && described.all === all && described.value.maxGroups === maxGroups) {
        return described.value;
      }
      const value: WatchTasks = {
        day,
        maxGroups,
        tasks: all
          .filter((t) => t.taskKey === 'watch_video')
          .map((t) => ({
            id: t.id,
            unit: t.unitKey as Unit,
            period: periodOf(t.taskType, at),
            target: target(t),
            group: t.taskType === 'day' ? t.groupNo : 0,
          })),
        dailyTasks: all.filter((t) => t.taskType === 'day').map((t) => ({ id: t.id, group: t.groupNo })),
      };
      described = { day, all, value };
      return value;
    },

    /** The quests of one type with the user's progress (for daily tasks: the open group, or the last when all are done). */
    async quests(userId: number, taskType: TaskType, lang: ApiLang, at: Date = clock.now()) {
      const all = (await templates(at)).filter((t) => t.taskType === taskType);
      const groupsDone = taskType === 'day' ? await completedGroups(db, userId, businessDay(at)) : 0;
      const shown = await shownOf(all, taskType, groupsDone, at);
      const rows =
        shown.length === 0
          ? []
          : await db
              .select()
              .from(taskProgress)
              .where(
                and(
                  eq(taskProgress.userId, userId),
                  inArray(taskProgress.period, [businessDay(at), businessWeek(at), 'once']),
                  inArray(
                    taskProgress.templateId,
                    shown.map((t) => t.id),
                  ),
                ),
              );
      return questList(shown, rows, groupsDone, taskType, lang, at);
    },

    /** The same from a points snapshot already read (the task centre), without another query. */
    async questsFrom(snapshot: PointsSnapshot, taskType: TaskType, lang: ApiLang, at: Date = clock.now()) {
      const all = (await templates(at)).filter((t) => t.taskType === taskType);
      const groupsDone = taskType === 'day' ? snapshot.groupsDone : 0;
      const shown = await shownOf(all, taskType, groupsDone, at);
      return questList(shown, snapshot.progress, groupsDone, taskType, lang, at);
    },
  };

  async function shownOf(all: Template[], taskType: TaskType, groupsDone: number, at: Date) {
    const maxGroups = await setting('daily.max_groups', at);
    return taskType === 'day' ? all.filter((t) => t.groupNo === Math.min(groupsDone + 1, maxGroups)) : all;
  }

  async function questList(
    shown: Template[],
    rows: { templateId: number; period: string; progress: number; completedAt: Date | string | null }[],
    groupsDone: number,
    taskType: TaskType,
    lang: ApiLang,
    at: Date,
  ) {
    const quest: Quest[] = shown.map((t) => {
      const row = rows.find((r) => r.templateId === t.id && r.period === periodOf(t.taskType, at));
      const done = Boolean(row?.completedAt);
      const units = Math.floor((row?.progress ?? 0) / (t.unitKey === 'time' ? 60 : 1));
      return {
        id: t.id,
        task_name: t.name[lang] ?? t.name[DEFAULT_API_LANG],
        task_key: t.taskKey as TaskKey,
        unit_key: t.unitKey as Unit,
        complete_num: done ? t.totalNum : Math.min(units, t.totalNum),
        total_num: t.totalNum,
        point: t.point / 100,
        is_complete: done ? 1 : 0,
        group_no: t.groupNo,
      };
    });
    const [groupTotal, groupBonus] = await Promise.all([
      setting('daily.max_groups', at),
      setting('daily.group_bonus', at),
    ]);
    return { quest, groupNo: taskType === 'day' ? groupsDone + 1 : 0, groupTotal, groupBonus };
  }
}

export type Tasks = ReturnType<typeof createTasks>;
