import type { MessagingKindRow, MessagingReport, MessagingReportQuery } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import { creditByMonth, type MessagingCriteria, messagesByMonthAndKind } from './messaging.queries.ts';
import { reportMonths } from './report-months.ts';

type Figures = Pick<
  MessagingKindRow,
  'smsMessages' | 'smsSegments' | 'smsCostCents' | 'emailsSent' | 'failures'
>;
const FIGURES = ['smsMessages', 'smsSegments', 'smsCostCents', 'emailsSent', 'failures'] as const;
const sumOf = (rows: Figures[]) =>
  Object.fromEntries(FIGURES.map((key) => [key, rows.reduce((s, r) => s + r[key], 0)])) as Figures;

export async function buildMessagingReport(
  tx: Tx,
  company: BillingCompany,
  q: MessagingReportQuery,
): Promise<MessagingReport> {
  const c: MessagingCriteria = {
    companyId: company.id,
    timeZone: company.timeZone,
    months: reportMonths(company, q),
    kind: q.kind ?? null,
  };
  const rows = await messagesByMonthAndKind(tx, c);
  const credit = new Map((await creditByMonth(tx, c)).map((r) => [r.month, r]));
  const months = c.months.map(({ month }) => {
    const ledger = credit.get(month);
    return {
      month,
      ...sumOf(rows.filter((r) => r.month === month)),
      topUpCents: ledger?.topUpCents ?? 0,
      spentCents: ledger?.spentCents ?? 0,
      refundCents: ledger?.refundCents ?? 0,
      balanceCents: ledger?.balanceCents ?? 0,
    };
  });
  const sum = (key: 'topUpCents' | 'spentCents' | 'refundCents') => months.reduce((s, m) => s + m[key], 0);
  return {
    from: c.months[0]?.month ?? '',
    to: c.months.at(-1)?.month ?? '',
    currency: company.currency,
    kind: c.kind,
    months,
    rows,
    totals: {
      ...sumOf(rows),
      topUpCents: sum('topUpCents'),
      spentCents: sum('spentCents'),
      refundCents: sum('refundCents'),
      balanceCents: months.at(-1)?.balanceCents ?? 0,
    },
  };
}

/** Issue 19, part 4: SMS segments and cost, e-mails and failures per month and kind; the prepaid balance. */
export const messagingReport = (scope: Scope, q: MessagingReportQuery): Promise<MessagingReport> =>
  inBillingCompany(scope, (tx, company) => buildMessagingReport(tx, company, q));
