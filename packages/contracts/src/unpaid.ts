import { z } from 'zod';
import { UNPAID_TYPES } from './enums.ts';
import { FIELD_MESSAGES } from './fields.ts';

/** Issue 6: unpaid notices (tab 16), unpaid runs and billing runs. Amounts are integer cents. */

export const UNPAID_TYPE_CODES = ['M', 'G', 'F', 'S', 'L', 'C'] as const;
export type UnpaidType = (typeof UNPAID_TYPE_CODES)[number];
/** The ladder an unpaid run may use: every type but C (writing off is never automatic). */
export const LADDER_TYPE_CODES = ['M', 'G', 'F', 'S', 'L'] as const;

/** Spec section 3, Unpaid notice: unpaidType (default G) and unpaidAmountOutstanding (required), in cents. */
export const unpaidNoticeCreateSchema = z.strictObject({
  unpaidType: z.enum(UNPAID_TYPE_CODES, { error: 'Choose an unpaid type.' }).default('G'),
  unpaidAmountOutstanding: z
    .number({ error: FIELD_MESSAGES.required })
    .int(FIELD_MESSAGES.wholeCents)
    .positive('The amount must be more than 0.')
    .max(100_000_000_000),
});
export type UnpaidNoticeCreate = z.infer<typeof unpaidNoticeCreateSchema>;

export const unpaidNoticeSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  unpaidType: z.enum(UNPAID_TYPE_CODES),
  unpaidTypeName: z.string(),
  amountOutstandingCents: z.number().int(),
  currency: z.string(),
  unpaidRunId: z.number().int().nullable(),
  /** The outbox e-mail carrying the letter; null when the client has no usable e-mail address. */
  messageId: z.number().int().nullable(),
  messageStatus: z.string().nullable(),
  recipient: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  created: z.string(),
  /** The invoices the notice names (oldest first) and what was outstanding on each. */
  invoices: z.array(
    z.object({
      invoiceId: z.number().int(),
      reference: z.string().nullable(),
      due: z.string(),
      outstandingCents: z.number().int(),
    }),
  ),
});
export type UnpaidNotice = z.infer<typeof unpaidNoticeSchema>;

/** POST answer: the notice, whether it was e-mailed, and what was written off (type C). */
export const unpaidNoticeResultSchema = z.object({
  notice: unpaidNoticeSchema,
  emailed: z.boolean(),
  message: z.string(),
  writtenOffCents: z.number().int(),
});
export type UnpaidNoticeResult = z.infer<typeof unpaidNoticeResultSchema>;

/** A billing run bills one calendar month: `period` YYYY-MM, by default the current month. */
export const billingRunRequestSchema = z.strictObject({
  period: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the format YYYY-MM.')
    .optional(),
});
export type BillingRunRequest = z.infer<typeof billingRunRequestSchema>;

/** The runs of a company, newest first (Settings). */
export const runSummarySchema = z.object({
  runId: z.number().int(),
  kind: z.enum(['billing', 'unpaid']),
  status: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  created: z.number().int(),
  startedBy: z.number().int().nullable(),
  started: z.string(),
  finished: z.string().nullable(),
  error: z.string().nullable(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

/** Billing settings of a company: the unpaid ladder, its interval, the billing day, payment terms. */
export const billingSettingsSchema = z.object({
  paymentTermsDays: z.number().int(),
  unpaidLadder: z.array(z.enum(UNPAID_TYPE_CODES)),
  unpaidIntervalDays: z.number().int(),
  billingDay: z.number().int(),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

/** Absent fields keep their value (no defaults). */
export const billingSettingsUpdateSchema = z
  .strictObject({
    paymentTermsDays: z.number().int().min(0).max(365),
    unpaidLadder: z
      .array(z.enum(LADDER_TYPE_CODES, { error: 'The ladder holds M, G, F, S or L.' }))
      .min(1, 'The ladder needs at least one step.')
      .max(5)
      .refine((l) => new Set(l).size === l.length, 'A type appears once in the ladder.'),
    unpaidIntervalDays: z.number().int().min(1).max(365),
    billingDay: z.number().int().min(1).max(28),
  })
  .partial();
export type BillingSettingsUpdate = z.infer<typeof billingSettingsUpdateSchema>;

export const unpaidTypeName = (t: UnpaidType) => UNPAID_TYPES[t];

/** What a client owes now (the most an unpaid notice may ask for), in the company's currency. */
export const clientOwedSchema = z.object({ owedCents: z.number().int(), currency: z.string() });
export type ClientOwed = z.infer<typeof clientOwedSchema>;
