import { z } from 'zod';
import { digitsParam } from './fields.ts';
import { pageOf } from './messaging.ts';
import { DISPATCH_STATUSES, REMINDER_CHANNELS, REMINDER_KINDS } from './reminders.ts';

/** One reminder or booking notice of one appointment (issue 16, part 3), as the Reminders page lists it. */
export const reminderDispatchSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  ruleId: z.number().int(),
  /** The appointment's version the dispatch was made for (every change of time, place or status is one). */
  version: z.number().int(),
  /** 1, or more after a retry. */
  attempt: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  kind: z.enum(REMINDER_KINDS),
  channel: z.enum(REMINDER_CHANNELS),
  status: z.enum(DISPATCH_STATUSES),
  reason: z.string().nullable(),
  typeName: z.string(),
  templateName: z.string(),
  /** The appointment's start this dispatch is for: UTC (ISO) and the company's wall clock. */
  appointmentStart: z.string(),
  appointmentStartLocal: z.string(),
  due: z.string(),
  dueLocal: z.string(),
  /** SMS segments and cost: the template's estimate while pending, what was charged once sent. */
  segments: z.number().int(),
  costCents: z.number().int(),
  estimated: z.boolean(),
  messageId: z.number().int().nullable(),
  messageStatus: z.enum(['queued', 'sending', 'sent', 'failed']).nullable(),
  lastError: z.string().nullable(),
  settled: z.string().nullable(),
});
export type ReminderDispatch = z.infer<typeof reminderDispatchSchema>;
export const reminderDispatchListSchema = z.array(reminderDispatchSchema);

const paging = {
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(z.number().int().min(1).max(100)).default(20),
};

/** Pending dispatches due in the next 7 days (and overdue ones), soonest first. */
export const upcomingQuerySchema = z.strictObject({
  channel: z.enum(REMINDER_CHANNELS).optional(),
  ...paging,
});

/** sent: sent or merged; failed: failed to send or not delivered; skipped: nothing to send. */
export const HISTORY_FILTERS = ['all', 'sent', 'failed', 'skipped'] as const;
export const historyQuerySchema = z.strictObject({
  status: z.enum(HISTORY_FILTERS).default('all'),
  channel: z.enum(REMINDER_CHANNELS).optional(),
  ...paging,
});

export const reminderDispatchPageSchema = pageOf(reminderDispatchSchema).extend({ timeZone: z.string() });
export type ReminderDispatchPage = z.infer<typeof reminderDispatchPageSchema>;

export const forecastDaySchema = z.object({
  /** YYYY-MM-DD in the company's zone; today includes what is overdue. */
  date: z.string(),
  sms: z.number().int(),
  email: z.number().int(),
  segments: z.number().int(),
  costCents: z.number().int(),
  /** This day's and the days before it together. */
  cumulativeCents: z.number().int(),
  /** Whether today's balance covers everything up to the end of this day. */
  covered: z.boolean(),
});

/** The 7-day credit forecast against the prepaid balance (estimates: the templates with typical values). */
export const reminderForecastSchema = z.object({
  timeZone: z.string(),
  balanceCents: z.number().int(),
  segmentPriceCents: z.number().int(),
  days: z.array(forecastDaySchema),
  totalCostCents: z.number().int(),
  /** What the balance lacks for the whole week (0 when it covers it). */
  shortfallCents: z.number().int(),
  /** The first day the balance runs short, or null. */
  firstShortDate: z.string().nullable(),
});
export type ReminderForecast = z.infer<typeof reminderForecastSchema>;
