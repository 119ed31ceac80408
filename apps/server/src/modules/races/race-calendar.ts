import type { ApiLang } from '@taice/contract';
import { businessDay } from '../../platform/time/business-day';

/** Races follow the business day: UTC+8 (product decisions: leaderboard and campaigns). */
const OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
export const RACE_MS = 7 * DAY_MS;

export interface RaceWindow {
  /** Monday 00:00 UTC+8. */
  startsAt: Date;
  /** The next Monday 00:00 UTC+8 (exclusive): "Sunday 24:00". */
  endsAt: Date;
}

export interface RaceLabel {
  year: number;
  month: number;
  week: number;
}

/** The race week containing the business day `day` (`YYYY-MM-DD`). */
export function raceWindowOfDay(day: string): RaceWindow {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(midnight).getUTCDay() + 6) % 7; // Monday 0
  const startsAt = new Date(midnight - weekday * DAY_MS - OFFSET_MS);
  return { startsAt, endsAt: new Date(startsAt.getTime() + RACE_MS) };
}

/** The race week containing the instant `at`. */
export function raceWindowAt(at: Date): RaceWindow {
  return raceWindowOfDay(businessDay(at));
}

/**
 * A race is named after the month its Thursday falls in (most of its days), and numbered among that month's
 * races: "November, week 3". So every race has one label and a month's weeks count 1, 2, 3… without gaps.
 */
export function raceLabel(startsAt: Date): RaceLabel {
  const thursday = new Date(startsAt.getTime() + OFFSET_MS + 3 * DAY_MS);
  return {
    year: thursday.getUTCFullYear(),
    month: thursday.getUTCMonth() + 1,
    week: Math.floor((thursday.getUTCDate() - 1) / 7) + 1,
  };
}

const englishMonth = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
const labelFormats: Record<ApiLang, (l: RaceLabel) => string> = {
  en_US: (l) => `${englishMonth.format(Date.UTC(l.year, l.month - 1, 1))}, week ${l.week}`,
  'zh-CN': (l) => `${l.month}月第${l.week}周`,
  'zh-TW': (l) => `${l.month}月第${l.week}週`,
};

/** "November, week 3" / "11月第3周" / "11月第3週". */
export function raceLabelText(label: RaceLabel, lang: ApiLang): string {
  return labelFormats[lang](label);
}
