import { RACE_MS } from './race-calendar';

/**
 * The one ordering rule of a race (product decisions): more TAICE first; between equal totals, whoever reached
 * theirs first, to the second; then the lower user id. The first two are one integer, so PostgreSQL's index
 * and Redis's sorted set order by the same number:
 *   rankScore = points * 2^20 + (2^20 - 1 - seconds into the race)
 * A week has 604,800 seconds (< 2^20), and points stay below 2^33 hundredths, so the score is an exact
 * integer in a double (< 2^53). The scores of one total run from points * SECOND_BITS to the next total's.
 */
export const SECOND_BITS = 2 ** 20;
export const MAX_RACE_POINTS = 2 ** 33 - 1;

export function rankScore(points: number, reachedAt: Date, raceStartsAt: Date): number {
  const seconds = Math.floor((reachedAt.getTime() - raceStartsAt.getTime()) / 1000);
  // Late daily issuance (a Sunday's tasks, issued after the end) counts as reached at the race's last second.
  const clamped = Math.min(Math.max(seconds, 0), RACE_MS / 1000 - 1);
  return Math.min(points, MAX_RACE_POINTS) * SECOND_BITS + (SECOND_BITS - 1 - clamped);
}

/** The TAICE (hundredths) a rank score was made from. */
export const pointsOfScore = (score: number): number => Math.floor(score / SECOND_BITS);
