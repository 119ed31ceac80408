import { and, gt, lte } from 'drizzle-orm';
import type { SeedStep } from '../../seed/seed';
import { racePrizeTiers } from './races.schema';

/**
 * The prize table of spec section 9: ranks 1-3 need 50 invites, 100 videos watched and 15 AI videos uploaded;
 * ranks 4-103 need 20 invites, 80 watched and 15 uploaded; every reward needs a bound wallet. The amounts are the
 * operator's to set (the spec names none): tokens for the podium, TAICE for the rest. Amounts in hundredths.
 */
const podium = { minInvites: 50, minWatched: 100, minUploads: 15, aiUploads: true, needsWallet: true };
const TIERS: (typeof racePrizeTiers.$inferInsert)[] = [
  { ...podium, rankFrom: 1, rankTo: 1, amount: 100_00, currency: 'USDT' },
  { ...podium, rankFrom: 2, rankTo: 2, amount: 50_00, currency: 'USDT' },
  { ...podium, rankFrom: 3, rankTo: 3, amount: 30_00, currency: 'USDT' },
  { rankFrom: 4, rankTo: 103, amount: 1_000_00, currency: 'TAICE', minInvites: 20, minWatched: 80, minUploads: 15 },
];

export const racesSeeds: SeedStep[] = [
  {
    name: 'races.prizes.v1',
    demo: false,
    async run({ db }) {
      const existing = await db.select({ id: racePrizeTiers.id }).from(racePrizeTiers).limit(1);
      if (existing.length === 0) await db.insert(racePrizeTiers).values(TIERS);
    },
  },
  {
    // Tables seeded before AI videos were marked: the podium's upload rule counts AI videos (spec section 9).
    name: 'races.prizes.ai-uploads.v1',
    demo: false,
    async run({ db }) {
      await db
        .update(racePrizeTiers)
        .set({ aiUploads: true })
        .where(and(lte(racePrizeTiers.rankTo, 3), gt(racePrizeTiers.minUploads, 0)));
    },
  },
];
