import {
  AGEING_BUCKETS,
  APPOINTMENT_STATUSES,
  addDaysIso,
  addMonthsIso,
  dayBoundsInstants,
  type HomeFigures,
  type HomeFiguresScope,
  invoiceListQuerySchema,
  isAdministrator,
  mayUseRowAction,
  taskListQuerySchema,
  wallClockToInstant,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { selectDiaryJson } from '../appointments/appointment.queries.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import { invoiceListTotals } from '../invoices/invoice-list-totals.queries.ts';
import { selectTaskPage } from '../tasks/task-list.queries.ts';
import { buildDebtorsReport } from './debtors.service.ts';
import { buildRevenueReport } from './revenue.service.ts';

/** Last month and this month, as the revenue report computes them. */
async function revenueFigures(tx: Tx, company: BillingCompany): Promise<HomeFigures['revenue']> {
  const thisMonth = company.today.slice(0, 7);
  const report = await buildRevenueReport(tx, company, { from: addMonthsIso(thisMonth, -1), to: thisMonth });
  return {
    months: report.months.map(({ month, invoicedCents, paidCents }) => ({ month, invoicedCents, paidCents })),
  };
}

/** The age analysis as at today: its totals per bucket. */
async function debtorsFigures(tx: Tx, company: BillingCompany): Promise<HomeFigures['debtors']> {
  const { totals } = await buildDebtorsReport(tx, company, {});
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, totals[b]])) as Record<
    (typeof AGEING_BUCKETS)[number],
    number
  >;
  return { buckets, totalCents: totals.totalCents };
}

/** The Invoices page's Unpaid list: how many and what they still owe. */
async function unpaidFigures(tx: Tx, company: BillingCompany): Promise<HomeFigures['unpaid']> {
  const totals = await invoiceListTotals(tx, company.id, invoiceListQuerySchema.parse({}), company.today);
  const unpaid = totals.find((t) => t.list === 'unpaid');
  return { count: unpaid?.count ?? 0, outstandingCents: unpaid?.outstandingCents ?? 0 };
}

/** Today's appointments (the company's, or the practitioner's own) by status, as the diary's day view reads them. */
async function diaryFigures(
  tx: Tx,
  company: BillingCompany,
  scope: HomeFiguresScope,
  userId: number,
): Promise<HomeFigures['diary']> {
  const { start, end } = dayBoundsInstants(company.today, company.today, company.timeZone);
  const practitionerId = scope === 'own' ? userId : undefined;
  const day = JSON.parse(
    await selectDiaryJson(tx, company.id, { start, end, practitionerId }, company.timeZone),
  ) as { status: string; startLocal: string }[];
  const counts = new Map<string, number>();
  // An appointment from the night before that runs past midnight belongs to its own day.
  for (const a of day.filter((a) => a.startLocal.startsWith(company.today))) {
    counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  }
  const order = (status: string) =>
    APPOINTMENT_STATUSES.indexOf(status as (typeof APPOINTMENT_STATUSES)[number]);
  const byStatus = [...counts].map(([status, count]) => ({ status, count }));
  return { scope, byStatus: byStatus.sort((a, b) => order(a.status) - order(b.status)) };
}

/** Open tasks due by the end of today (the company's, or the caller's): already late, and due later today. */
async function taskFigures(
  tx: Tx,
  company: BillingCompany,
  scope: HomeFiguresScope,
  userId: number,
): Promise<HomeFigures['tasks']> {
  const dayEnd = wallClockToInstant(addDaysIso(company.today, 1), '00:00', company.timeZone);
  const counted = async (filter: 'active' | 'overdue', end?: Date) =>
    (
      await selectTaskPage(
        tx,
        company.id,
        taskListQuerySchema.parse({
          filter,
          ...(scope === 'own' ? { userId: String(userId) } : {}),
          ...(end ? { end: new Date(end.getTime() - 1).toISOString() } : {}),
        }),
      )
    ).totalRecords;
  const overdue = await counted('overdue');
  const dueByDayEnd = dayEnd ? await counted('active', dayEnd) : overdue;
  return { scope, overdue, dueToday: Math.max(0, dueByDayEnd - overdue) };
}

/**
 * Issue 19, part 6: what the caller's module home shows, and nothing more. Administrators (rights A) of a
 * healthcare practice: revenue this month against last, debtors by bucket, unpaid invoices, today's diary and
 * tasks due; of an advisory firm: revenue and tasks due (its pipeline waits for the Prospects issue). Anyone
 * else: their own appointments today and their own tasks due, no money. Tasks only for roles that have them.
 */
export const homeFigures = (scope: Scope): Promise<HomeFigures> =>
  inBillingCompany(scope, async (tx, company) => {
    const { principal } = scope;
    const admin = isAdministrator(principal);
    const practice = company.type === 'H';
    const who: HomeFiguresScope = admin ? 'company' : 'own';
    // Practice users (ROLE_ISOPRACTICE) have no tasks at all (spec section 6).
    const mayViewTasks = mayUseRowAction('viewTasks', {
      companyType: company.type,
      roles: principal.roles,
      enableInvoicing: principal.enableInvoicing,
    });
    return {
      today: company.today,
      currency: company.currency,
      revenue: admin ? await revenueFigures(tx, company) : null,
      debtors: admin && practice ? await debtorsFigures(tx, company) : null,
      unpaid: admin && practice ? await unpaidFigures(tx, company) : null,
      diary: practice || !admin ? await diaryFigures(tx, company, who, principal.userId) : null,
      tasks: mayViewTasks ? await taskFigures(tx, company, who, principal.userId) : null,
    };
  });
