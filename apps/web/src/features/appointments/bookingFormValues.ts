import {
  type Appointment,
  type AppointmentInput,
  type AppointmentUpdate,
  appointmentInputSchema,
  FIELD_MESSAGES,
  type SeriesFrequency,
  type SeriesInput,
  seriesInputSchema,
  type YesNo,
} from '@pd/contracts';
import type { ClientPick } from '../../api/clientForms.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { pickedDay } from '../../lib/pickedDates.ts';
import type { ClientFormValues } from '../clients/forms/clientFormValues.ts';
import { floatingOf, wallClockOfFloating } from './diaryTime.ts';

/** The booking panel as edited: ids as numbers for the dropdowns, the start as a picked floating Date. */
export interface BookingFormValues {
  client: ClientPick | string | null;
  typeId: number | null;
  practitionerId: number | null;
  roomId: number | null;
  start: Date | string | null;
  minutes: number | null;
  notes: string;
  /** Deliberate double-booking (a checkbox). */
  allowOverlap: YesNo;
  repeat: 'none' | SeriesFrequency;
  ends: 'count' | 'until';
  count: number | null;
  until: Date | string | null;
}

/** What the panel sends: one booking, a series, or a change of an existing appointment. */
export type BookingRequest =
  | { kind: 'single'; body: AppointmentInput }
  | { kind: 'series'; body: SeriesInput }
  | { kind: 'update'; body: AppointmentUpdate };

export interface BookingDefaults {
  start: Date;
  minutes: number | null;
  practitionerId: number | null;
  roomId: number | null;
  typeId: number | null;
}

export const newBookingValues = (d: BookingDefaults): BookingFormValues => ({
  client: null,
  typeId: d.typeId,
  practitionerId: d.practitionerId,
  roomId: d.roomId,
  start: d.start,
  minutes: d.minutes,
  notes: '',
  allowOverlap: 'N',
  repeat: 'none',
  ends: 'count',
  count: 6,
  until: null,
});

export const editBookingValues = (a: Appointment): BookingFormValues => ({
  client: { id: a.clientId, name: a.clientName, email: null },
  typeId: a.typeId,
  practitionerId: a.practitionerId,
  roomId: a.roomId,
  start: floatingOf(a.startLocal),
  minutes: minutesOfWallClocks(a.startLocal, a.endLocal),
  notes: a.notes ?? '',
  allowOverlap: a.allowOverlap ? 'Y' : 'N',
  repeat: 'none',
  ends: 'count',
  count: 6,
  until: null,
});

/** A search typed into the client picker that reads as a name (no e-mail, no digits) starts a new client's names. */
export function namesOfSearch(typed: BookingFormValues['client']): Partial<ClientFormValues> {
  if (typeof typed !== 'string' || /[@\d]/.test(typed)) return {};
  const [first = '', ...rest] = typed.trim().split(/\s+/);
  return first ? { firstName: first, lastName: rest.join(' '), preferredName: first } : {};
}

const asUtc = (wall: string) => Date.parse(`${wall}:00Z`);
/** Wall-clock arithmetic (no zone can shift it): the start plus minutes. */
export const addMinutesToWallClock = (wall: string, minutes: number): string =>
  new Date(asUtc(wall) + minutes * 60_000).toISOString().slice(0, 16);
export const minutesOfWallClocks = (start: string, end: string): number =>
  Math.round((asUtc(end) - asUtc(start)) / 60_000);

/** An editor left empty holds an empty paragraph: that is no note. */
const notesOf = (html: string) => (html.replace(/<[^>]*>/g, '').trim() === '' ? null : html);

/** Where an API path lands on the form: the end is shown on the length, occurrences nowhere. */
export const bookingFieldOf = (path: string): string => {
  const field = path.replace(/^body\./, '');
  return field === 'end' ? 'minutes' : field;
};

/**
 * The panel's values checked the way the API checks them (contracts appointmentInputSchema or
 * seriesInputSchema) and turned into the request; `editing` makes it a change of that appointment.
 */
export const bookingFormSchema = (editing: Appointment | null) =>
  formSchema<BookingFormValues, BookingRequest>((values, problem) => {
    if (!values.client || typeof values.client === 'string')
      problem('client', 'Choose a client from the list.');
    if (!(values.start instanceof Date)) problem('start', FIELD_MESSAGES.required);
    if (values.minutes === null || values.minutes <= 0) problem('minutes', FIELD_MESSAGES.required);
    const start = values.start instanceof Date ? wallClockOfFloating(values.start) : '';
    const booking = {
      clientId: typeof values.client === 'object' && values.client ? values.client.id : 0,
      practitionerId: values.practitionerId ?? 0,
      roomId: values.roomId,
      typeId: values.typeId ?? 0,
      start,
      end: start && values.minutes ? addMinutesToWallClock(start, values.minutes) : undefined,
      notes: notesOf(values.notes),
      allowOverlap: values.allowOverlap === 'Y',
    };
    const fieldOf = (path: string) => bookingFieldOf(path);
    if (editing) {
      const body = checkWith(appointmentInputSchema, booking, problem, fieldOf);
      return body && { kind: 'update', body };
    }
    if (values.repeat === 'none') {
      const body = checkWith(appointmentInputSchema, booking, problem, fieldOf);
      return body && { kind: 'single', body };
    }
    const series = {
      ...booking,
      frequency: values.repeat,
      ...(values.ends === 'count'
        ? { count: values.count ?? undefined }
        : { until: pickedDay(values.until) }),
    };
    if (values.ends === 'count' && values.count === null) problem('count', FIELD_MESSAGES.required);
    if (values.ends === 'until' && !pickedDay(values.until)) problem('until', FIELD_MESSAGES.required);
    const body = checkWith(seriesInputSchema, series, problem, fieldOf);
    return body && { kind: 'series', body };
  });
