import type { SeedStep } from './seed';
import { contentSeeds } from '../modules/content/content.seed';

/** Every seed step of the product, in the order they run. */
export const seedSteps: SeedStep[] = [...contentSeeds];
