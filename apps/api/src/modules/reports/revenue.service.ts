import {
  REVENUE_MAX_MONTHS,
  type RevenueGroupRow,
  type RevenueQuery,
  type RevenueReport,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import { reportMonths } from './report-months.ts';
import {
  invoicedByInvoiceGroup,
  invoicedByMonth,
  invoicedByProduct,
  outstandingAtMonthEnds,
  paidByInvoiceGroup,
  paidByMonth,
  type RevenueCriteria,
} from './revenue.queries.ts';

/** The months asked for (default the last 12 ending this month), none after this month, at most 24. */
function criteria(company: BillingCompany, q: RevenueQuery): RevenueCriteria {
  const limit = { months: REVENUE_MAX_MONTHS, words: `${REVENUE_MAX_MONTHS} months` };
  const months = reportMonths(company, q, limit).map(({ month, last, end }) => ({
    month,
    first: `${month}-01`,
    last,
    end,
  }));
  return { companyId: company.id, months };
}

const byMonth = <T extends { month: string }>(rows: T[]) => new Map(rows.map((r) => [r.month, r]));

/** The groups' rows, a row per month and group: what was invoiced, and paid where payments say whose. */
async function groupRows(tx: Tx, c: RevenueCriteria, by: RevenueQuery['by']): Promise<RevenueGroupRow[]> {
  if (by === undefined) return [];
  const keyOf = (r: { month: string; groupId: number | null; groupName: string }) =>
    `${r.month}|${r.groupId ?? ''}|${r.groupName}`;
  const rows = new Map<string, RevenueGroupRow>();
  const perInvoice = by !== 'product';
  const invoiced = perInvoice ? await invoicedByInvoiceGroup(tx, c, by) : await invoicedByProduct(tx, c);
  for (const r of invoiced) {
    const { month, groupId, groupName } = r;
    rows.set(keyOf(r), {
      month,
      groupId,
      groupName,
      invoicedCents: r.amount,
      paidCents: perInvoice ? 0 : null,
    });
  }
  if (perInvoice) {
    for (const r of await paidByInvoiceGroup(tx, c, by)) {
      const { month, groupId, groupName } = r;
      const row = rows.get(keyOf(r)) ?? { month, groupId, groupName, invoicedCents: 0, paidCents: 0 };
      rows.set(keyOf(r), { ...row, paidCents: r.amount });
    }
  }
  return [...rows.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || a.groupName.localeCompare(b.groupName),
  );
}

export async function buildRevenueReport(tx: Tx, company: BillingCompany, q: RevenueQuery) {
  const c = criteria(company, q);
  const invoiced = byMonth(await invoicedByMonth(tx, c));
  const paid = byMonth(await paidByMonth(tx, c));
  const owed = byMonth(await outstandingAtMonthEnds(tx, c));
  const taxRegistered = company.taxRegistered === 'Y';
  const months = c.months.map(({ month }) => ({
    month,
    invoicedCents: invoiced.get(month)?.amount ?? 0,
    paidCents: paid.get(month)?.amount ?? 0,
    outstandingCents: owed.get(month)?.owed ?? 0,
    vatCents: taxRegistered ? (invoiced.get(month)?.vat ?? 0) : null,
  }));
  const sum = (key: 'invoicedCents' | 'paidCents') => months.reduce((s, m) => s + m[key], 0);
  const report: RevenueReport = {
    from: c.months[0]?.month ?? '',
    to: c.months.at(-1)?.month ?? '',
    currency: company.currency,
    taxRegistered,
    by: q.by ?? null,
    months,
    totals: {
      invoicedCents: sum('invoicedCents'),
      paidCents: sum('paidCents'),
      outstandingCents: months.at(-1)?.outstandingCents ?? 0,
      vatCents: taxRegistered ? months.reduce((s, m) => s + (m.vatCents ?? 0), 0) : null,
    },
    groups: await groupRows(tx, c, q.by),
  };
  return report;
}

/** Issue 19, part 2: invoiced, paid and outstanding per month, VAT for a tax-registered company. */
export const revenueReport = (scope: Scope, q: RevenueQuery): Promise<RevenueReport> =>
  inBillingCompany(scope, (tx, company) => buildRevenueReport(tx, company, q));
