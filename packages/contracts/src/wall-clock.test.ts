import { describe, expect, it } from 'vitest';
import { wallClockOf, wallClockStringOf, wallClockStringToInstant, wallClockToInstant } from './time.ts';

describe('wallClockStringOf (the diary’s fast path)', () => {
  it('agrees with wallClockOf around both London clock changes and in Johannesburg', () => {
    for (const start of ['2026-03-28T22:00:00Z', '2026-10-24T22:00:00Z']) {
      for (let minutes = 0; minutes < 8 * 60; minutes += 7) {
        const at = new Date(Date.parse(start) + minutes * 60_000);
        for (const zone of ['Europe/London', 'Africa/Johannesburg']) {
          const { date, time } = wallClockOf(at, zone);
          expect(wallClockStringOf(at, zone)).toBe(`${date}T${time}`);
        }
      }
    }
    expect(wallClockStringOf('2026-03-29T01:00:00Z', 'Europe/London')).toBe('2026-03-29T02:00');
    expect(wallClockStringOf('2026-10-25T00:59:00Z', 'Europe/London')).toBe('2026-10-25T01:59');
    expect(wallClockStringOf('2026-10-25T01:00:00Z', 'Europe/London')).toBe('2026-10-25T01:00');
  });

  it('reads a wall-clock string back; a skipped time is null', () => {
    expect(wallClockStringToInstant('2026-03-29T01:30', 'Europe/London')).toBeNull();
    expect(wallClockStringToInstant('2026-03-29T03:30', 'Europe/London')?.toISOString()).toBe(
      '2026-03-29T02:30:00.000Z',
    );
    expect(wallClockStringToInstant('2026-02-30T10:00', 'Africa/Johannesburg')).toBeNull();
  });
});

describe('wallClockStringToInstant', () => {
  it('agrees with wallClockToInstant every 5 minutes over both London change nights, and in Johannesburg', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2027-03-28', '2027-10-31']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 5) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        for (const zone of ['Europe/London', 'Africa/Johannesburg']) {
          const expected = wallClockToInstant(day, time, zone)?.toISOString() ?? null;
          expect(
            wallClockStringToInstant(`${day}T${time}`, zone)?.toISOString() ?? null,
            `${day} ${time} ${zone}`,
          ).toBe(expected);
        }
      }
    }
  });
});
