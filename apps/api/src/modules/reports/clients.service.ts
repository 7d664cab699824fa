import type { ClientsReport, ClientsReportQuery } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import {
  type ClientsCriteria,
  createdPerMonth,
  deletedPerMonth,
  liveByGroup,
  liveByStatus,
} from './clients.queries.ts';
import { invalidQuery, reportMonths } from './report-months.ts';

/** Counts per month as a running total up to each month (months before the range included). */
function runningTotal(counts: { month: string; n: number }[], month: string) {
  return counts.filter((c) => c.month <= month).reduce((s, c) => s + c.n, 0);
}

export async function buildClientsReport(
  tx: Tx,
  company: BillingCompany,
  q: ClientsReportQuery,
): Promise<ClientsReport> {
  const range = reportMonths(company, q);
  if (q.by === 'medicalAid' && company.type !== 'H') {
    throw invalidQuery('by', 'Only a healthcare practice has medical aids.');
  }
  const c: ClientsCriteria = {
    companyId: company.id,
    timeZone: company.timeZone,
    start: range[0]?.start ?? new Date(0),
    end: range.at(-1)?.end ?? new Date(0),
  };
  const created = await createdPerMonth(tx, c);
  const deleted = await deletedPerMonth(tx, c);
  const countOf = (list: { month: string; n: number }[], month: string) =>
    list.find((r) => r.month === month)?.n ?? 0;
  const months = range.map(({ month }) => ({
    month,
    newClients: countOf(created, month),
    deletedClients: countOf(deleted, month),
    onBooks: runningTotal(created, month) - runningTotal(deleted, month),
  }));
  const [current = { active: 0, inactive: 0, pending: 0, total: 0 }] = await liveByStatus(tx, c);
  return {
    from: range[0]?.month ?? '',
    to: range.at(-1)?.month ?? '',
    by: q.by ?? null,
    months,
    current,
    groups: q.by ? await liveByGroup(tx, c, q.by) : [],
    totals: {
      newClients: months.reduce((s, m) => s + m.newClients, 0),
      deletedClients: months.reduce((s, m) => s + m.deletedClients, 0),
      onBooks: months.at(-1)?.onBooks ?? 0,
    },
  };
}

/** Issue 19, part 5: new clients per month, clients on the books, live clients by status, by medical aid or product. */
export const clientsReport = (scope: Scope, q: ClientsReportQuery): Promise<ClientsReport> =>
  inBillingCompany(scope, (tx, company) => buildClientsReport(tx, company, q));
