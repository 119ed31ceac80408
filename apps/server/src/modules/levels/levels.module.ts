/** The levels module's public surface: user levels by lifetime earnings. */
export { createLevelsService, type LevelsService } from './levels.service';
