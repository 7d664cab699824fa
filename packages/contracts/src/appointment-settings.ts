import { z } from 'zod';
import { YES_NO } from './enums.ts';
import { cents, FIELD_MESSAGES, idField, idParam, isoDate, optionalText, requiredText } from './fields.ts';

/**
 * Diary set-up (issue 15, part 1 and 2): practitioners, their working hours and exceptions, rooms and
 * appointment types. Administrators change them; everyone reads.
 */

export const APPOINTMENT_FIELD_MESSAGES = {
  colour: 'Use a colour such as #1e88e5.',
  timeOfDay: 'Use the format HH:mm (24-hour).',
  wallClock: 'Use the format YYYY-MM-DDTHH:mm.',
  nul: 'Text cannot contain NUL characters.',
  endAfterStart: 'The end must be after the start.',
  overlappingHours: 'Working hours of one day must not overlap.',
  minNotAboveMax: 'The shortest length cannot be longer than the longest.',
  durationInRange: 'The usual length must lie between the shortest and the longest.',
  oneSource: 'Link a product or a billing plan, not both.',
  dateOrder: 'The end date cannot be before the start date.',
  bothTimesOrNone: 'Give both times, or neither for whole days.',
} as const;
const AM = APPOINTMENT_FIELD_MESSAGES;

const noNul = (s: string) => !s.includes('\u0000');
/** Trimmed required text without NUL characters (PostgreSQL text cannot hold them). */
export const cleanRequiredText = (max: number) => requiredText(max).refine(noNul, AM.nul);
/** Trimmed optional text without NUL characters. */
export const cleanOptionalText = (max: number) => optionalText(max).refine(noNul, AM.nul);

/** #rrggbb, as the diary paints it. */
export const colourField = z
  .string({ error: FIELD_MESSAGES.required })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, AM.colour)
  .transform((s) => s.toLowerCase());

/** HH:mm on a 24-hour clock; 24:00 is the end of the day. */
export const timeOfDay = z
  .string({ error: FIELD_MESSAGES.required })
  .trim()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, AM.timeOfDay);

/** Minutes since midnight of an HH:mm. */
export const minutesOfDay = (time: string): number => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/** ISO weekday: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayField = z.number().int().min(1).max(7);

// ---------------------------------------------------------------------------------------------- hours

export const workingIntervalSchema = z
  .strictObject({ weekday: weekdayField, start: timeOfDay, end: timeOfDay })
  .refine((i) => minutesOfDay(i.end) > minutesOfDay(i.start), { message: AM.endAfterStart, path: ['end'] });
export type WorkingInterval = z.infer<typeof workingIntervalSchema>;

/** Several intervals per weekday (a lunch break is two); none may overlap another of its day. */
export const workingHoursInputSchema = z
  .strictObject({ intervals: z.array(workingIntervalSchema).max(70) })
  .superRefine(({ intervals }, ctx) => {
    intervals.forEach((a, i) => {
      const clash = intervals.some(
        (b, j) =>
          j < i &&
          b.weekday === a.weekday &&
          minutesOfDay(a.start) < minutesOfDay(b.end) &&
          minutesOfDay(b.start) < minutesOfDay(a.end),
      );
      if (clash)
        ctx.addIssue({ code: 'custom', message: AM.overlappingHours, path: ['intervals', i, 'start'] });
    });
  });
export type WorkingHoursInput = z.infer<typeof workingHoursInputSchema>;

// ------------------------------------------------------------------------------------- practitioners

const practitionerFields = {
  active: z.enum(YES_NO),
  colour: colourField,
  /** Practice number (company type H; printed on medical accounts later). */
  practiceNumber: cleanOptionalText(30).nullish(),
  /** Professional registration number (e.g. HPCSA). */
  registrationNumber: cleanOptionalText(30).nullish(),
  defaultRoomId: idField.nullish(),
};
/** Makes a user a practitioner, or changes one: absent fields keep their value (defaults on first save). */
export const practitionerInputSchema = z.strictObject(practitionerFields).partial();
export type PractitionerInput = z.infer<typeof practitionerInputSchema>;

