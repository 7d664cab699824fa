import { addDaysIso, wallClockToInstant } from '@pd/contracts';
import { isoOfPicked } from '../../lib/pickedDates.ts';

/**
 * The diary shows the company's wall clock whatever the browser's zone: react-big-calendar gets "floating"
 * Dates whose local fields are the company's wall-clock time (as lib/pickedDates does for pickers). The
 * API gives startLocal/endLocal and takes wall-clock strings, so no instant arithmetic happens here except
 * for the range a read covers.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DDTHH:mm as a floating Date. */
export function floatingOf(wallClock: string): Date {
  const [date = '', time = '00:00'] = wallClock.split('T');
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [h = 0, mi = 0] = time.split(':').map(Number);
  return new Date(y, m - 1, d, h, mi);
}

/** A floating Date as the wall-clock string the API takes. */
export const wallClockOfFloating = (date: Date): string =>
  `${isoOfPicked(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Minutes from start to end of two floating Dates (wall clock, so a clock change does not count). */
export const minutesBetween = (start: Date, end: Date): number =>
  Math.round((end.getTime() - start.getTime()) / 60_000) +
  (start.getTimezoneOffset() - end.getTimezoneOffset());

/** The UTC instants from the start of the first shown day to the start of the day after the last. */
export function rangeInstants(firstDay: string, lastDay: string, timeZone: string) {
  const start = wallClockToInstant(firstDay, '00:00', timeZone);
  const end = wallClockToInstant(addDaysIso(lastDay, 1), '00:00', timeZone);
  if (!start || !end) throw new RangeError('Not a date');
  return { start: start.toISOString(), end: end.toISOString() };
}

/** Minutes since midnight of a floating Date. */
export const minuteOfDay = (date: Date): number => date.getHours() * 60 + date.getMinutes();

/** ISO weekday of a floating Date (1 Monday … 7 Sunday). */
export const isoWeekday = (date: Date): number => date.getDay() || 7;

/** "Tue 7 Jan 2030, 10:00–10:30" from two wall-clock strings. */
export function describeTimes(startLocal: string, endLocal: string): string {
  const start = floatingOf(startLocal);
  const day = start.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return `${day}, ${startLocal.slice(11)}–${endLocal.slice(11)}`;
}
