import { and, count, desc, eq, gt, isNotNull, isNull, lte, max, sql, type SQL } from 'drizzle-orm';
import {
  EARNING_SCHEDULE_MAX_DAYS,
  type EarningAmounts,
  type EarningChangeStatus,
  type EarningConfig as EarningConfigView,
  type EarningInviteTasks,
  type EarningLevels,
  type EarningSection,
  type EarningSignIn,
  type OpsEarningChange,
  type TaskFields,
  type TaskType,
} from '@taice/contract';
import type { ConfigVersions } from '../../platform/config/config-versions';
import { configVersions } from '../../platform/config/config-versions.schema';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import { users } from '../accounts/accounts.schema';
import type { LevelsService } from '../levels/levels.module';
import { audit, type OperatorActor } from '../operators/operators.module';
import { templateFields, type EarningConfig } from './earning-config';
import { inviteTasks, taskTemplates } from './points.schema';

/** A time this little in the past (a slow request, a clock a little behind) still means now. */
const PAST_GRACE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Before any version: what a section's base table holds. */
const BEGINNING = new Date(-8.64e15);

type Value = Record<string, unknown>;
type ChangeRow = typeof configVersions.$inferSelect;

/**
 * Operators' changes of the earning configuration (decision 046): each names the time it applies from and
 * becomes a version of its section, written with its audit row in one transaction; the rules read the version in
 * force at their event's time (earning-config.ts), so what was earned before is never recomputed.
 */
