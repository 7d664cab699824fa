import { type WallClock, wallClockToInstant } from '@pd/contracts';

/**
 * PrimeReact's calendars hold a Date whose local fields (in the browser's zone) are the day and time the
 * user picked. These turn that into the day or wall clock it means and back; which instant a wall clock is
 * in the company's time zone is for packages/contracts/src/time.ts to say.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** A picked day as the sent format YYYY-MM-DD (spec section 9). */
export const isoOfPicked = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** YYYY-MM-DD as a day to show in a picker; null when absent or not a date. */
export function pickedOfIso(iso: string | undefined | null): Date | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A picked date and time as the wall clock it shows: YYYY-MM-DD and HH:mm. */
export const wallClockOfPicked = (date: Date): WallClock => ({
  date: isoOfPicked(date),
  time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
});

/** A picked date and time read in the company's time zone, as the UTC instant; null when that time does not exist there. */
export function instantOfPicked(date: Date, timeZone: string): Date | null {
  const { date: day, time } = wallClockOfPicked(date);
  return wallClockToInstant(day, time, timeZone);
}

/**
 * A date field's value as the day it names, for a schema to check: YYYY-MM-DD from a picked Date, the
 * text typed while it is no date (the contracts' isoDate says what is wrong with it), undefined when empty.
 */
export function pickedDay(value: unknown): string | undefined {
  if (value instanceof Date) return isoOfPicked(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
