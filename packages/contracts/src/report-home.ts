import { z } from 'zod';

/**
 * Issue 19, part 6: the figures of a module home, from one route. Every part is null when the caller may not
 * see it (or the company has no such figure): money (revenue, debtors, unpaid invoices) only for
 * administrators (rights A); the diary and tasks are the company's for an administrator, the caller's own
 * otherwise ("own").
 */
export const HOME_FIGURES_SCOPES = ['company', 'own'] as const;
export type HomeFiguresScope = (typeof HOME_FIGURES_SCOPES)[number];

const cents = z.number().int();
const count = z.number().int().nonnegative();

export const homeFiguresSchema = z.object({
  /** Today in the company's time zone. */
  today: z.string(),
  currency: z.string(),
  /** Last month and this month: invoiced and paid (the revenue report's figures). */
  revenue: z
    .object({ months: z.array(z.object({ month: z.string(), invoicedCents: cents, paidCents: cents })) })
    .nullable(),
  /** Outstanding as at today by bucket (the debtors' age analysis totals). Healthcare practices only. */
  debtors: z
    .object({
      buckets: z.object({ current: cents, days30: cents, days60: cents, days90: cents, days120: cents }),
      totalCents: cents,
    })
    .nullable(),
  /** Invoices past due with something outstanding (the Invoices page's Unpaid list). Healthcare only. */
  unpaid: z.object({ count, outstandingCents: cents }).nullable(),
  /** Today's appointments by status (in the order of APPOINTMENT_STATUSES): the company's, or the caller's own. */
  diary: z
    .object({
      scope: z.enum(HOME_FIGURES_SCOPES),
      byStatus: z.array(z.object({ status: z.string(), count })),
    })
    .nullable(),
  /** Open tasks due by the end of today: those already late and those due later today. */
  tasks: z.object({ scope: z.enum(HOME_FIGURES_SCOPES), overdue: count, dueToday: count }).nullable(),
});
export type HomeFigures = z.infer<typeof homeFiguresSchema>;
