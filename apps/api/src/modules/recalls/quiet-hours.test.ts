import { describe, expect, it } from 'vitest';
import { publicHolidays } from '../appointments/holidays.ts';
import { nextMarketingInstant } from './quiet-hours.ts';

const holidaysOf = (calendar: 'ZA' | 'UK') => {
  const days = new Set(publicHolidays(calendar).map((h) => h.date));
  return (date: string) => days.has(date);
};
const ZA = 'Africa/Johannesburg';
const UK = 'Europe/London';
const za = (iso: string) => nextMarketingInstant(new Date(iso), ZA, holidaysOf('ZA')).toISOString();
const uk = (iso: string) => nextMarketingInstant(new Date(iso), UK, holidaysOf('UK')).toISOString();

describe('CPA regulation 4 quiet hours (South Africa, UTC+2)', () => {
  it('weekdays: 08:00 is inside, 07:59 waits for 08:00, 19:59 is inside, 20:00 waits for the next morning', () => {
    // Tuesday 2026-03-10.
    expect(za('2026-03-10T05:59:00Z')).toBe('2026-03-10T06:00:00.000Z'); // 07:59 local
    expect(za('2026-03-10T06:00:00Z')).toBe('2026-03-10T06:00:00.000Z'); // 08:00
    expect(za('2026-03-10T17:59:00Z')).toBe('2026-03-10T17:59:00.000Z'); // 19:59
    expect(za('2026-03-10T18:00:00Z')).toBe('2026-03-11T06:00:00.000Z'); // 20:00 → Wednesday 08:00
  });

  it('Saturdays only 09:00–13:00: 08:30 waits for 09:00, 12:59 goes, 13:00 waits for Monday 08:00', () => {
    // Saturday 2026-03-14, Monday 2026-03-16.
    expect(za('2026-03-14T06:30:00Z')).toBe('2026-03-14T07:00:00.000Z');
    expect(za('2026-03-14T10:59:00Z')).toBe('2026-03-14T10:59:00.000Z');
    expect(za('2026-03-14T11:00:00Z')).toBe('2026-03-16T06:00:00.000Z');
  });

  it('never on a Sunday: any time of Sunday waits for Monday 08:00', () => {
    expect(za('2026-03-15T10:00:00Z')).toBe('2026-03-16T06:00:00.000Z');
    expect(za('2026-03-14T22:30:00Z')).toBe('2026-03-16T06:00:00.000Z'); // Sunday 00:30 local
  });

  it('never on a public holiday: Easter (Good Friday, Saturday, Sunday, Family Day) waits for Tuesday', () => {
    // Thursday 2026-04-02 20:15 local → Good Friday 3rd and Family Day 6th are holidays, Saturday 4th opens at 09:00.
    expect(za('2026-04-02T18:15:00Z')).toBe('2026-04-04T07:00:00.000Z');
    // Saturday 4th after 13:00 → Sunday, then Family Day Monday → Tuesday 7th 08:00.
    expect(za('2026-04-04T11:00:00Z')).toBe('2026-04-07T06:00:00.000Z');
    // Human Rights Day falls on Saturday 2026-03-21: not even the Saturday window.
    expect(za('2026-03-21T08:00:00Z')).toBe('2026-03-23T06:00:00.000Z');
  });
});

describe('UK companies: Europe/London, across the clock changes', () => {
  it('the Sunday the clocks go forward waits for Monday 08:00 BST (07:00 UTC)', () => {
    expect(uk('2026-03-28T12:59:00Z')).toBe('2026-03-28T12:59:00.000Z'); // Saturday 12:59 GMT
    expect(uk('2026-03-28T13:00:00Z')).toBe('2026-03-30T07:00:00.000Z');
    expect(uk('2026-03-29T09:00:00Z')).toBe('2026-03-30T07:00:00.000Z');
  });

  it('the Sunday the clocks go back waits for Monday 08:00 GMT (08:00 UTC)', () => {
    expect(uk('2026-10-24T11:59:00Z')).toBe('2026-10-24T11:59:00.000Z'); // Saturday 12:59 BST
    expect(uk('2026-10-24T12:00:00Z')).toBe('2026-10-26T08:00:00.000Z'); // 13:00 BST
    expect(uk('2026-10-25T01:30:00Z')).toBe('2026-10-26T08:00:00.000Z');
  });

  it('a weekday evening: 19:59 BST goes, 20:00 BST waits; a bank holiday Monday waits for Tuesday', () => {
    expect(uk('2026-06-10T18:59:00Z')).toBe('2026-06-10T18:59:00.000Z');
    expect(uk('2026-06-10T19:00:00Z')).toBe('2026-06-11T07:00:00.000Z');
    expect(uk('2026-05-22T19:00:00Z')).toBe('2026-05-23T08:00:00.000Z'); // Friday 20:00 → Saturday 09:00
    expect(uk('2026-05-23T12:00:00Z')).toBe('2026-05-26T07:00:00.000Z'); // spring bank holiday 25th
  });
});
