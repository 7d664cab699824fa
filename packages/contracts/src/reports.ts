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
