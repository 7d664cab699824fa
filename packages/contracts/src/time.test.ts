import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  dayBoundsInstants,
  formatDateTimeIn,
  isRealIsoDate,
  monthBeforeIso,
  todayIn,
  wallClockOf,
  wallClockToInstant,
} from './time.ts';

const LONDON = 'Europe/London';
const JOBURG = 'Africa/Johannesburg';

describe('wall clock and instants', () => {
  it('reads London in winter as UTC and in summer as UTC+1', () => {
    expect(wallClockToInstant('2026-01-15', '09:00', LONDON)?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(wallClockToInstant('2026-07-15', '09:00', LONDON)?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });

  it('crosses the March change: the skipped hour does not exist, the hours around it do', () => {
    expect(wallClockToInstant('2026-03-29', '00:59', LONDON)?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(wallClockToInstant('2026-03-29', '01:30', LONDON)).toBeNull();
    expect(wallClockToInstant('2026-03-29', '02:00', LONDON)?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });

  it('crosses the October change: the repeated hour reads as one instant and round-trips', () => {
    const at = wallClockToInstant('2026-10-25', '01:30', LONDON);
    expect(at).not.toBeNull();
    expect(wallClockOf(at as Date, LONDON)).toEqual({ date: '2026-10-25', time: '01:30' });
    expect(wallClockToInstant('2026-10-25', '09:00', LONDON)?.toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(wallClockToInstant('2026-10-24', '09:00', LONDON)?.toISOString()).toBe('2026-10-24T08:00:00.000Z');
  });

  it('Johannesburg is always UTC+2', () => {
    expect(wallClockToInstant('2026-07-01', '00:30', JOBURG)?.toISOString()).toBe('2026-06-30T22:30:00.000Z');
    expect(formatDateTimeIn('2026-06-30T22:30:00.000Z', JOBURG)).toBe('2026-07-01 00:30');
  });

  it('today is the date in the zone, not in UTC', () => {
    expect(todayIn(JOBURG, new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayIn(LONDON, new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(todayIn(LONDON, new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });

  it('day bounds span 00:00:00 to 23:59:59 local, across a clock change', () => {
    const { start, end } = dayBoundsInstants('2026-03-28', '2026-03-29', LONDON);
    expect(start.toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T22:59:59.000Z');
  });

  it('refuses impossible dates and malformed times', () => {
    expect(wallClockToInstant('2026-02-30', '09:00', LONDON)).toBeNull();
    expect(wallClockToInstant('2026-02-10', '9am', LONDON)).toBeNull();
    expect(isRealIsoDate('2026-02-30')).toBe(false);
    expect(isRealIsoDate('2028-02-29')).toBe(true);
    expect(formatDateTimeIn(null, LONDON)).toBe('—');
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months and years', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('a month before the 31st is the last day of the shorter month', () => {
    expect(monthBeforeIso('2026-03-31')).toBe('2026-02-28');
    expect(monthBeforeIso('2026-01-15')).toBe('2025-12-15');
  });
});
