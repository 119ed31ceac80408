import type { SeedStep } from './seed';
import { contentSeeds } from '../modules/content/content.seed';
import { levelSeeds } from '../modules/levels/levels.seed';
import { categorySeeds } from '../modules/videos/categories.seed';
import { pointsSeeds } from '../modules/points/points.seed';
import { videoDemoSeeds } from '../modules/videos/videos.demo-seed';
import { redemptionDemoSeeds } from '../modules/redemption/redemption.demo-seed';
import { campaignsDemoSeeds } from '../modules/campaigns/campaigns.demo-seed';
import { racesSeeds } from '../modules/races/races.seed';
import { racesDemoSeeds } from '../modules/races/races.demo-seed';

/** Every seed step of the product, in the order they run. */
export const seedSteps: SeedStep[] = [
  ...contentSeeds,
  ...levelSeeds,
  ...categorySeeds,
  ...pointsSeeds,
  ...racesSeeds,
  ...videoDemoSeeds,
  ...redemptionDemoSeeds,
  ...racesDemoSeeds,
  ...campaignsDemoSeeds,
];
