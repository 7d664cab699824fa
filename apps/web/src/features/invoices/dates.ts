import { companyWallTimeToIso } from '../clients/products/format.ts';

/** Today's date in the company's time zone, as YYYY-MM-DD (en-CA writes dates that way). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A day picked on a calendar (its local fields) as the sent format YYYY-MM-DD (spec section 9). */
export const isoOfPicked = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** YYYY-MM-DD as a calendar day to show in a picker; null when absent or not a date. */
export function pickedOfIso(iso: string | undefined | null): Date | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The same day a month earlier (the 31st of a short month becomes its last day): the statement's start. */
export function monthBefore(iso: string): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(y, m - 2, Math.min(d, lastDay)));
  return start.toISOString().slice(0, 10);
}

/**
 * Spec sections 4 and 9: statement dates are sent as start 00:00:00 and end 23:59:59 in the company's time
 * zone, converted to UTC.
 */
export function dayBoundsIso(
  start: Date,
  end: Date,
  timeZone: string,
): { startDate: string; endDate: string } {
  const at = (day: Date, h: number, min: number) =>
    companyWallTimeToIso(new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, min), timeZone);
  const endDate = new Date(Date.parse(at(end, 23, 59)) + 59_000).toISOString();
  return { startDate: at(start, 0, 0), endDate };
}
