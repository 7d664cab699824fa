/**
 * Issue 19, parts 3-5: the diary, messaging and clients reports answer ranges of at most ten years (a longer
 * one is a 400 naming the field).
 */
export const REPORT_MAX_YEARS = 10;
export const REPORT_MAX_MONTHS = REPORT_MAX_YEARS * 12;

/** The Monday of the ISO week of a YYYY-MM-DD day. */
export function weekStartIso(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The last day of a YYYY-MM month. */
export function lastDayOfMonthIso(month: string): string {
  const day = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** The same day `years` later (negative: earlier); 29 February becomes the 28th. */
export const addYearsIso = (date: string, years: number) =>
  `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`.replace(/-02-29$/, '-02-28');
