/** The business day is the calendar day in UTC+8 (product decisions: "today" resets at 00:00 UTC+8). */
const OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD` of the business day containing `at`. */
export function businessDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** ISO week (`2026-W47`) of the business day containing `at`. */
export function businessWeek(at: Date): string {
  const day = new Date(`${businessDay(at)}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  const thursday = new Date(day.getTime() + (3 - weekday) * 86_400_000);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = 1 + Math.floor((thursday.getTime() - yearStart) / (7 * 86_400_000));
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}
