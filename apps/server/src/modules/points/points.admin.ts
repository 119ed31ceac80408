import type { z } from 'zod';
import { errorMessage, isErrorKey, opsEarningCalls as ops, TASK_KEYS } from '@taice/contract';
import { createConfigVersions } from '../../platform/config/config-versions';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { systemClock } from '../../platform/time/clock';
import { createLevelsService } from '../levels/levels.module';
import { cliActor } from '../operators/operators.admin';
import { createEarningConfig } from './earning-config';
import { createEarningOps } from './earning-ops';
import { createLedger } from './ledger';
import { DEFAULT_SETTINGS, type PointsSettingKey } from './points.seed';

export interface TemplateChange {
  point?: number;
  total?: number;
  unit?: 'time' | 'other';
  taskKey?: string;
  enabled?: boolean;
}

/** The input of an operator call, checked by its schema as the API checks it; a RangeError names what is wrong. */
function valid<T extends z.ZodType>(schema: T, input: z.input<T>): z.output<T> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const reason = isErrorKey(issue.message) ? errorMessage(issue.message, 'en_US') : issue.message;
  throw new RangeError(`${issue.path.join('.')}: ${reason}`);
}

/** An operator's refusal as the command line reports it. */
async function refused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new RangeError(errorMessage(err.key, 'en_US', err.params), { cause: err });
    throw err;
  }
}

/**
 * The operator's view of the earning rules: task templates and amounts (CLI `tasks`, `points`). A change applies
 * now, as a version of the configuration written with its audit row (decision 046), like one from the console.
 */
export function pointsAdmin(db: Db) {
  const clock = systemClock;
  const versions = createConfigVersions(db, clock);
  const config = createEarningConfig({ db, clock, versions });
  const levels = createLevelsService(db, clock, versions);
  const earning = createEarningOps({ db, clock, versions, config, levels });
  const actor = cliActor();

  return {
    /** Recomputes every balance from the ledger entries (CLI `ledger verify`). */
    verifyLedger: () => createLedger(db).verify(),

    /** Every template in force now, offered or not. */
    templates: async () => [...(await config.templates(clock.now()))].sort((a, b) => a.sort - b.sort),

    /** Changes one template from now on; amounts are in TAICE. Returns the row, or null for an unknown code. */
    async setTemplate(code: string, change: TemplateChange) {
      if (change.taskKey !== undefined && !(TASK_KEYS as readonly string[]).includes(change.taskKey)) {
        throw new RangeError(`task key must be one of ${TASK_KEYS.join(', ')}`);
      }
      const current = (await earning.view()).tasks.find((t) => t.code === code);
      if (!current) return null;
      const input = valid(ops.opsEarningTaskSet.body!, {
        code,
        task_key: (change.taskKey ?? current.task_key) as (typeof TASK_KEYS)[number],
        unit_key: change.unit ?? current.unit_key,
        total_num: change.total !== undefined ? Math.max(1, Math.round(change.total)) : current.total_num,
        point: change.point !== undefined ? Math.round(change.point * 100) / 100 : current.point,
        enabled: change.enabled ?? current.enabled,
        name: current.name,
      });
      await refused(() => earning.setTask(actor, input));
      return (await config.templates(clock.now())).find((t) => t.code === code) ?? null;
    },

    async settings() {
      const now = clock.now();
      return Promise.all(
        (Object.keys(DEFAULT_SETTINGS) as PointsSettingKey[]).map(async (key) => ({
          key,
          value: await config.setting(key, now),
        })),
      );
    },

    /** Sets an amount (in TAICE) or a count (`daily.max_groups`) from now on. */
    async setSetting(key: string, value: number) {
      if (!(key in DEFAULT_SETTINGS)) throw new RangeError(`no setting named ${key}`);
      if (!Number.isFinite(value) || value < 0) throw new RangeError('the value must be a number ≥ 0');
      const now = clock.now();
      const taice = Math.round(value * 100) / 100;
      await refused(async () => {
        if (key === 'sign_in.seven_day_bonus') {
          const signIn = { ...(await config.signIn(now)), seven_day_bonus: taice };
          return earning.setSignIn(actor, valid(ops.opsEarningSignInSet.body!, signIn));
        }
        const amounts = {
          ...(await config.amounts(now)),
          ...(key === 'daily.max_groups'
            ? { daily_max_groups: Math.round(value) }
            : { [key === 'daily.group_bonus' ? 'daily_group_bonus' : key]: taice }),
        };
        return earning.setAmounts(actor, valid(ops.opsEarningAmountsSet.body!, amounts));
      });
    },
  };
}