export function createEarningOps(deps: {
  db: Db;
  clock: Clock;
  versions: ConfigVersions;
  config: EarningConfig;
  levels: LevelsService;
}) {
  const { db, clock, versions, config, levels } = deps;

  /** A section (for `task`, one task) in force at `at`, as the API shows it; undefined for a task not there then. */
  async function valueAt(section: EarningSection, target: string, at: Date): Promise<Value | undefined> {
    switch (section) {
      case 'amounts':
        return config.amounts(at);
      case 'sign_in':
        return config.signIn(at);
      case 'invite_tasks':
        return {
          milestones: (await config.milestones(at)).map((m) => ({ invite_num: m.inviteNum, point: m.point / 100 })),
        };
      case 'levels':
        return { thresholds: (await levels.thresholds(at)).map((v) => v / 100) };
      case 'task': {
        const task = (await config.templates(at)).find((t) => t.code === target);
        return task && templateFields(task);
      }
    }
  }

  /** The requested time, or now; refused in the past and too far ahead. */
  function effectiveTime(requested: string | null, now: Date): Date {
    if (requested === null) return now;
    const at = new Date(requested);
    if (at.getTime() < now.getTime() - PAST_GRACE_MS) throw new AppError('earning_change_in_past');
    if (at.getTime() > now.getTime() + EARNING_SCHEDULE_MAX_DAYS * DAY_MS) {
      throw new AppError('earning_change_too_far', { days: EARNING_SCHEDULE_MAX_DAYS });
    }
    return at < now ? now : at;
  }

  const statusOf = (row: ChangeRow, now: Date): EarningChangeStatus =>
    row.cancelledAt ? 'cancelled' : row.effectiveAt > now ? 'scheduled' : 'applied';

  const previous = sql<Value | null>`(
    select p.value from ${configVersions} p
    where p.section = ${configVersions.section} and p.target = ${configVersions.target} and p.cancelled_at is null
      and (p.effective_at, p.id) < (${configVersions.effectiveAt}, ${configVersions.id})
    order by p.effective_at desc, p.id desc limit 1)`;

  const statusWhere = (status: EarningChangeStatus, now: Date): SQL | undefined =>
    status === 'cancelled'
      ? isNotNull(configVersions.cancelledAt)
      : and(
          isNull(configVersions.cancelledAt),
          status === 'scheduled' ? gt(configVersions.effectiveAt, now) : lte(configVersions.effectiveAt, now),
        );

  /** Changes with who made them and what was in force just before each (the previous version, else the base). */
  async function changes(where: SQL | undefined, page: PageRequest) {
    const now = clock.now();
    const [rows, [total]] = await Promise.all([
      db
        .select({ row: configVersions, previous, name: users.name })
        .from(configVersions)
        .leftJoin(users, eq(users.id, configVersions.createdByUserId))
        .where(where)
        .orderBy(desc(configVersions.effectiveAt), desc(configVersions.id))
        .limit(page.size)
        .offset(offsetOf(page)),
      db.select({ n: count() }).from(configVersions).where(where),
    ]);
    const list = await Promise.all(
      rows.map(async ({ row, previous: before, name }): Promise<OpsEarningChange> => ({
        id: row.id,
        section: row.section as EarningSection,
        target: row.target,
        effective_at: row.effectiveAt.toISOString(),
        status: statusOf(row, now),
        before: before ?? (await valueAt(row.section as EarningSection, row.target, BEGINNING)) ?? null,
        after: row.value,
        created_by: row.createdBy,
        created_by_name: name ?? row.createdBy,
        created_at: row.createdAt.toISOString(),
        cancelled_by: row.cancelledBy,
        cancelled_at: row.cancelledAt?.toISOString() ?? null,
      })),
    );
    return pageResult(list, total?.n ?? 0, page);
  }

  const one = async (id: number) => (await changes(eq(configVersions.id, id), { page: 1, size: 1 })).list[0]!;

  /**
   * Makes `value` the section's (task's) version from the requested time: `prepare` adds what it needs to the
   * base tables first, in the same transaction as the version and its audit row.
   */
  async function schedule(
    actor: OperatorActor,
    change: { section: EarningSection; target?: string; value: Value; effectiveAt: string | null },
    prepare?: (tx: Tx, at: Date) => Promise<void>,
  ): Promise<OpsEarningChange> {
    const { section, target = '', value } = change;
    const now = clock.now();
    const at = effectiveTime(change.effectiveAt, now);
    const before = (await valueAt(section, target, at)) ?? null;
    const id = await db.transaction(async (tx) => {
      await prepare?.(tx, at);
      const row = await versions.add(tx, {
        section,
        target,
        value,
        effectiveAt: at,
        createdBy: actor.who,
        createdByUserId: actor.userId,
      });
      await audit(
        tx,
        actor,
        {
          action: 'earning.change',
          targetType: 'earning',
          targetId: target ? `${section}:${target}` : section,
          before,
          after: { ...value, effective_at: at.toISOString(), change_id: row.id },
        },
        now,
      );
      return row.id;
    });
    if (prepare) config.baseChanged();
    versions.changed();
    return one(id);
  }

  /** Daily groups that have a task offered at `at`: the highest cap that can be reached. */
  async function dailyGroups(at: Date): Promise<number> {
    return new Set((await config.offered(at)).filter((t) => t.taskType === 'day').map((t) => t.groupNo)).size;
  }

  return {
    /** The whole configuration in force at `at`, as the console shows it. */
    async view(at: Date = clock.now()): Promise<EarningConfigView> {
      const [amounts, signIn, tasks, milestones, thresholds] = await Promise.all([
        config.amounts(at),
        config.signIn(at),
        config.templates(at),
        config.milestones(at),
        levels.thresholds(at),
      ]);
      return {
        at: at.toISOString(),
        amounts,
        sign_in: signIn,
        tasks: tasks.map((t) => ({
          ...templateFields(t),
          id: t.id,
          code: t.code,
          task_type: t.taskType as TaskType,
          group_no: t.groupNo,
        })),
        invite_tasks: milestones.map((m) => ({ id: m.id, invite_num: m.inviteNum, point: m.point / 100 })),
        levels: { thresholds: thresholds.map((v) => v / 100) },
      };
    },

    changes: (query: PageRequest & { section?: EarningSection; status?: EarningChangeStatus }) =>
      changes(
        and(
          query.section ? eq(configVersions.section, query.section) : undefined,
          query.status ? statusWhere(query.status, clock.now()) : undefined,
        ),
        query,
      ),

    async setAmounts(actor: OperatorActor, input: EarningAmounts & { effective_at: string | null }) {
      const { effective_at: effectiveAt, ...value } = input;
      const groups = await dailyGroups(effectiveTime(effectiveAt, clock.now()));
      if (value.daily_max_groups > groups) throw new AppError('earning_max_groups_too_high', { groups });
      return schedule(actor, { section: 'amounts', value, effectiveAt });
    },

    setSignIn: (actor: OperatorActor, { effective_at: effectiveAt, ...value }: EarningSignIn & Effective) =>
      schedule(actor, { section: 'sign_in', value, effectiveAt }),

    setLevels: (actor: OperatorActor, { effective_at: effectiveAt, ...value }: EarningLevels & Effective) =>
      schedule(actor, { section: 'levels', value, effectiveAt }),

    /** Milestones new to the table get their row (the id members claim them by); one named again keeps its id. */
    setInviteTasks: (actor: OperatorActor, { effective_at: effectiveAt, ...value }: EarningInviteTasks & Effective) =>
      schedule(actor, { section: 'invite_tasks', value, effectiveAt }, async (tx, at) => {
        if (value.milestones.length === 0) return;
        await tx
          .insert(inviteTasks)
          .values(
            value.milestones.map((m) => ({ inviteNum: m.invite_num, point: Math.round(m.point * 100), addedAt: at })),
          )
          .onConflictDoNothing();
      }),

    async setTask(actor: OperatorActor, input: TaskFields & Effective & { code: string }) {
      const { effective_at: effectiveAt, code, ...value } = input;
      const at = effectiveTime(effectiveAt, clock.now());
      if (!(await config.templates(at)).some((t) => t.code === code)) throw new AppError('task_template_not_found');
      return schedule(actor, { section: 'task', target: code, value, effectiveAt });
    },

    /** A new template exists from the requested time: its row then, and the version that records it. */
    createTask: (
      actor: OperatorActor,
      input: TaskFields & Effective & { code: string; task_type: TaskType; group_no: number },
    ) => {
      const { effective_at: effectiveAt, code, task_type: taskType, group_no: groupNo, ...value } = input;
      return schedule(actor, { section: 'task', target: code, value, effectiveAt }, async (tx, at) => {
        const [last] = await tx.select({ sort: max(taskTemplates.sort) }).from(taskTemplates);
        try {
          await tx.insert(taskTemplates).values({
            code,
            taskType,
            groupNo,
            taskKey: value.task_key,
            unitKey: value.unit_key,
            totalNum: value.total_num,
            point: Math.round(value.point * 100),
            name: value.name,
            // Offered from its time by its version, so cancelling that leaves it off.
            enabled: 0,
            sort: (last?.sort ?? 0) + 1,
            addedAt: at,
          });
        } catch (err) {
          if (isUniqueViolation(err, 'task_templates_code_unique')) throw new AppError('task_template_exists');
          throw err;
        }
      });
    },

    /** Cancels a change whose time has not come; its audit row says who and when. */
    async cancel(actor: OperatorActor, id: number): Promise<OpsEarningChange> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const row = await versions.cancel(tx, id, actor.who, now);
        if (!row) {
          const [exists] = await tx
            .select({ id: configVersions.id })
            .from(configVersions)
            .where(eq(configVersions.id, id));
          throw new AppError(exists ? 'earning_change_not_scheduled' : 'earning_change_not_found');
        }
        await audit(
          tx,
          actor,
          {
            action: 'earning.cancel',
            targetType: 'earning',
            targetId: row.target ? `${row.section}:${row.target}` : row.section,
            before: { change_id: id, status: 'scheduled', effective_at: row.effectiveAt.toISOString() },
            after: { change_id: id, status: 'cancelled' },
          },
          now,
        );
      });
      versions.changed();
      return one(id);
    },
  };
}

type Effective = { effective_at: string | null };

export type EarningOps = ReturnType<typeof createEarningOps>;
