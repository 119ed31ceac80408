import type { SeedStep } from '../../seed/seed';
import { levels } from './levels.schema';

/** Lifetime TAICE (in hundredths) at which each level starts. */
const thresholds = [0, 1_000, 3_000, 8_000, 20_000, 50_000, 120_000, 300_000, 700_000, 1_500_000];

export const levelSeeds: SeedStep[] = [
  {
    name: 'levels.thresholds.v1',
    demo: false,
    async run({ db }) {
      await db
        .insert(levels)
        .values(thresholds.map((taice, i) => ({ levelNo: i + 1, minPoints: taice * 100 })))
        .onConflictDoNothing();
    },
  },
];
