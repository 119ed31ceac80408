import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { OPS_ADMIN, OPS_STAFF } from './ops-access';
import { TASK_KEYS, TASK_TYPES } from './points';

/**
 * The operators' earning configuration (decision 046): amounts and caps, sign-in rewards, task templates, invitation
 * milestones and levels. A change names the time it applies from (now, or later) and replaces its section (or one
 * task) from then on; what was earned before is never recomputed. Every change and every cancellation of a scheduled
 * change writes an audit row. Amounts are TAICE with at most 2 decimals; times are ISO 8601.
 */
export const EARNING_SECTIONS = ['amounts', 'sign_in', 'task', 'invite_tasks', 'levels'] as const;
export type EarningSection = (typeof EARNING_SECTIONS)[number];
/** `scheduled`: applies later (may be cancelled); `applied`: its time has come; `cancelled` before its time. */
export const EARNING_CHANGE_STATUSES = ['scheduled', 'applied', 'cancelled'] as const;
export type EarningChangeStatus = (typeof EARNING_CHANGE_STATUSES)[number];

/** The largest amount any earning rule may pay at once, in TAICE. */
export const EARNING_AMOUNT_MAX = 1_000_000;
/** The most daily-task groups a day may offer (the spec's figure is 5). */
export const DAILY_GROUPS_MAX = 20;
export const SIGN_IN_STREAK_DAYS = 7;
export const TASK_TARGET_MAX = 100_000;
export const TASK_NAME_MAX_LENGTH = 80;
export const TASK_CODE_MAX_LENGTH = 40;
export const INVITE_MILESTONES_MAX = 20;
export const LEVELS_MAX = 50;
/** How far ahead a change may be scheduled, in days. */
export const EARNING_SCHEDULE_MAX_DAYS = 366;

const amount = z.number().min(0).max(EARNING_AMOUNT_MAX).multipleOf(0.01);
const taskName = z.string().trim().min(1).max(TASK_NAME_MAX_LENGTH);

/** When a change applies: null (the default) for now, else a time not in the past. */
const effectiveAt = z.iso.datetime({ offset: true }).max(40).nullable().default(null);

export const earningAmountsSchema = z.object({
  /** Paid once, on a member's first counted watch. */
  new_user_reward: amount,
  /** Paid to the inviter when a referral is confirmed. */
  referral_reward: amount,
  /** Added to the day's estimate when the 3 tasks of a daily group are done. */
  daily_group_bonus: amount,
  /** The cap: daily groups a member may finish per day (groups 1 to this one open in turn). */
  daily_max_groups: z.number().int().min(1).max(DAILY_GROUPS_MAX),
});
export type EarningAmounts = z.infer<typeof earningAmountsSchema>;

export const earningSignInSchema = z.object({
  /** What signing in pays on streak day 1 to 7. */
  rewards: z.array(amount).length(SIGN_IN_STREAK_DAYS),
  /** Added on day 7. */
  seven_day_bonus: amount,
});
export type EarningSignIn = z.infer<typeof earningSignInSchema>;

/** What a task template's change sets (its code, type and group stay as created). */
export const taskFieldsSchema = z.object({
  task_key: z.enum(TASK_KEYS),
  /** `time`: `total_num` is minutes watched; `other`: a count. */
  unit_key: z.enum(['time', 'other']),
  total_num: z.number().int().min(1).max(TASK_TARGET_MAX),
  point: amount,
  /** Offered to members. */
  enabled: z.boolean(),
  name: z.object({ en_US: taskName, 'zh-CN': taskName, 'zh-TW': taskName }),
});
export type TaskFields = z.infer<typeof taskFieldsSchema>;

export const opsTaskSchema = taskFieldsSchema.extend({
  id: z.number().int(),
  code: z.string(),
  task_type: z.enum(TASK_TYPES),
  /** 1 to DAILY_GROUPS_MAX for daily tasks, 0 for the other types. */
  group_no: z.number().int(),
});
export type OpsTask = z.infer<typeof opsTaskSchema>;

export const earningInviteTasksSchema = z.object({
  /** Reach `invite_num` confirmed friends, claim `point`; a milestone left out is no longer offered. */
  milestones: z
    .array(z.object({ invite_num: z.number().int().min(1).max(TASK_TARGET_MAX), point: amount }))
    .max(INVITE_MILESTONES_MAX)
    .refine((list) => new Set(list.map((m) => m.invite_num)).size === list.length, {
      message: 'earning_milestones_repeated',
    }),
});
export type EarningInviteTasks = z.infer<typeof earningInviteTasksSchema>;

export const earningLevelsSchema = z.object({
  /** Lifetime-earned TAICE at which level 1, 2, ... starts: 0 first, then rising. */
  thresholds: z
    .array(z.number().min(0).max(1_000_000_000).multipleOf(0.01))
    .min(1)
    .max(LEVELS_MAX)
    .refine((list) => list[0] === 0 && list.every((v, i) => i === 0 || v > list[i - 1]!), {
      message: 'earning_levels_order',
    }),
});
export type EarningLevels = z.infer<typeof earningLevelsSchema>;

