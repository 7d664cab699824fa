import { z } from 'zod';
import { APPOINTMENT_FIELD_MESSAGES, cleanOptionalText } from './appointment-settings.ts';
import { digitsParam, FIELD_MESSAGES, idField, idParam, instantField, isoDate } from './fields.ts';
import { isRealIsoDate } from './time.ts';

export * from './appointment-settings.ts';

/**
 * Appointments (issue 15). Bodies carry times as the company's wall clock (YYYY-MM-DDTHH:mm: what the
 * receptionist sees); answers carry both the UTC instants and that wall clock. Range reads take ISO instants.
 */

/** FHIR Appointment.status, the subset a practice diary uses. */
export const APPOINTMENT_STATUSES = [
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
/** The statuses that hold their time: no two of one practitioner or room overlap. */
export const LIVE_APPOINTMENT_STATUSES = ['booked', 'arrived', 'fulfilled'] as const;
/** Statuses an appointment can be invoiced from (its visit; fees come from noshow and late cancellations). */
export const INVOICEABLE_STATUSES = ['arrived', 'fulfilled'] as const;

export const CANCEL_REASONS = ['client', 'practice', 'late'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What the appointment's invoice says: none yet, issued, or paid in full. */
export const APPOINTMENT_INVOICE_STATES = ['not-invoiced', 'invoiced', 'paid'] as const;
export type AppointmentInvoiceState = (typeof APPOINTMENT_INVOICE_STATES)[number];

export const SERIES_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];
export const MAX_SERIES_OCCURRENCES = 52;
/** Which occurrences of a series a change or cancellation reaches. */
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];

/** Toasts (the spec's catalogue style: "Created client."). */
export const APPOINTMENT_MESSAGES = {
  created: 'Created appointment.',
  updated: 'Updated appointment.',
  moved: 'Moved appointment.',
  cancelled: 'Cancelled appointment.',
  arrived: 'Marked appointment as arrived.',
  fulfilled: 'Marked appointment as completed.',
  noShow: 'Marked appointment as no-show.',
  seriesCreated: 'Created appointment series.',
  invoiced: 'Created invoice.',
  createFailed: 'Failed to create appointment. Please try again.',
  updateFailed: 'Failed to update appointment. Please try again.',
  clash: 'This time clashes with another appointment.',
  noAppointments: 'No appointments found.',
  loading: 'Loading appointments. Please wait.',
  feedCreated: 'Created calendar feed. Copy the address now: it is shown only once.',
  feedRevoked: 'Revoked calendar feed.',
} as const;

/** A company wall-clock time, YYYY-MM-DDTHH:mm, on a day that exists (whether the time exists is the zone's say). */
export const wallClockField = z
  .string({ error: FIELD_MESSAGES.required })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d$/, APPOINTMENT_FIELD_MESSAGES.wallClock)
  .refine((s) => isRealIsoDate(s.slice(0, 10)), FIELD_MESSAGES.realDate);

const bookingFields = {
  clientId: idField,
  practitionerId: idField,
  roomId: idField.nullish(),
  typeId: idField,
  start: wallClockField,
  /** Absent: the start plus the type's usual length. */
  end: wallClockField.optional(),
  /** Rich text, sanitised on the server. */
  notes: cleanOptionalText(10_000).nullish(),
  /** Deliberate double-booking: the only way past the no-overlap rule, and recorded in the audit trail. */
  allowOverlap: z.boolean(),
};
export const appointmentInputSchema = z.strictObject({
  ...bookingFields,
  allowOverlap: bookingFields.allowOverlap.default(false),
});
export type AppointmentInput = z.output<typeof appointmentInputSchema>;
/** Move, resize or change: absent fields keep their value (a move without an end keeps the length). */
export const appointmentUpdateSchema = z.strictObject(bookingFields).partial();
export type AppointmentUpdate = z.output<typeof appointmentUpdateSchema>;

export const appointmentStatusInputSchema = z.strictObject({
  status: z.enum(APPOINTMENT_STATUSES),
  /** Required when cancelling. */
  cancelReason: z.enum(CANCEL_REASONS).nullish(),
});
export type AppointmentStatusInput = z.output<typeof appointmentStatusInputSchema>;

export const seriesUpdateSchema = appointmentUpdateSchema.extend({ scope: z.enum(SERIES_SCOPES) });
export type SeriesUpdate = z.output<typeof seriesUpdateSchema>;
export const seriesStatusInputSchema = appointmentStatusInputSchema.extend({ scope: z.enum(SERIES_SCOPES) });
export type SeriesStatusInput = z.output<typeof seriesStatusInputSchema>;

