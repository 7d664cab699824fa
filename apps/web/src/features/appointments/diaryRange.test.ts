import type { Practitioner } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { isWorkingSlot, rangeLabel, shownDays, stepDate } from './diaryRange.ts';
import { floatingOf, rangeInstants, wallClockOfFloating } from './diaryTime.ts';

const practitioner: Practitioner = {
  userId: 7,
  companyId: 1,
  displayName: 'Sipho Ndlovu',
  username: 'za.evolve',
  active: 'Y',
  colour: '#43a047',
  practiceNumber: null,
  registrationNumber: null,
  defaultRoomId: null,
  hours: [
    { weekday: 1, start: '08:00', end: '13:00' },
    { weekday: 1, start: '14:00', end: '17:00' },
  ],
};
const none = { exceptions: [], holidays: [] };

describe('the days a view shows', () => {
  it('a day, a week from Monday, a month in whole weeks, a fortnight of agenda', () => {
    const wednesday = floatingOf('2031-01-08T10:00');
    expect(shownDays('day', wednesday)).toEqual({ first: '2031-01-08', last: '2031-01-08' });
    expect(shownDays('week', wednesday)).toEqual({ first: '2031-01-06', last: '2031-01-12' });
    expect(shownDays('month', wednesday)).toEqual({ first: '2030-12-30', last: '2031-02-02' });
    expect(shownDays('agenda', wednesday)).toEqual({ first: '2031-01-08', last: '2031-01-21' });
  });

  it('steps and labels follow the view', () => {
    const day = floatingOf('2031-01-31T00:00');
    expect(wallClockOfFloating(stepDate('day', day, 1))).toBe('2031-02-01T00:00');
    expect(wallClockOfFloating(stepDate('week', day, -1))).toBe('2031-01-24T00:00');
    expect(wallClockOfFloating(stepDate('month', day, 1))).toBe('2031-02-28T00:00');
    expect(rangeLabel('day', day)).toBe('Friday 31 January 2031');
    expect(rangeLabel('week', day)).toBe('27 January – 2 February 2031');
    expect(rangeLabel('month', day)).toBe('January 2031');
  });

  it("reads the range in the company's zone: London's clocks going back make a 25-hour day", () => {
    expect(rangeInstants('2030-10-27', '2030-10-27', 'Europe/London')).toEqual({
      start: '2030-10-26T23:00:00.000Z',
      end: '2030-10-28T00:00:00.000Z',
    });
    expect(rangeInstants('2031-01-06', '2031-01-12', 'Africa/Johannesburg')).toEqual({
      start: '2031-01-05T22:00:00.000Z',
      end: '2031-01-12T22:00:00.000Z',
    });
  });
});

describe('working hours shading', () => {
  it('inside the weekly hours is open; the lunch break, the evening and other weekdays are not', () => {
    expect(isWorkingSlot(floatingOf('2031-01-06T08:00'), practitioner, none)).toBe(true);
    expect(isWorkingSlot(floatingOf('2031-01-06T12:45'), practitioner, none)).toBe(true);
    expect(isWorkingSlot(floatingOf('2031-01-06T13:00'), practitioner, none)).toBe(false);
    expect(isWorkingSlot(floatingOf('2031-01-06T17:00'), practitioner, none)).toBe(false);
    expect(isWorkingSlot(floatingOf('2031-01-07T09:00'), practitioner, none)).toBe(false);
  });

  it('leave, a practice closure and a public holiday close the day; another practitioner’s leave does not', () => {
    const leave = (
      practitionerId: number | null,
      startTime: string | null = null,
      endTime: string | null = null,
    ) => ({
      id: 1,
      companyId: 1,
      practitionerId,
      kind: 'leave' as const,
      startDate: '2031-01-06',
      endDate: '2031-01-06',
      startTime,
      endTime,
      note: null,
    });
    const slot = floatingOf('2031-01-06T09:00');
    expect(isWorkingSlot(slot, practitioner, { exceptions: [leave(7)], holidays: [] })).toBe(false);
    expect(isWorkingSlot(slot, practitioner, { exceptions: [leave(8)], holidays: [] })).toBe(true);
    expect(isWorkingSlot(slot, practitioner, { exceptions: [leave(null)], holidays: [] })).toBe(false);
    expect(
      isWorkingSlot(slot, practitioner, { exceptions: [leave(7, '10:00', '12:00')], holidays: [] }),
    ).toBe(true);
    expect(
      isWorkingSlot(slot, practitioner, { exceptions: [], holidays: [{ date: '2031-01-06', name: 'X' }] }),
    ).toBe(false);
    // Rooms side by side: no one's hours, only closures and holidays.
    expect(isWorkingSlot(floatingOf('2031-01-07T20:00'), undefined, none)).toBe(true);
  });
});