export const practitionerSchema = z.object({
  userId: z.number().int(),
  companyId: z.number().int(),
  displayName: z.string(),
  username: z.string(),
  active: z.enum(YES_NO),
  colour: z.string(),
  practiceNumber: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  defaultRoomId: z.number().int().nullable(),
  hours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
});
export type Practitioner = z.infer<typeof practitionerSchema>;

// -------------------------------------------------------------------------------------- exceptions

export const EXCEPTION_KINDS = ['leave', 'training', 'closed', 'other'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

const exceptionFields = {
  /** The practitioner away; null closes the whole practice. */
  practitionerId: idField.nullable(),
  kind: z.enum(EXCEPTION_KINDS),
  startDate: isoDate,
  endDate: isoDate,
  /** Both or neither: a part of each day, else whole days. */
  startTime: timeOfDay.nullish(),
  endTime: timeOfDay.nullish(),
  note: cleanOptionalText(200).nullish(),
};
type ExceptionShape = {
  startDate?: string | undefined;
  endDate?: string | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
};
const exceptionRules = (e: ExceptionShape, ctx: z.RefinementCtx) => {
  if (e.startDate && e.endDate && e.endDate < e.startDate)
    ctx.addIssue({ code: 'custom', message: AM.dateOrder, path: ['endDate'] });
  if (Boolean(e.startTime) !== Boolean(e.endTime) && (e.startTime !== undefined || e.endTime !== undefined))
    ctx.addIssue({ code: 'custom', message: AM.bothTimesOrNone, path: ['endTime'] });
  if (e.startTime && e.endTime && minutesOfDay(e.endTime) <= minutesOfDay(e.startTime))
    ctx.addIssue({ code: 'custom', message: AM.endAfterStart, path: ['endTime'] });
};
export const exceptionInputSchema = z
  .strictObject({ ...exceptionFields, practitionerId: exceptionFields.practitionerId.default(null) })
  .superRefine(exceptionRules);
export type ExceptionInput = z.output<typeof exceptionInputSchema>;
export const exceptionUpdateSchema = z.strictObject(exceptionFields).partial().superRefine(exceptionRules);
export type ExceptionUpdate = z.output<typeof exceptionUpdateSchema>;

export const exceptionSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  practitionerId: z.number().int().nullable(),
  kind: z.enum(EXCEPTION_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
});
export type AvailabilityException = z.infer<typeof exceptionSchema>;

export const exceptionQuerySchema = z.strictObject({
  start: isoDate.optional(),
  end: isoDate.optional(),
  practitionerId: idParam.optional(),
});

/** Public holidays shipped as data: South Africa for ZA companies, England and Wales otherwise. */
export const holidaySchema = z.object({ date: z.string(), name: z.string() });
export type PublicHoliday = z.infer<typeof holidaySchema>;
export const holidayListSchema = z.object({ calendar: z.string(), holidays: z.array(holidaySchema) });
export const holidayQuerySchema = z.strictObject({ start: isoDate.optional(), end: isoDate.optional() });

// ------------------------------------------------------------------------------------------- rooms

const roomFields = {
  name: cleanRequiredText(100),
  description: cleanOptionalText(500).nullish(),
  active: z.enum(YES_NO),
};
export const roomInputSchema = z.strictObject({ ...roomFields, active: roomFields.active.default('Y') });
export type RoomInput = z.output<typeof roomInputSchema>;
export const roomUpdateSchema = z.strictObject(roomFields).partial();
export type RoomUpdate = z.output<typeof roomUpdateSchema>;
export const roomSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.enum(YES_NO),
});
export type Room = z.infer<typeof roomSchema>;

// --------------------------------------------------------------------------------- appointment types

/** Twelve hours: the longest appointment the diary takes. */
export const MAX_APPOINTMENT_MINUTES = 12 * 60;
const minutes = z.number({ error: FIELD_MESSAGES.required }).int().min(5).max(MAX_APPOINTMENT_MINUTES);

