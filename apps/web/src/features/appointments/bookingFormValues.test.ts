import type { Appointment } from '@pd/contracts';
import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../lib/forms/testing.ts';
import {
  addMinutesToWallClock,
  type BookingFormValues,
  bookingFormSchema,
  editBookingValues,
  namesOfSearch,
  newBookingValues,
} from './bookingFormValues.ts';
import { floatingOf } from './diaryTime.ts';

const filled = (changes: Partial<BookingFormValues> = {}): BookingFormValues => ({
  ...newBookingValues({
    start: floatingOf('2031-01-06T10:00'),
    minutes: 30,
    practitionerId: 7,
    roomId: null,
    typeId: 3,
  }),
  client: { id: 42, name: 'Ann Lee', email: null },
  ...changes,
});

describe('booking form values', () => {
  it('a booking: wall-clock start and end, no notes from an empty editor, no double-booking', () => {
    const parsed = bookingFormSchema(null).parse(filled({ notes: '<p></p>' }));
    expect(parsed).toEqual({
      kind: 'single',
      body: {
        clientId: 42,
        practitionerId: 7,
        roomId: null,
        typeId: 3,
        start: '2031-01-06T10:00',
        end: '2031-01-06T10:30',
        notes: null,
        allowOverlap: false,
      },
    });
  });

  it('the length is wall-clock minutes, across midnight too', () => {
    expect(addMinutesToWallClock('2031-01-06T23:30', 45)).toBe('2031-01-07T00:15');
  });

  it('text typed in the client picker but not chosen, and a missing start, are refused on their fields', () => {
    expect(problemsOf(bookingFormSchema(null), filled({ client: 'Ann', start: null }))).toMatchObject({
      client: 'Choose a client from the list.',
      start: expect.any(String),
    });
  });

  it('a series: frequency with a count or a last date; double-booking is carried', () => {
    const weekly = bookingFormSchema(null).parse(filled({ repeat: 'weekly', count: 4, allowOverlap: 'Y' }));
    expect(weekly).toMatchObject({
      kind: 'series',
      body: { frequency: 'weekly', count: 4, allowOverlap: true },
    });
    const until = bookingFormSchema(null).parse(
      filled({ repeat: 'monthly', ends: 'until', until: floatingOf('2031-06-30T00:00') }),
    );
    expect(until).toMatchObject({ kind: 'series', body: { frequency: 'monthly', until: '2031-06-30' } });
    expect(problemsOf(bookingFormSchema(null), filled({ repeat: 'weekly', count: 53 }))).toHaveProperty(
      'count',
    );
  });

  it('editing starts from the appointment and answers a change', () => {
    const appointment = {
      id: 9,
      clientId: 42,
      clientName: 'Ann Lee',
      practitionerId: 7,
      roomId: 2,
      typeId: 3,
      startLocal: '2031-01-06T10:00',
      endLocal: '2031-01-06T10:45',
      notes: '<p>Knee</p>',
      allowOverlap: false,
    } as Appointment;
    const values = editBookingValues(appointment);
    expect(values).toMatchObject({ minutes: 45, roomId: 2, notes: '<p>Knee</p>', allowOverlap: 'N' });
    expect(bookingFormSchema(appointment).parse(values)).toMatchObject({
      kind: 'update',
      body: { start: '2031-01-06T10:00', end: '2031-01-06T10:45', roomId: 2 },
    });
  });

  it('a name typed into the client search starts a new client; an e-mail, a number or a choice does not', () => {
    expect(namesOfSearch('  Thandi  van der Merwe ')).toEqual({
      firstName: 'Thandi',
      lastName: 'van der Merwe',
      preferredName: 'Thandi',
    });
    expect(namesOfSearch('Thandi')).toEqual({ firstName: 'Thandi', lastName: '', preferredName: 'Thandi' });
    expect(namesOfSearch('thandi@example.com')).toEqual({});
    expect(namesOfSearch('082 555')).toEqual({});
    expect(namesOfSearch('   ')).toEqual({});
    expect(namesOfSearch(null)).toEqual({});
    expect(namesOfSearch({ id: 4, name: 'Ann Lee', email: null })).toEqual({});
  });
});
