import { formatMoney, REVENUE_GROUPING_LABELS, type RevenueQuery, type RevenueReport } from '@pd/contracts';
import type { Scope } from '../../lib/deps.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvLine } from '../clients/client-export.ts';
import { inBillingCompany } from '../invoices/invoice-context.ts';
import { buildRevenueReport } from './revenue.service.ts';
import type { TablePdf } from './table-pdf.ts';

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

/** The report as the PDF's table: a row per month and the total row, amounts as the app shows them. */
export function revenueTable(report: RevenueReport, company: string): TablePdf {
  const money = (cents: number | null) => (cents === null ? '' : formatMoney(cents, report.currency, 'none'));
  const vat = (cents: number | null) => (report.taxRegistered ? [money(cents)] : []);
  const t = report.totals;
  return {
    title: 'Revenue',
    company,
    notes: [
      `${report.from} to ${report.to}; amounts in ${report.currency}. Invoiced: issued invoices, cancelled ones left out; paid: payments by their date; outstanding at each month's end.`,
    ],
    columns: revenueCsvHeader(report).map((header, i) => (i === 0 ? { header } : { header, align: 'right' })),
    rows: report.months.map((m) => [
      m.month,
      money(m.invoicedCents),
      money(m.paidCents),
      money(m.outstandingCents),
      ...vat(m.vatCents),
    ]),
    total: [
      'Total',
      money(t.invoicedCents),
      money(t.paidCents),
      money(t.outstandingCents),
      ...vat(t.vatCents),
    ],
    empty: 'No months.',
  };
}

/** The report (administrators only: the route's guard) read in the tenant transaction, with an audit entry saying who exported what. */
const exported = (scope: Scope, q: RevenueQuery, format: 'csv' | 'pdf') =>
  inBillingCompany(scope, async (tx, company) => {
    const report = await buildRevenueReport(tx, company, q);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Billing Management',
      action: 'report.revenue.export',
      description: `Exported the revenue report ${report.from} to ${report.to} as ${format.toUpperCase()}.`,
      changes: { format, from: report.from, to: report.to, by: report.by },
    });
    return { report, company };
  });

export async function revenueCsvFile(scope: Scope, q: RevenueQuery) {
  const { report } = await exported(scope, q, 'csv');
  return { report, csv: revenueCsv(report) };
}

/** Drawn by the shared PDF renderer processes once the transaction has ended. */
export async function revenuePdfFile(scope: Scope, renderer: PdfRenderer, q: RevenueQuery) {
  const { report, company } = await exported(scope, q, 'pdf');
  const pdf = await renderer.render({ kind: 'table', table: revenueTable(report, company.name) }, company.id);
  return { report, pdf };
}
