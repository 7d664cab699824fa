import { z } from 'zod';
import { digitsParam, idField, isoDate } from './fields.ts';

/**
 * Issue 19, part 1: the debtors' age analysis. An invoice's outstanding amount as at a day falls in a bucket
 * by the days since its due date: current (not yet due, or less than 30 days past due), 30, 60, 90 and 120+.
 */
export const AGEING_BUCKETS = ['current', 'days30', 'days60', 'days90', 'days120'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: 'Current',
  days30: '30 days',
  days60: '60 days',
  days90: '90 days',
  days120: '120+ days',
};

/** The oldest "as at" day the report answers: ten years before today. */
export const DEBTORS_MAX_YEARS_BACK = 10;

/** `?asAt` (default today in the company's time zone), `?practitionerId`, `?medicalAidId` (type H only). */
export const debtorsQuerySchema = z.strictObject({
  asAt: isoDate.optional(),
  practitionerId: digitsParam(idField).optional(),
  medicalAidId: digitsParam(idField).optional(),
});
export type DebtorsQuery = z.infer<typeof debtorsQuerySchema>;

const bucketAmounts = {
  current: z.number().int(),
  days30: z.number().int(),
  days60: z.number().int(),
  days90: z.number().int(),
  days120: z.number().int(),
  totalCents: z.number().int(),
};

export const debtorRowSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  openInvoices: z.number().int(),
  ...bucketAmounts,
});
export type DebtorRow = z.infer<typeof debtorRowSchema>;

export const debtorsReportSchema = z.object({
  asAt: z.string(),
  currency: z.string(),
  practitionerId: z.number().int().nullable(),
  medicalAidId: z.number().int().nullable(),
  rows: z.array(debtorRowSchema),
  totals: z.object({ clients: z.number().int(), openInvoices: z.number().int(), ...bucketAmounts }),
});
export type DebtorsReport = z.infer<typeof debtorsReportSchema>;

/** The drill-down: one client's invoices outstanding as at the day, oldest due first. */
export const debtorInvoiceSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  invoiced: z.string(),
  due: z.string(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  daysPastDue: z.number().int(),
  bucket: z.enum(AGEING_BUCKETS),
});
export type DebtorInvoice = z.infer<typeof debtorInvoiceSchema>;

export const debtorInvoicesSchema = z.object({
  asAt: z.string(),
  currency: z.string(),
  clientId: z.number().int(),
  clientName: z.string(),
  invoices: z.array(debtorInvoiceSchema),
});
export type DebtorInvoices = z.infer<typeof debtorInvoicesSchema>;

/** The bucket of an amount `daysPastDue` days after its due date (negative: not yet due). */
export function ageingBucketOf(daysPastDue: number): AgeingBucket {
  if (daysPastDue < 30) return 'current';
  if (daysPastDue < 60) return 'days30';
  if (daysPastDue < 90) return 'days60';
  if (daysPastDue < 120) return 'days90';
  return 'days120';
}

export const debtorsFileName = (asAt: string, extension: 'csv' | 'pdf') => `debtors-${asAt}.${extension}`;

/**
 * Issue 19, part 2: revenue per month. A month is `YYYY-MM` (01-12); the range is at most this many months.
 */
export const REVENUE_MAX_MONTHS = 24;
/** The default range: this many months ending with the current month (company time zone). */
export const REVENUE_DEFAULT_MONTHS = 12;
/**
 * What the invoices can be grouped by: the invoice's practitioner, its lines' product (or billing plan), or the
 * type of the appointment it bills.
 */
export const REVENUE_GROUPINGS = ['practitioner', 'product', 'appointmentType'] as const;
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];
export const REVENUE_GROUPING_LABELS: Record<RevenueGrouping, string> = {
  practitioner: 'Practitioner',
  product: 'Product or billing plan',
  appointmentType: 'Appointment type',
};

export const isoMonth = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}$/, 'Use the format YYYY-MM.')
  .refine((m) => Number(m.slice(5)) >= 1 && Number(m.slice(5)) <= 12 && Number(m.slice(0, 4)) >= 1, {
    message: 'Not a month.',
  });

/** `?from&to` (months, default the last 12 ending this month) and `?by` (a grouping). */
export const revenueQuerySchema = z.strictObject({
  from: isoMonth.optional(),
  to: isoMonth.optional(),
  by: z.enum(REVENUE_GROUPINGS).optional(),
});
export type RevenueQuery = z.infer<typeof revenueQuerySchema>;

export const revenueMonthSchema = z.object({
  month: z.string(),
  invoicedCents: z.number().int(),
  paidCents: z.number().int(),
  /** What was outstanding at the end of the month: the debtors' age analysis total as at its last day. */
  outstandingCents: z.number().int(),
  /** The VAT on the month's invoices; null when the company is not tax registered. */
  vatCents: z.number().int().nullable(),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

/** A group's figures in one month; paid is null for products (payments are per invoice, not per line). */
export const revenueGroupRowSchema = z.object({
  month: z.string(),
  groupId: z.number().int().nullable(),
  groupName: z.string(),
  invoicedCents: z.number().int(),
  paidCents: z.number().int().nullable(),
});
export type RevenueGroupRow = z.infer<typeof revenueGroupRowSchema>;

export const revenueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  taxRegistered: z.boolean(),
  by: z.enum(REVENUE_GROUPINGS).nullable(),
  months: z.array(revenueMonthSchema),
  totals: z.object({
    invoicedCents: z.number().int(),
    paidCents: z.number().int(),
    /** Outstanding at the end of the last month. */
    outstandingCents: z.number().int(),
    vatCents: z.number().int().nullable(),
  }),
  groups: z.array(revenueGroupRowSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const revenueFileName = (from: string, to: string, format: 'csv' | 'pdf' = 'csv') =>
  `revenue-${from}-${to}.${format}`;

/** The month `delta` months after `YYYY-MM` (negative: before). */
export function addMonthsIso(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `from` to `to`, both included (`to - from + 1`). */
export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
  Number(to.slice(5, 7)) -
  Number(from.slice(5, 7)) +
  1;
