import type { DebtorsQuery } from '@pd/contracts';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, type DebtorsReport } from '@pd/contracts';
import type { Scope } from '../../lib/deps.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvLine } from '../clients/client-export.ts';
import { inBillingCompany } from '../invoices/invoice-context.ts';
import { assertMayReadDebtors, buildDebtorsReport } from './debtors.service.ts';

/** Amounts in the file are plain decimals (1234.50), so a spreadsheet can add them up. */
const units = (cents: number) => (cents / 100).toFixed(2);

export const DEBTORS_CSV_HEADER = [
  'Client id',
  'Client',
  'Open invoices',
  ...AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b]),
  'Total',
];

/** The report as CSV: a row per client, then the total row; cells guarded like the client export's. */
export function debtorsCsv(report: DebtorsReport): string {
  const amounts = (row: Record<(typeof AGEING_BUCKETS)[number] | 'totalCents', number>) => [
    ...AGEING_BUCKETS.map((b) => units(row[b])),
    units(row.totalCents),
  ];
  return [
    `\uFEFF${csvLine(DEBTORS_CSV_HEADER)}`, // BOM: spreadsheets then read UTF-8 correctly
    ...report.rows.map((row) => csvLine([row.clientId, row.clientName, row.openInvoices, ...amounts(row)])),
    csvLine([
      '',
      `Total as at ${report.asAt} (${report.currency})`,
      report.totals.openInvoices,
      ...amounts(report.totals),
    ]),
  ].join('');
}

type Format = 'csv' | 'pdf';

/** The report read in the tenant transaction, with an audit entry saying who exported what. */
const exported = (scope: Scope, q: DebtorsQuery, format: Format) =>
  inBillingCompany(scope, async (tx, company) => {
    assertMayReadDebtors(scope.principal, company);
    const report = await buildDebtorsReport(tx, company, q);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Billing Management',
      action: 'report.debtors.export',
      description: `Exported the debtors' age analysis as at ${report.asAt} (${report.rows.length} clients) as ${format.toUpperCase()}.`,
      changes: {
        format,
        asAt: report.asAt,
        practitionerId: report.practitionerId,
        medicalAidId: report.medicalAidId,
      },
    });
    return { report, company };
  });

export async function debtorsCsvFile(scope: Scope, q: DebtorsQuery) {
  const { report } = await exported(scope, q, 'csv');
  return { asAt: report.asAt, csv: debtorsCsv(report) };
}

/** Drawn by the shared PDF renderer processes once the transaction has ended. */
export async function debtorsPdfFile(scope: Scope, renderer: PdfRenderer, q: DebtorsQuery) {
  const { report, company } = await exported(scope, q, 'pdf');
  const pdf = await renderer.render({ kind: 'debtors', company: { name: company.name }, report }, company.id);
  return { asAt: report.asAt, pdf };
}
