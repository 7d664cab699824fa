import { TZDate, tzOffset } from '@date-fns/tz';

/**
 * Every conversion between an instant and a company's wall clock goes through here, on @date-fns/tz, so
 * London's clock changes are handled in one place (spec section 9: dates are converted to and from UTC).
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm (24-hour) */
  time: string;
}

/** An instant as the wall clock of a time zone. */
export function wallClockOf(instant: Date | string | number, timeZone: string): WallClock {
  const at = new TZDate(new Date(instant).getTime(), timeZone);
  return {
    date: `${pad(at.getFullYear(), 4)}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => wallClockOf(now, timeZone).date;

/** An instant (ISO) as the company's local date and time, e.g. 2026-05-17 14:05; '—' when absent. */
export function formatDateTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  if (Number.isNaN(Date.parse(iso))) return iso;
  const { date, time } = wallClockOf(iso, timeZone);
  return `${date} ${time}`;
}

/**
 * A wall-clock date and time in a time zone as the UTC instant; null when that time does not exist there
 * (the hour skipped when the clocks go forward). An hour that happens twice reads as the later one.
 */
export function wallClockToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return null;
  const [y = 0, mo = 0, da = 0, h = 0, mi = 0, s = 0] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(
    Number,
  );
  const at = new TZDate(y, mo - 1, da, h, mi, s, timeZone);
  const exists =
    at.getFullYear() === y &&
    at.getMonth() === mo - 1 &&
    at.getDate() === da &&
    at.getHours() === h &&
    at.getMinutes() === mi;
  return exists ? new Date(at.getTime()) : null;
}

/** The first and last second of a range of days in a time zone, as UTC instants (statement dates). */
export function dayBoundsInstants(startDate: string, endDate: string, timeZone: string) {
  const start = wallClockToInstant(startDate, '00:00', timeZone);
  const end = wallClockToInstant(endDate, '23:59:59', timeZone);
  if (!start || !end) throw new RangeError('Not a date');
  return { start, end };
}

/** YYYY-MM-DD plus days (calendar arithmetic: no time zone can shift it). */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day a month earlier; the 31st of a short month becomes its last day. */
export function monthBeforeIso(date: string): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** Whether YYYY-MM-DD names a day that exists (2026-02-30 does not). */
export function isRealIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  // Year 0000 exists in JavaScript's calendar but not in PostgreSQL's (1 BC is followed by AD 1).
  if (!match || match[1] === '0000') return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const QUARTER_HOUR = 15 * 60_000;
const offsetsByQuarter = new Map<string, Map<number, number>>();

/**
 * The zone's UTC offset (minutes) at an instant, remembered per UTC quarter hour: zones change their offset
 * on a quarter hour, so a diary of hundreds of appointments asks Intl a few dozen times, not once each.
 */
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsetsByQuarter.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetsByQuarter.set(timeZone, zone);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    offset = tzOffset(timeZone, new Date(quarter * QUARTER_HOUR));
    if (zone.size > 100_000) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

/** An instant as one wall-clock string, YYYY-MM-DDTHH:mm, in a time zone (the diary's input format). */
export function wallClockStringOf(instant: Date | string | number, timeZone: string): string {
  const ms = new Date(instant).getTime();
  return new Date(ms + offsetAt(ms, timeZone) * 60_000).toISOString().slice(0, 16);
}

/**
 * YYYY-MM-DDTHH:mm in a time zone as the UTC instant; null when malformed, when the day does not exist, or
 * when the clocks skip that time. A time that happens twice reads as the later one, as wallClockToInstant
 * says. Fast: the zone's offsets on either side of any change within 14 hours are tried, and the one whose
 * instant reads back as the same wall clock wins.
 */
export function wallClockStringToInstant(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0] = m.slice(1).map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(asUtc)) return null;
  const offsets = new Set([-14, 0, 14].map((hours) => offsetAt(asUtc + hours * 3_600_000, timeZone)));
  let found: number | null = null;
  for (const offset of offsets) {
    const instant = asUtc - offset * 60_000;
    if (wallClockStringOf(instant, timeZone) === value && (found === null || instant > found))
      found = instant;
  }
  return found === null ? null : new Date(found);
}

/** ISO weekday of a YYYY-MM-DD (1 Monday … 7 Sunday): calendar arithmetic, no time zone involved. */
export function isoWeekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}