export const seriesInputSchema = z
  .strictObject({
    ...bookingFields,
    allowOverlap: bookingFields.allowOverlap.default(false),
    frequency: z.enum(SERIES_FREQUENCIES),
    /** Either a number of occurrences or a last date (in the company's time zone), at most 52 either way. */
    count: z.number().int().min(1).max(MAX_SERIES_OCCURRENCES).optional(),
    until: isoDate.optional(),
    /** Book the occurrences that are free and skip those that clash; otherwise a clash books nothing (409). */
    skipClashes: z.boolean().default(false),
  })
  .superRefine((s, ctx) => {
    if ((s.count === undefined) === (s.until === undefined))
      ctx.addIssue({
        code: 'custom',
        message: 'Give either a number of occurrences or an end date.',
        path: ['count'],
      });
    if (s.until !== undefined && s.until < s.start.slice(0, 10))
      ctx.addIssue({ code: 'custom', message: APPOINTMENT_FIELD_MESSAGES.dateOrder, path: ['until'] });
  });
export type SeriesInput = z.output<typeof seriesInputSchema>;

// --------------------------------------------------------------------------------------------- answers

export const appointmentSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  practitionerId: z.number().int(),
  practitionerName: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  typeId: z.number().int(),
  typeName: z.string(),
  colour: z.string(),
  /** UTC instants (ISO, Z): the half-open range [start, end). */
  start: z.string(),
  end: z.string(),
  /** The same as the company's wall clock (YYYY-MM-DDTHH:mm) in timeZone. */
  startLocal: z.string(),
  endLocal: z.string(),
  timeZone: z.string(),
  bufferAfterMinutes: z.number().int(),
  status: z.enum(APPOINTMENT_STATUSES),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  notes: z.string().nullable(),
  allowOverlap: z.boolean(),
  seriesId: z.number().int().nullable(),
  seriesIndex: z.number().int().nullable(),
  invoiceStatus: z.enum(APPOINTMENT_INVOICE_STATES),
  invoiceId: z.number().int().nullable(),
  /** When the client confirmed this time by replying Y to a reminder (UTC, ISO); a move clears it. */
  confirmed: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);

/** A clash, named without health details: the other appointment, its time and the client's initials. */
export const clashSchema = z.object({
  appointmentId: z.number().int(),
  start: z.string(),
  end: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
  clientInitials: z.string(),
  /** Whether the practitioner or the room is taken. */
  resource: z.enum(['practitioner', 'room']),
});
export type Clash = z.infer<typeof clashSchema>;

export const seriesResultSchema = z.object({
  seriesId: z.number().int(),
  appointments: appointmentListSchema,
  /** Occurrences not booked because they clashed (only with skipClashes). */
  skipped: z.array(z.object({ index: z.number().int(), startLocal: z.string(), clash: clashSchema })),
});
export type SeriesResult = z.infer<typeof seriesResultSchema>;
export const seriesChangeResultSchema = z.object({ appointments: appointmentListSchema });

// ----------------------------------------------------------------------------------------- reads

/** Diary range: [start, end) as ISO instants, at most 42 days; optional filters. */
export const diaryQuerySchema = z.strictObject({
  start: instantField,
  end: instantField,
  practitionerId: idParam.optional(),
  roomId: idParam.optional(),
  typeId: idParam.optional(),
  /** Comma-separated statuses, e.g. booked,arrived. */
  status: z
    .string()
    .max(100)
    .optional()
    .refine((s) => !s || s.split(',').every((v) => (APPOINTMENT_STATUSES as readonly string[]).includes(v)), {
      message: 'Unknown status.',
    }),
});
export type DiaryQuery = z.output<typeof diaryQuerySchema>;
export const MAX_DIARY_DAYS = 42;

/** End-of-day list: the day (company's time zone; default today). */
export const dayQuerySchema = z.strictObject({ date: isoDate.optional() });

export const slotQuerySchema = z.strictObject({
  typeId: idParam,
  /** Comma-separated user ids; absent: every practitioner who offers the type. */
  practitionerIds: z
    .string()
    .max(500)
    .regex(/^\d+(,\d+)*$/, 'Comma-separated ids.')
    .optional(),
  roomId: idParam.optional(),
  /** From this instant on (default now). */
  from: instantField.optional(),
  count: digitsParam(z.number().int().min(1).max(10)).default(10),
});
export type SlotQuery = z.output<typeof slotQuerySchema>;
export const slotSchema = z.object({
  practitionerId: z.number().int(),
  practitionerName: z.string(),
  start: z.string(),
  end: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
});
export type Slot = z.infer<typeof slotSchema>;
export const slotListSchema = z.array(slotSchema);

// ------------------------------------------------------------------------------------- calendar feed

export const calendarFeedStateSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
/** The secret address, shown once when it is made. */
export const calendarFeedCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
