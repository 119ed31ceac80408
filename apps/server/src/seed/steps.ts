import type { SeedStep } from './seed';
import { contentSeeds } from '../modules/content/content.module';
import { levelSeeds } from '../modules/levels/levels.module';
import { pointsSeeds } from '../modules/points/points.module';
import { categorySeeds, videoDemoSeeds } from '../modules/videos/videos.module';

/** Every seed step of the product, in the order they run. */
export const seedSteps: SeedStep[] = [
  ...contentSeeds,
  ...levelSeeds,
  ...categorySeeds,
  ...pointsSeeds,
  ...videoDemoSeeds,
];
