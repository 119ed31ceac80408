import { asc } from 'drizzle-orm';
import type {
  EarningAmounts,
  EarningInviteTasks,
  EarningSection,
  EarningSignIn,
  Localized,
  TaskFields,
} from '@taice/contract';
import { SIGN_IN_STREAK_DAYS } from '@taice/contract';
import type { ConfigVersion, ConfigVersions } from '../../platform/config/config-versions';
import type { Db, Tx } from '../../platform/db/database';
import { ttlCache } from '../../platform/state/ttl-cache';
import type { Clock } from '../../platform/time/clock';
import { DEFAULT_SETTINGS, type PointsSettingKey } from './points.seed';
import { inviteTasks, pointsSettings, signInConfigs, taskTemplates } from './points.schema';

export type Template = typeof taskTemplates.$inferSelect;
export interface InviteTask {
  id: number;
  inviteNum: number;
  point: number;
}

/** The base tables change only when an operator adds a task or a milestone; elsewhere within this time. */
const BASE_CACHE_MS = 10_000;

/** TAICE (as operators write it) → hundredths (as the rules and the ledger count). */
const hundredths = (taice: number) => Math.round(taice * 100);

interface Base {
  settings: Record<PointsSettingKey, number>;
  signIn: number[];
  templates: Template[];
  inviteTasks: (InviteTask & { addedAt: Date | null })[];
}

export const templateFields = (t: Template): TaskFields => ({
  task_key: t.taskKey as TaskFields['task_key'],
  unit_key: t.unitKey as TaskFields['unit_key'],
  total_num: t.totalNum,
  point: t.point / 100,
  enabled: t.enabled === 1,
  name: t.name as TaskFields['name'],
});

/**
 * The earning configuration in force at a time (decision 046): each section is its latest version whose time has
 * come (config_versions), else its base table as seeded. Every earning rule reads its amounts here, at the time of
 * its event; operators' views read the same sections in the API's shape (TAICE).
 */
export function createEarningConfig(deps: { db: Db; clock: Clock; versions: ConfigVersions }) {
  const { db, clock, versions } = deps;
  const cache = ttlCache<Base>(clock, BASE_CACHE_MS, 1);
  let generation = 0;

  const base = (tx: Tx = db) =>
    cache.get(`base:${generation}`, async () => {
      // One after another: inside a transaction they share one connection.
      const settings = await tx.select().from(pointsSettings);
      const signIn = await tx.select().from(signInConfigs);
      const templates = await tx
        .select()
        .from(taskTemplates)
        .orderBy(asc(taskTemplates.groupNo), asc(taskTemplates.sort), asc(taskTemplates.id));
      const invites = await tx.select().from(inviteTasks).orderBy(asc(inviteTasks.inviteNum));
      return {
        settings: { ...DEFAULT_SETTINGS, ...Object.fromEntries(settings.map((r) => [r.key, r.value])) },
        signIn: Array.from({ length: SIGN_IN_STREAK_DAYS }, (_, i) => signIn.find((r) => r.day === i + 1)?.reward ?? 0),
        templates,
        inviteTasks: invites,
      };
    });

  const section = <T>(map: ReadonlyMap<string, ConfigVersion>, name: EarningSection, target = '') =>
    map.get(`${name}\u0000${target}`)?.value as T | undefined;

  async function amounts(at: Date, tx?: Tx): Promise<EarningAmounts> {
    const version = section<EarningAmounts>(await versions.inForce(at, tx), 'amounts');
    if (version) return version;
    const { settings } = await base(tx);
    return {
      new_user_reward: settings.new_user_reward / 100,
      referral_reward: settings.referral_reward / 100,
      daily_group_bonus: settings['daily.group_bonus'] / 100,
      daily_max_groups: settings['daily.max_groups'],
    };
  }

  async function signIn(at: Date, tx?: Tx): Promise<EarningSignIn> {
    const version = section<EarningSignIn>(await versions.inForce(at, tx), 'sign_in');
    if (version) return version;
    const b = await base(tx);
    return { rewards: b.signIn.map((r) => r / 100), seven_day_bonus: b.settings['sign_in.seven_day_bonus'] / 100 };
  }

  /** Every task that exists at `at` with its fields then, and those offered (the same arrays while nothing changes). */
  let tasksMemo: { base: Base; map: ReadonlyMap<string, ConfigVersion>; all: Template[]; offered: Template[] } | null =
    null;
  async function tasks(at: Date, tx?: Tx) {
    const b = await base(tx);
    const map = await versions.inForce(at, tx);
    if (tasksMemo?.base === b && tasksMemo.map === map) return tasksMemo;
    const all = b.templates
      .filter((t) => t.addedAt === null || t.addedAt <= at)
      .map((t) => {
        const v = section<TaskFields>(map, 'task', t.code);
        if (!v) return t;
        return {
          ...t,
          taskKey: v.task_key,
          unitKey: v.unit_key,
          totalNum: v.total_num,
          point: hundredths(v.point),
          enabled: v.enabled ? 1 : 0,
          name: v.name as Localized,
        };
      });
    tasksMemo = { base: b, map, all, offered: all.filter((t) => t.enabled === 1) };
    return tasksMemo;
  }

  async function milestones(at: Date, tx?: Tx): Promise<InviteTask[]> {
    const b = await base(tx);
    const version = section<EarningInviteTasks>(await versions.inForce(at, tx), 'invite_tasks');
    if (!version) {
      return b.inviteTasks
        .filter((t) => t.addedAt === null)
        .map(({ id, inviteNum, point }) => ({ id, inviteNum, point }));
    }
    return version.milestones
      .map((m) => ({ row: b.inviteTasks.find((t) => t.inviteNum === m.invite_num), point: hundredths(m.point) }))
      .filter((m) => m.row !== undefined)
      .map(({ row, point }) => ({ id: row!.id, inviteNum: row!.inviteNum, point }))
      .sort((a, b2) => a.inviteNum - b2.inviteNum);
  }

  return {
    amounts,
    signIn,
    milestones,
    /** Every task that exists at `at`, offered or not. */
    templates: async (at: Date, tx?: Tx) => (await tasks(at, tx)).all,
    /** The tasks offered at `at`, daily ones by group. */
    offered: async (at: Date, tx?: Tx) => (await tasks(at, tx)).offered,
    /** The base tables' rows (an operator's tool checks codes and milestones against them). */
    base,

    /** An amount or cap of the rules in hundredths (or a count), in force at `at`. */
    async setting(key: PointsSettingKey, at: Date, tx?: Tx): Promise<number> {
      if (key === 'sign_in.seven_day_bonus') return hundredths((await signIn(at, tx)).seven_day_bonus);
      const a = await amounts(at, tx);
      if (key === 'daily.max_groups') return a.daily_max_groups;
      if (key === 'daily.group_bonus') return hundredths(a.daily_group_bonus);
      return hundredths(a[key]);
    },

    /** The reward of each streak day in hundredths, in force at `at`. */
    async signInRewards(at: Date, tx?: Tx): Promise<number[]> {
      return (await signIn(at, tx)).rewards.map(hundredths);
    },

    /** Drops this process's copy of the base tables after an operator added a row to them. */
    baseChanged() {
      generation += 1;
    },
  };
}

export type EarningConfig = ReturnType<typeof createEarningConfig>;
