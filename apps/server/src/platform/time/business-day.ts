/** The business day is the calendar day in UTC+8 (product decisions: "today" resets at 00:00 UTC+8). */
const OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD` of the business day containing `at`. */
export function businessDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}
