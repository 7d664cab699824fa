import { z } from 'zod';
import { isoMonth } from './reports.ts';

/**
 * Issue 19, part 4: the messaging report. A message's kind: `bulk` (part of a bulk SMS send), `reminder` (an
 * appointment reminder), `recall` (a recall notice), else `single` (every other message: sent from a client,
 * invoices, statements, unpaid notices).
 */
export const MESSAGE_REPORT_KINDS = ['single', 'bulk', 'reminder', 'recall'] as const;
export type MessageReportKind = (typeof MESSAGE_REPORT_KINDS)[number];
export const MESSAGE_REPORT_KIND_LABELS: Record<MessageReportKind, string> = {
  single: 'Single',
  bulk: 'Bulk',
  reminder: 'Reminders',
  recall: 'Recalls',
};

/** `?from&to` (months, default the 12 ending this month, at most ten years) and `?kind`. */
export const messagingReportQuerySchema = z.strictObject({
  from: isoMonth.optional(),
  to: isoMonth.optional(),
  kind: z.enum(MESSAGE_REPORT_KINDS).optional(),
});
export type MessagingReportQuery = z.infer<typeof messagingReportQuerySchema>;

const messageFigures = {
  /** SMS not failed (sent or on their way): what was charged; a failed SMS is refunded. */
  smsMessages: z.number().int(),
  smsSegments: z.number().int(),
  smsCostCents: z.number().int(),
  emailsSent: z.number().int(),
  /** Messages that failed (SMS and e-mail). */
  failures: z.number().int(),
};

/** One month and kind; months and kinds without messages have no row. */
export const messagingKindRowSchema = z.object({
  month: z.string(),
  kind: z.enum(MESSAGE_REPORT_KINDS),
  ...messageFigures,
});
export type MessagingKindRow = z.infer<typeof messagingKindRowSchema>;

/** A month: the messages (of the kind asked for, else all) and the prepaid SMS credit's movements. */
export const messagingMonthSchema = z.object({
  month: z.string(),
  ...messageFigures,
  topUpCents: z.number().int(),
  /** Debits for SMS (and bulk sends) as a positive amount. */
  spentCents: z.number().int(),
  refundCents: z.number().int(),
  /** The prepaid balance at the end of the month (the sum of the credit ledger up to then). */
  balanceCents: z.number().int(),
});
export type MessagingMonth = z.infer<typeof messagingMonthSchema>;

export const messagingReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  kind: z.enum(MESSAGE_REPORT_KINDS).nullable(),
  months: z.array(messagingMonthSchema),
  rows: z.array(messagingKindRowSchema),
  totals: z.object({
    ...messageFigures,
    topUpCents: z.number().int(),
    spentCents: z.number().int(),
    refundCents: z.number().int(),
    /** The balance at the end of the last month. */
    balanceCents: z.number().int(),
  }),
});
export type MessagingReport = z.infer<typeof messagingReportSchema>;

export const messagingFileName = (from: string, to: string) => `messaging-${from}-${to}.csv`;
