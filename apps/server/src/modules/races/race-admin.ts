import { inArray, sql } from 'drizzle-orm';
import type { ApiLang, OpsRace } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { pageResult, type PageRequest } from '../../platform/http/paging';
import type { OperatorActor } from '../operators/operators.module';
import type { RaceClose } from './race-close';
import type { RaceRow, RaceStore } from './race-store';
import { userRewards } from './races.schema';

/** Races as operators see them: with how many of their rewards wait for a decision. */
export function createRaceAdmin(deps: { db: Db; store: RaceStore; raceClose: RaceClose }) {
  const { db, store, raceClose } = deps;

  async function withCounts(rows: RaceRow[], lang: ApiLang): Promise<OpsRace[]> {
    const counts = rows.length
      ? await db
          .select({ raceId: userRewards.sourceId, status: userRewards.status, n: sql<number>`count(*)::int` })
          .from(userRewards)
          .where(
            sql`${userRewards.source} = 'race' and ${inArray(
              userRewards.sourceId,
              rows.map((r) => r.id),
            )}`,
          )
          .groupBy(userRewards.sourceId, userRewards.status)
      : [];
    const count = (raceId: number, statuses: string[]) =>
      counts.filter((c) => c.raceId === raceId && statuses.includes(c.status)).reduce((n, c) => n + c.n, 0);
    return Promise.all(
      rows.map(async (race) => ({
        ...(await store.toRace(race, lang)),
        rewards_pending: count(race.id, ['pending']),
        rewards_ineligible: count(race.id, ['ineligible']),
        rewards_settled: count(race.id, ['approved', 'paid', 'rejected']),
      })),
    );
  }

  return {
    async list(page: PageRequest, lang: ApiLang) {
      const { rows, total } = await store.begunPage(page);
      return pageResult(await withCounts(rows, lang), total, page);
    },

    /** Closes an ended race now (the job would a few minutes later); a closed one is returned as it is. */
    async close(actor: OperatorActor, id: number, lang: ApiLang): Promise<OpsRace> {
      const race = await raceClose.close(id, actor);
      const [shown] = await withCounts([race], lang);
      return shown!;
    },
  };
}

export type RaceAdmin = ReturnType<typeof createRaceAdmin>;
