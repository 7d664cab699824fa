import { describe, expect, it } from 'vitest';
import { instantOfPicked, isoOfPicked, pickedDay, pickedOfIso, wallClockOfPicked } from './pickedDates.ts';

describe('picked dates', () => {
  it('reads a picked day by its local fields, whatever the browser zone', () => {
    // The tests run in Johannesburg (vitest.config.ts): midnight on the 17th there is the 16th in UTC.
    const picked = new Date(1990, 4, 17);
    expect(picked.toISOString()).toBe('1990-05-16T22:00:00.000Z');
    expect(isoOfPicked(picked)).toBe('1990-05-17');
    expect(isoOfPicked(new Date(2026, 0, 1, 23, 59))).toBe('2026-01-01');
  });

  it('shows YYYY-MM-DD as that day, and nothing for what is no date', () => {
    const day = pickedOfIso('2026-02-28');
    expect(day && isoOfPicked(day)).toBe('2026-02-28');
    expect(pickedOfIso(null)).toBeNull();
    expect(pickedOfIso('28/02/2026')).toBeNull();
  });

  it('turns a date field into the day it names, the text typed, or nothing', () => {
    expect(pickedDay(new Date(2026, 4, 1))).toBe('2026-05-01');
    expect(pickedDay(' 2026-5-1 ')).toBe('2026-5-1');
    expect(pickedDay('   ')).toBeUndefined();
    expect(pickedDay(null)).toBeUndefined();
  });

  it('reads a picked date and time as a wall clock in the company zone', () => {
    expect(wallClockOfPicked(new Date(2026, 2, 29, 9, 5))).toEqual({ date: '2026-03-29', time: '09:05' });
    // 09:00 in London in summer is 08:00 UTC; in Johannesburg it is 07:00 UTC.
    expect(instantOfPicked(new Date(2026, 6, 1, 9, 0), 'Europe/London')?.toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(instantOfPicked(new Date(2026, 6, 1, 9, 0), 'Africa/Johannesburg')?.toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });

  it('has no instant for a time the clocks skip (01:30 on London spring-forward night)', () => {
    expect(instantOfPicked(new Date(2026, 2, 29, 1, 30), 'Europe/London')).toBeNull();
  });
});
