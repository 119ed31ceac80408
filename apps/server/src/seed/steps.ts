import type { SeedStep } from './seed';
import { contentSeeds } from '../modules/content/content.seed';
import { levelSeeds } from '../modules/levels/levels.seed';
import { categorySeeds } from '../modules/videos/categories.seed';

/** Every seed step of the product, in the order they run. */
export const seedSteps: SeedStep[] = [...contentSeeds, ...levelSeeds, ...categorySeeds];
