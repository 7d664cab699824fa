import { CLIENT_REPORT_GROUPING_LABELS, type ClientsReport, type ClientsReportQuery } from '@pd/contracts';
import type { Scope } from '../../lib/deps.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvLine } from '../clients/client-export.ts';
import { inBillingCompany } from '../invoices/invoice-context.ts';
import { buildClientsReport } from './clients.service.ts';

export const CLIENTS_CSV_HEADER = ['Month', 'New clients', 'Deleted clients', 'On the books at month end'];

/**
 * The report as CSV: a row per month and the total row; the live clients by status now; then (when grouped)
 * a row per group.
 */
export function clientsCsv(report: ClientsReport): string {
  const t = report.totals;
  const n = report.current;
  return [
    `\uFEFF${csvLine(CLIENTS_CSV_HEADER)}`, // BOM: spreadsheets then read UTF-8 correctly
    ...report.months.map((m) => csvLine([m.month, m.newClients, m.deletedClients, m.onBooks])),
    csvLine([`Total ${report.from} to ${report.to}`, t.newClients, t.deletedClients, t.onBooks]),
    csvLine([]),
    csvLine(['Live clients now', 'Active', 'Inactive', 'Pending', 'Total']),
    csvLine(['All', n.active, n.inactive, n.pending, n.total]),
    ...(report.by === null
      ? []
      : [
          csvLine([]),
          csvLine([
            CLIENT_REPORT_GROUPING_LABELS[report.by],
            'Active',
            'Inactive',
            'Pending',
            'Total',
            'New in range',
          ]),
          ...report.groups.map((g) =>
            csvLine([g.groupName, g.active, g.inactive, g.pending, g.total, g.newClients]),
          ),
        ]),
  ].join('');
}

/** The report (administrators only: the route's guard) with an audit entry saying who exported what. */
export const clientsCsvFile = (scope: Scope, q: ClientsReportQuery) =>
  inBillingCompany(scope, async (tx, company) => {
    const report = await buildClientsReport(tx, company, q);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'report.clients.export',
      description: `Exported the clients report ${report.from} to ${report.to} as CSV.`,
      changes: { format: 'csv', from: report.from, to: report.to, by: report.by },
    });
    return { report, csv: clientsCsv(report) };
  });