export const earningConfigSchema = z.object({
  /** The time this configuration is in force at. */
  at: z.string(),
  amounts: earningAmountsSchema,
  sign_in: earningSignInSchema,
  /** Every template, enabled or not, daily ones by group. */
  tasks: z.array(opsTaskSchema),
  /** The milestones in force, with the id members claim them by. */
  invite_tasks: z.array(z.object({ id: z.number().int(), invite_num: z.number().int(), point: z.number() })),
  levels: earningLevelsSchema,
});
export type EarningConfig = z.infer<typeof earningConfigSchema>;

export const opsEarningChangeSchema = z.object({
  id: z.number().int(),
  section: z.enum(EARNING_SECTIONS),
  /** The task's code for section `task`; empty otherwise. */
  target: z.string(),
  effective_at: z.string(),
  status: z.enum(EARNING_CHANGE_STATUSES),
  /**
   * The section (or task) in force just before `effective_at` and the one the change puts in force, in the shape
   * of this section's set call (null before: the task did not exist yet).
   */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()),
  /** A user id, or `cli:<os user>`, and the account's name. */
  created_by: z.string(),
  created_by_name: z.string(),
  created_at: z.string(),
  cancelled_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type OpsEarningChange = z.infer<typeof opsEarningChangeSchema>;

export const opsEarningConfig = defineCall({
  method: 'GET',
  path: '/api/ops/earning',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'The earning configuration in force now, or at a given time (scheduled changes included) (admin, support)',
  query: z.object({ at: z.iso.datetime({ offset: true }).max(40).optional() }),
  data: earningConfigSchema,
});

export const opsEarningChanges = defineCall({
  method: 'GET',
  path: '/api/ops/earning/changes',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Changes of the earning configuration, latest time first: who, when, before and after (admin, support)',
  query: pageQuery.extend({
    section: z.enum(EARNING_SECTIONS).optional(),
    status: z.enum(EARNING_CHANGE_STATUSES).optional(),
  }),
  data: pageOf(opsEarningChangeSchema),
});

export const opsEarningAmountsSet = defineCall({
  method: 'POST',
  path: '/api/ops/earning/amounts',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Set the earning amounts and the daily-group cap from a time on (admin)',
  body: earningAmountsSchema.extend({ effective_at: effectiveAt }),
  data: opsEarningChangeSchema,
});

export const opsEarningSignInSet = defineCall({
  method: 'POST',
  path: '/api/ops/earning/sign-in',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Set the sign-in reward of each streak day and the 7-day bonus from a time on (admin)',
  body: earningSignInSchema.extend({ effective_at: effectiveAt }),
  data: opsEarningChangeSchema,
});

export const opsEarningTaskSet = defineCall({
  method: 'POST',
  path: '/api/ops/earning/tasks/update',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Change one task template from a time on: action, target, reward, name, offered or not (admin)',
  body: taskFieldsSchema.extend({
    code: z.string().trim().min(1).max(TASK_CODE_MAX_LENGTH),
    effective_at: effectiveAt,
  }),
  data: opsEarningChangeSchema,
});

export const opsEarningTaskCreate = defineCall({
  method: 'POST',
  path: '/api/ops/earning/tasks/create',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Add a task template, offered from a time on (admin)',
  body: taskFieldsSchema
    .extend({
      code: z
        .string()
        .trim()
        .max(TASK_CODE_MAX_LENGTH)
        .regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/, 'task_code_format'),
      task_type: z.enum(TASK_TYPES),
      group_no: z.number().int().min(0).max(DAILY_GROUPS_MAX),
      effective_at: effectiveAt,
    })
    .refine((t) => (t.task_type === 'day') === t.group_no > 0, { message: 'task_group_mismatch', path: ['group_no'] }),
  data: opsEarningChangeSchema,
});

export const opsEarningInviteTasksSet = defineCall({
  method: 'POST',
  path: '/api/ops/earning/invite-tasks',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Set the invitation milestones from a time on; milestones already claimed stay paid (admin)',
  body: earningInviteTasksSchema.extend({ effective_at: effectiveAt }),
  data: opsEarningChangeSchema,
});

export const opsEarningLevelsSet = defineCall({
  method: 'POST',
  path: '/api/ops/earning/levels',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Set the level thresholds (lifetime-earned TAICE) from a time on (admin)',
  body: earningLevelsSchema.extend({ effective_at: effectiveAt }),
  data: opsEarningChangeSchema,
});

export const opsEarningChangeCancel = defineCall({
  method: 'POST',
  path: '/api/ops/earning/changes/cancel',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary: 'Cancel a change whose time has not come yet (admin)',
  body: z.object({ id: rowId }),
  data: opsEarningChangeSchema,
});
