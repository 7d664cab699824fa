import type { AvailabilityException, Practitioner, PublicHoliday } from '@pd/contracts';
import { minutesOfDay } from '@pd/contracts';
import { addDays, addMonths, endOfMonth, endOfWeek, startOfDay, startOfMonth, startOfWeek } from 'date-fns';
import { isoOfPicked } from '../../lib/pickedDates.ts';
import { isoWeekday, minuteOfDay } from './diaryTime.ts';

export const DIARY_VIEWS = ['day', 'week', 'month', 'agenda'] as const;
export type DiaryView = (typeof DIARY_VIEWS)[number];
export const AGENDA_DAYS = 14;
const WEEK = { weekStartsOn: 1 } as const;

/** The first and last day (YYYY-MM-DD) a view of a date shows. */
export function shownDays(view: DiaryView, date: Date): { first: string; last: string } {
  const day = startOfDay(date);
  const [first, last] =
    view === 'day'
      ? [day, day]
      : view === 'week'
        ? [startOfWeek(day, WEEK), endOfWeek(day, WEEK)]
        : view === 'month'
          ? [startOfWeek(startOfMonth(day), WEEK), endOfWeek(endOfMonth(day), WEEK)]
          : [day, addDays(day, AGENDA_DAYS - 1)];
  return { first: isoOfPicked(first), last: isoOfPicked(last) };
}

/** The date one step back or forward in a view. */
export function stepDate(view: DiaryView, date: Date, direction: 1 | -1): Date {
  if (view === 'day') return addDays(date, direction);
  if (view === 'week') return addDays(date, 7 * direction);
  if (view === 'month') return addMonths(date, direction);
  return addDays(date, AGENDA_DAYS * direction);
}

/** The heading of the shown range: "Tuesday 7 January 2030", "6–12 January 2030", "January 2030". */
export function rangeLabel(view: DiaryView, date: Date): string {
  const long = (d: Date, withYear = true) =>
    d.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      ...(withYear ? { year: 'numeric' } : {}),
    });
  if (view === 'day') return date.toLocaleDateString('en-GB', { weekday: 'long' }).concat(' ', long(date));
  if (view === 'month') return date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  const days = shownDays(view, date);
  const [first, last] = [new Date(`${days.first}T00:00`), new Date(`${days.last}T00:00`)];
  return `${long(first, false)} – ${long(last)}`;
}

export interface Absences {
  exceptions: AvailabilityException[];
  holidays: PublicHoliday[];
}

/** Whether an exception covers a slot (its practitioner's, or one closing the whole practice). */
function exceptionCovers(
  e: AvailabilityException,
  practitionerId: number | null,
  day: string,
  minute: number,
) {
  if (e.practitionerId !== null && e.practitionerId !== practitionerId) return false;
  if (day < e.startDate || day > e.endDate) return false;
  if (!e.startTime || !e.endTime) return true;
  return minute >= minutesOfDay(e.startTime) && minute < minutesOfDay(e.endTime);
}

/**
 * Whether a practitioner works at a slot: inside their weekly hours, not on leave or a closure, not a public
 * holiday. With no practitioner (rooms side by side) only closures and holidays count.
 */
export function isWorkingSlot(
  slot: Date,
  practitioner: Practitioner | undefined,
  absences: Absences,
): boolean {
  const day = isoOfPicked(slot);
  const minute = minuteOfDay(slot);
  if (absences.holidays.some((h) => h.date === day)) return false;
  const practitionerId = practitioner?.userId ?? null;
  if (absences.exceptions.some((e) => exceptionCovers(e, practitionerId, day, minute))) return false;
  if (!practitioner) return true;
  const weekday = isoWeekday(slot);
  return practitioner.hours.some(
    (h) => h.weekday === weekday && minute >= minutesOfDay(h.start) && minute < minutesOfDay(h.end),
  );
}
