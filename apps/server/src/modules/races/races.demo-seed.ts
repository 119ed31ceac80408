import { like } from 'drizzle-orm';
import type { SeedContext, SeedStep } from '../../seed/seed';
import type { Db } from '../../platform/db/database';
import { businessDay } from '../../platform/time/business-day';
import { systemClock, type Clock } from '../../platform/time/clock';
import { users } from '../accounts/accounts.schema';
import { createMessages } from '../messages/messages.module';
import { createLedger } from '../points/points.module';
import { RACE_MS, raceWindowAt } from './race-calendar';
import { createRaceClose } from './race-close';
import { scoreRacesFrom } from './race-scoring';
import { createRaceStore } from './race-store';
import { createRewardNotices } from './reward-notices';

/**
 * A living leaderboard at first start: 300 demo racers who earned TAICE in last week's race (closed, with its
 * results and rewards) and in this week's so far. Every amount is paid through the ledger with the races'
 * listener, so standings and balances agree; a second run pays nothing twice (the event keys are fixed).
 */
const RACERS = 300;
const FIRST = [
  'Mia',
  'Leo',
  'Ava',
  'Noah',
  'Zoe',
  'Ethan',
  'Lily',
  'Lucas',
  'Chloe',
  'Ryan',
  '小明',
  '阿杰',
  '雅婷',
  '志豪',
];
const LAST = ['Chen', 'Watanabe', 'Silva', 'Müller', 'Kim', 'Rossi', 'Nguyen', 'Smith', 'Lopez', 'Wang'];

/** A fixed pseudo-random number in [0, 1) for (i, salt): the same racers earn the same each run. */
const noise = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43_758.5453;
  return x - Math.floor(x);
};

async function ensureRacers(db: Db): Promise<number[]> {
  await db
    .insert(users)
    .values(
      Array.from({ length: RACERS }, (_, i) => ({
        name: `demo_racer_${i + 1}`,
        nickname: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
        // Generated codes never hold 0 or 1, so these cannot collide.
        inviteCode: `DEMR${String(i + 1).padStart(4, '0')}`,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.name, 'demo\\_racer\\_%'))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** Pays each racer a few earnings spread over `from`..`to`, through the ledger and the races' listener. */
async function payEarnings(db: Db, clock: Clock, racers: number[], week: string, from: Date, to: Date) {
  const ledger = createLedger(db);
  scoreRacesFrom(ledger, createRaceStore({ db, clock }), null);
  const span = Math.max(60_000, to.getTime() - from.getTime());
  await db.transaction(async (tx) => {
    for (const [i, userId] of racers.entries()) {
      // A long tail: a few racers far ahead, most with a little.
      const earnings = 1 + Math.floor(noise(i, 1) * 6);
      for (let n = 0; n < earnings; n += 1) {
        const amount = Math.round(100 * (5 + 800 * noise(i, n + 2) ** 4)) * 10;
        await ledger.credit(tx, {
          userId,
          amount,
          reason: 'task_reward',
          eventKey: `demo:race:${week}:${userId}:${n}`,
          bucket: 'spendable',
          memo: 'demo',
          at: new Date(from.getTime() + Math.floor(span * noise(i, n + 20))),
        });
      }
    }
  });
}

async function seedDemoRaces({ db, log }: SeedContext): Promise<void> {
  const clock = systemClock;
  const now = clock.now();
  const thisWeek = raceWindowAt(now);
  const lastWeek = { startsAt: new Date(thisWeek.startsAt.getTime() - RACE_MS), endsAt: thisWeek.startsAt };
  const racers = await ensureRacers(db);
  await payEarnings(db, clock, racers, lastWeek.startsAt.toISOString(), lastWeek.startsAt, lastWeek.endsAt);
  await payEarnings(db, clock, racers.slice(0, 220), thisWeek.startsAt.toISOString(), thisWeek.startsAt, now);
  const store = createRaceStore({ db, clock });
  const previous = await store.forDay(db, businessDay(lastWeek.startsAt));
  const raceClose = createRaceClose({
    db,
    clock,
    store,
    notices: createRewardNotices(createMessages({ db, clock })),
    index: null,
  });
  await raceClose.close(previous.id);
  await store.createAhead();
  log(`demo races: ${racers.length} racers, last week's race closed`);
}

export const racesDemoSeeds: SeedStep[] = [{ name: 'races.demo.v1', demo: true, run: seedDemoRaces }];
