import { REVENUE_GROUPING_LABELS, type RevenueQuery, type RevenueReport } from '@pd/contracts';
import type { Scope } from '../../lib/deps.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvLine } from '../clients/client-export.ts';
import { inBillingCompany } from '../invoices/invoice-context.ts';
import { buildRevenueReport } from './revenue.service.ts';

/** Amounts in the file are plain decimals (1234.50), so a spreadsheet can add them up. */
const units = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

export const revenueCsvHeader = (report: Pick<RevenueReport, 'taxRegistered'>) => [
  'Month',
  'Invoiced',
  'Paid',
  'Outstanding at month end',
  ...(report.taxRegistered ? ['VAT'] : []),
];

/** The report as CSV: a row per month, the total row, then (when grouped) a row per month and group. */
export function revenueCsv(report: RevenueReport): string {
  const vat = (cents: number | null) => (report.taxRegistered ? [units(cents)] : []);
  const t = report.totals;
  return [
    `\uFEFF${csvLine(revenueCsvHeader(report))}`, // BOM: spreadsheets then read UTF-8 correctly
    ...report.months.map((m) =>
      csvLine([
        m.month,
        units(m.invoicedCents),
        units(m.paidCents),
        units(m.outstandingCents),
        ...vat(m.vatCents),
      ]),
    ),
    csvLine([
      `Total ${report.from} to ${report.to} (${report.currency})`,
      units(t.invoicedCents),
      units(t.paidCents),
      units(t.outstandingCents),
      ...vat(t.vatCents),
    ]),
    ...(report.by === null
      ? []
      : [
          csvLine([]),
          csvLine(['Month', REVENUE_GROUPING_LABELS[report.by], 'Invoiced', 'Paid']),
          ...report.groups.map((g) =>
            csvLine([g.month, g.groupName, units(g.invoicedCents), units(g.paidCents)]),
          ),
        ]),
  ].join('');
}

/** The report (administrators only: the route's guard) read in the tenant transaction, with an audit entry saying who exported what. */
export const revenueCsvFile = (scope: Scope, q: RevenueQuery) =>
  inBillingCompany(scope, async (tx, company) => {
    const report = await buildRevenueReport(tx, company, q);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Billing Management',
      action: 'report.revenue.export',
      description: `Exported the revenue report ${report.from} to ${report.to} as CSV.`,
      changes: { format: 'csv', from: report.from, to: report.to, by: report.by },
    });
    return { report, csv: revenueCsv(report) };
  });
