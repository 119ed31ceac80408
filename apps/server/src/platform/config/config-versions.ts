import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { ttlCache } from '../state/ttl-cache';
import type { Clock } from '../time/clock';
import { configVersions } from './config-versions.schema';

/** A change made in another process is seen within this time; one scheduled for later is known long before. */
const CACHE_MS = 10_000;

export interface ConfigVersion {
  id: number;
  section: string;
  target: string;
  value: Record<string, unknown>;
  effectiveAt: Date;
}

export interface NewConfigVersion {
  section: string;
  target: string;
  value: Record<string, unknown>;
  effectiveAt: Date;
  createdBy: string;
  createdByUserId: number | null;
}

const keyOf = (section: string, target: string) => `${section}\u0000${target}`;

/**
 * Operators' configuration over time (decision 046). `inForce(at)` is every section's value at a time, read from
 * a cached copy of the versions not cancelled; the same Map comes back while no version's time is crossed and
 * nothing changed, so callers can keep what they derive from it.
 */
export function createConfigVersions(db: Db, clock: Clock) {
  const cache = ttlCache<{ list: ConfigVersion[] }>(clock, CACHE_MS, 1);
  let generation = 0;
  let memo: { list: ConfigVersion[]; from: number; until: number; map: Map<string, ConfigVersion> } | null = null;

  /** Inside a transaction pass it, so a cache miss needs no second connection. */
  const versions = async (tx: Tx = db) =>
    (
      await cache.get(`all:${generation}`, async () => ({
        list: await tx
          .select({
            id: configVersions.id,
            section: configVersions.section,
            target: configVersions.target,
            value: configVersions.value,
            effectiveAt: configVersions.effectiveAt,
          })
          .from(configVersions)
          .where(isNull(configVersions.cancelledAt))
          .orderBy(asc(configVersions.effectiveAt), asc(configVersions.id)),
      }))
    ).list;

  async function inForce(at: Date, tx?: Tx): Promise<ReadonlyMap<string, ConfigVersion>> {
    const list = await versions(tx);
    const time = at.getTime();
    if (memo?.list === list && memo.from <= time && time < memo.until) return memo.map;
    const map = new Map<string, ConfigVersion>();
    let from = -Infinity;
    let until = Infinity;
    for (const v of list) {
      const effective = v.effectiveAt.getTime();
      if (effective > time) {
        until = effective;
        break;
      }
      map.set(keyOf(v.section, v.target), v);
      from = effective;
    }
    memo = { list, from, until, map };
    return map;
  }

  return {
    inForce,
    /** The version of one section (and target) in force at `at`, if it has had one by then. */
    async at(section: string, target: string, at: Date, tx?: Tx): Promise<ConfigVersion | undefined> {
      return (await inForce(at, tx)).get(keyOf(section, target));
    },

    /** Writes a version in the caller's transaction; `changed()` after the commit makes it seen here at once. */
    async add(tx: Tx, version: NewConfigVersion) {
      const [row] = await tx.insert(configVersions).values(version).returning();
      return row!;
    },

    /** Cancels a version whose time has not come, in the caller's transaction; null when there is none. */
    async cancel(tx: Tx, id: number, by: string, at: Date) {
      const [row] = await tx
        .update(configVersions)
        .set({ cancelledBy: by, cancelledAt: at })
        .where(and(eq(configVersions.id, id), isNull(configVersions.cancelledAt), gt(configVersions.effectiveAt, at)))
        .returning();
      return row ?? null;
    },

    /** Drops this process's copy after a committed change. */
    changed() {
      generation += 1;
    },
  };
}

export type ConfigVersions = ReturnType<typeof createConfigVersions>;
