import {
  addMonthsIso,
  monthsBetween,
  REVENUE_DEFAULT_MONTHS,
  REVENUE_MAX_MONTHS,
  type RevenueGroupRow,
  type RevenueQuery,
  type RevenueReport,
  wallClockToInstant,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import {
  invoicedByInvoiceGroup,
  invoicedByMonth,
  invoicedByProduct,
  outstandingAtMonthEnds,
  paidByInvoiceGroup,
  paidByMonth,
  type RevenueCriteria,
} from './revenue.queries.ts';

const invalid = (field: string, message: string) =>
  new ValidationError('Some fields are not valid.', [{ path: `querystring.${field}`, message }]);

const lastDayOf = (month: string) => {
  const [year, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** The months asked for (default the last 12 ending this month), none after this month, at most 24. */
function criteria(company: BillingCompany, q: RevenueQuery): RevenueCriteria {
  const thisMonth = company.today.slice(0, 7);
  const fromPlusDefault = q.from ? addMonthsIso(q.from, REVENUE_DEFAULT_MONTHS - 1) : thisMonth;
  const to = q.to ?? ([fromPlusDefault, thisMonth].sort()[0] as string);
  const from = q.from ?? addMonthsIso(to, -(REVENUE_DEFAULT_MONTHS - 1));
  if (q.from && q.from > thisMonth) throw invalid('from', 'The first month cannot be after this month.');
  if (to > thisMonth) throw invalid('to', 'The last month cannot be after this month.');
  if (to < from) throw invalid('to', 'The last month cannot be before the first.');
  if (monthsBetween(from, to) > REVENUE_MAX_MONTHS) {
    throw invalid('from', `The range cannot be more than ${REVENUE_MAX_MONTHS} months.`);
  }
  const months = Array.from({ length: monthsBetween(from, to) }, (_, k) => {
    const month = addMonthsIso(from, k);
    const end = wallClockToInstant(`${addMonthsIso(month, 1)}-01`, '00:00', company.timeZone);
    if (!end) throw invalid(k === 0 ? 'from' : 'to', 'Not a month.');
    return { month, first: `${month}-01`, last: lastDayOf(month), end };
  });
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
