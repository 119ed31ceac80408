import { asc, eq } from 'drizzle-orm';
import { TASK_KEYS } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { createLedger } from './ledger';
import { DEFAULT_SETTINGS, type PointsSettingKey } from './points.seed';
import { pointsSettings, taskTemplates } from './points.schema';

export interface TemplateChange {
  point?: number;
  total?: number;
  unit?: 'time' | 'other';
  taskKey?: string;
  enabled?: boolean;
}

/** The operator's view of the earning rules: task templates and amounts (CLI `tasks`, `points`). */
export function pointsAdmin(db: Db) {
  return {
    /** Recomputes every balance from the ledger entries (CLI `ledger verify`). */
    verifyLedger: () => createLedger(db).verify(),

    templates: () => db.select().from(taskTemplates).orderBy(asc(taskTemplates.sort)),

    /** Changes one template; amounts are in TAICE. Returns the row, or null for an unknown code. */
    async setTemplate(code: string, change: TemplateChange) {
      if (change.taskKey !== undefined && !(TASK_KEYS as readonly string[]).includes(change.taskKey)) {
        throw new RangeError(`task key must be one of ${TASK_KEYS.join(', ')}`);
      }
      for (const [name, value] of [
        ['point', change.point],
        ['total', change.total],
      ] as const) {
        if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
          throw new RangeError(`${name} must be a number ≥ 0`);
        }
      }
      const [row] = await db
        .update(taskTemplates)
        .set({
          ...(change.point !== undefined ? { point: Math.round(change.point * 100) } : {}),
          ...(change.total !== undefined ? { totalNum: Math.max(1, Math.round(change.total)) } : {}),
          ...(change.unit !== undefined ? { unitKey: change.unit } : {}),
          ...(change.taskKey !== undefined ? { taskKey: change.taskKey } : {}),
          ...(change.enabled !== undefined ? { enabled: change.enabled ? 1 : 0 } : {}),
        })
        .where(eq(taskTemplates.code, code))
        .returning();
      return row ?? null;
    },

    async settings() {
      const rows = await db.select().from(pointsSettings);
      return Object.keys(DEFAULT_SETTINGS).map((key) => ({
        key,
        value: rows.find((r) => r.key === key)?.value ?? DEFAULT_SETTINGS[key as PointsSettingKey],
      }));
    },

    /** Sets an amount (in TAICE) or a count (`daily.max_groups`). */
    async setSetting(key: string, value: number) {
      if (!(key in DEFAULT_SETTINGS)) throw new RangeError(`no setting named ${key}`);
      if (!Number.isFinite(value) || value < 0) throw new RangeError('the value must be a number ≥ 0');
      const stored = key === 'daily.max_groups' ? Math.round(value) : Math.round(value * 100);
      await db
        .insert(pointsSettings)
        .values({ key, value: stored })
        .onConflictDoUpdate({ target: pointsSettings.key, set: { value: stored } });
      return stored;
    },
  };
}