const typeFields = {
  name: cleanRequiredText(100),
  durationMinutes: minutes,
  /** The range of lengths a booking of this type may have. */
  minMinutes: minutes,
  maxMinutes: minutes,
  colour: colourField,
  bufferAfterMinutes: z.number().int().min(0).max(240),
  /** What the appointment invoices: a company product or a billing plan (at most one). */
  productId: idField.nullish(),
  billingPlanId: idField.nullish(),
  /** Tariff code for medical accounts (stored now, printed once medical accounts land). */
  tariffCode: cleanOptionalText(20).nullish(),
  noShowFeeCents: cents.nullish(),
  lateCancelFeeCents: cents.nullish(),
  /** The practitioners who offer it; empty means every practitioner. */
  practitionerIds: z.array(idField).max(200),
  active: z.enum(YES_NO),
};
type TypeShape = {
  durationMinutes?: number | undefined;
  minMinutes?: number | undefined;
  maxMinutes?: number | undefined;
  productId?: number | null | undefined;
  billingPlanId?: number | null | undefined;
};
const typeRules = (t: TypeShape, ctx: z.RefinementCtx) => {
  if (t.minMinutes !== undefined && t.maxMinutes !== undefined && t.minMinutes > t.maxMinutes)
    ctx.addIssue({ code: 'custom', message: AM.minNotAboveMax, path: ['maxMinutes'] });
  const { durationMinutes: d, minMinutes: lo, maxMinutes: hi } = t;
  if (d !== undefined && ((lo !== undefined && d < lo) || (hi !== undefined && d > hi)))
    ctx.addIssue({ code: 'custom', message: AM.durationInRange, path: ['durationMinutes'] });
  if (t.productId && t.billingPlanId)
    ctx.addIssue({ code: 'custom', message: AM.oneSource, path: ['billingPlanId'] });
};
/** Create: the range defaults to the usual length alone; no buffer; every practitioner; active. */
export const appointmentTypeInputSchema = z
  .strictObject({
    ...typeFields,
    minMinutes: typeFields.minMinutes.optional(),
    maxMinutes: typeFields.maxMinutes.optional(),
    colour: typeFields.colour.default('#1e88e5'),
    bufferAfterMinutes: typeFields.bufferAfterMinutes.default(0),
    practitionerIds: typeFields.practitionerIds.default([]),
    active: typeFields.active.default('Y'),
  })
  .superRefine(typeRules)
  .transform((t) => ({
    ...t,
    minMinutes: t.minMinutes ?? t.durationMinutes,
    maxMinutes: t.maxMinutes ?? t.durationMinutes,
  }));
export type AppointmentTypeInput = z.output<typeof appointmentTypeInputSchema>;
/** Update: only the fields sent change; the merged type is checked again by the service. */
export const appointmentTypeUpdateSchema = z.strictObject(typeFields).partial().superRefine(typeRules);
export type AppointmentTypeUpdate = z.output<typeof appointmentTypeUpdateSchema>;

export const appointmentTypeSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  minMinutes: z.number().int(),
  maxMinutes: z.number().int(),
  colour: z.string(),
  bufferAfterMinutes: z.number().int(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  billingPlanId: z.number().int().nullable(),
  billingPlanName: z.string().nullable(),
  /** The price the appointment invoices (the product's premium or the plan's amount), in cents. */
  priceCents: z.number().int().nullable(),
  tariffCode: z.string().nullable(),
  noShowFeeCents: z.number().int().nullable(),
  lateCancelFeeCents: z.number().int().nullable(),
  practitionerIds: z.array(z.number().int()),
  active: z.enum(YES_NO),
});
export type AppointmentType = z.infer<typeof appointmentTypeSchema>;

// --------------------------------------------------------------------------------------------- toasts

/** Toasts of the diary's Settings tabs and the calendar feed (the spec's catalogue style: "Created client."). */
export const DIARY_SETTINGS_MESSAGES = {
  roomCreated: 'Created room.',
  roomUpdated: 'Updated room.',
  roomDeleted: 'Deleted room.',
  typeCreated: 'Created appointment type.',
  typeUpdated: 'Updated appointment type.',
  typeDeleted: 'Deleted appointment type.',
  practitionerUpdated: 'Updated practitioner.',
  hoursUpdated: 'Updated working hours.',
  exceptionCreated: 'Created availability exception.',
  exceptionUpdated: 'Updated availability exception.',
  exceptionDeleted: 'Deleted availability exception.',
  feedCopied: 'Copied calendar feed address.',
  feedCopyFailed: 'Failed to copy calendar feed address. Please copy it by hand.',
  feedCreateFailed: 'Failed to create calendar feed. Please try again.',
  feedRevokeFailed: 'Failed to revoke calendar feed. Please try again.',
} as const;
