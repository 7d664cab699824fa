import { z } from 'zod';
import { isoMonth } from './reports.ts';

/**
 * Issue 19, part 5: the clients report. New clients per month and the clients on the books at each month's
 * end; the live clients by status as they are now (no history of status changes is kept, so the split is not
 * given per month); grouped by medical aid (healthcare practices) or by product.
 */
export const CLIENT_REPORT_GROUPINGS = ['medicalAid', 'product'] as const;
export type ClientReportGrouping = (typeof CLIENT_REPORT_GROUPINGS)[number];
export const CLIENT_REPORT_GROUPING_LABELS: Record<ClientReportGrouping, string> = {
  medicalAid: 'Medical aid',
  product: 'Product',
};

/** `?from&to` (months, default the 12 ending this month, at most ten years) and `?by`. */
export const clientsReportQuerySchema = z.strictObject({
  from: isoMonth.optional(),
  to: isoMonth.optional(),
  by: z.enum(CLIENT_REPORT_GROUPINGS).optional(),
});
export type ClientsReportQuery = z.infer<typeof clientsReportQuerySchema>;

export const clientsMonthSchema = z.object({
  month: z.string(),
  /** Clients created in the month (company time zone), deleted ones included. */
  newClients: z.number().int(),
  deletedClients: z.number().int(),
  /** Clients created by the month's end and not deleted by then. */
  onBooks: z.number().int(),
});
export type ClientsMonth = z.infer<typeof clientsMonthSchema>;

const byStatus = {
  active: z.number().int(),
  inactive: z.number().int(),
  pending: z.number().int(),
  total: z.number().int(),
};

/** A group's live clients by their status now, and how many of them were created in the range. */
export const clientsGroupRowSchema = z.object({
  groupId: z.number().int().nullable(),
  groupName: z.string(),
  ...byStatus,
  newClients: z.number().int(),
});
export type ClientsGroupRow = z.infer<typeof clientsGroupRowSchema>;

export const clientsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(CLIENT_REPORT_GROUPINGS).nullable(),
  months: z.array(clientsMonthSchema),
  /** The live clients by status today. */
  current: z.object(byStatus),
  groups: z.array(clientsGroupRowSchema),
  totals: z.object({
    newClients: z.number().int(),
    deletedClients: z.number().int(),
    /** On the books at the end of the last month. */
    onBooks: z.number().int(),
  }),
});
export type ClientsReport = z.infer<typeof clientsReportSchema>;

export const clientsReportFileName = (from: string, to: string) => `clients-${from}-${to}.csv`;
