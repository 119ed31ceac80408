/** The levels module's public surface: user levels by lifetime earnings. */
export { levelSeeds } from './levels.seed';
export { createLevelsService, type LevelsService } from './levels.service';
