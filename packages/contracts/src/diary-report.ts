import { z } from 'zod';
import { digitsParam, idField, isoDate } from './fields.ts';

/**
 * Issue 19, part 3: the diary report. Per practitioner and week (Monday to Sunday) or month: working minutes
 * (weekly hours less leave, closures and public holidays), booked minutes (appointments booked, arrived,
 * fulfilled or not shown, by their start in the company's time zone), no-shows and late cancellations of the
 * appointments (all but those entered in error), and the clients seen: new ones (first appointment with the
 * practice in that period) and returning ones.
 */
export const DIARY_PERIODS = ['week', 'month'] as const;
export type DiaryPeriod = (typeof DIARY_PERIODS)[number];
export const DIARY_PERIOD_LABELS: Record<DiaryPeriod, string> = { week: 'Week', month: 'Month' };

/** `?from&to` (days, default this month and the two before), `?period` (default month), `?practitionerId`. */
export const diaryReportQuerySchema = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  period: z.enum(DIARY_PERIODS).optional(),
  practitionerId: digitsParam(idField).optional(),
});
export type DiaryReportQuery = z.infer<typeof diaryReportQuerySchema>;

const figures = {
  workingMinutes: z.number().int(),
  bookedMinutes: z.number().int(),
  /** Booked minutes / working minutes (0.75 is 75%); null without working time. Above 1: booked overtime. */
  utilisation: z.number().nullable(),
  appointments: z.number().int(),
  noShows: z.number().int(),
  lateCancels: z.number().int(),
  /** No-shows / appointments; null without appointments. */
  noShowRate: z.number().nullable(),
  lateCancelRate: z.number().nullable(),
  newClients: z.number().int(),
  returningClients: z.number().int(),
};

/** One practitioner in one period; `period` is the month (YYYY-MM) or the week's Monday (YYYY-MM-DD). */
export const diaryRowSchema = z.object({
  period: z.string(),
  practitionerId: z.number().int(),
  practitionerName: z.string(),
  ...figures,
});
export type DiaryRow = z.infer<typeof diaryRowSchema>;

/** The whole practice (or the one practitioner asked for) in one period. */
export const diaryPeriodRowSchema = z.object({ period: z.string(), ...figures });
export type DiaryPeriodRow = z.infer<typeof diaryPeriodRowSchema>;

export const diaryReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  period: z.enum(DIARY_PERIODS),
  practitionerId: z.number().int().nullable(),
  periods: z.array(diaryPeriodRowSchema),
  rows: z.array(diaryRowSchema),
  totals: z.object(figures),
});
export type DiaryReport = z.infer<typeof diaryReportSchema>;

export const diaryFileName = (from: string, to: string) => `diary-${from}-${to}.csv`;

/** A share as a percentage with one decimal ("75.0%"), or an en dash when there is nothing to divide by. */
export const percentText = (share: number | null) => (share === null ? '–' : `${(share * 100).toFixed(1)}%`);
