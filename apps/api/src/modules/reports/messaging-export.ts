import {
  MESSAGE_REPORT_KIND_LABELS,
  type MessagingKindRow,
  type MessagingReport,
  type MessagingReportQuery,
} from '@pd/contracts';
import type { Scope } from '../../lib/deps.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvLine } from '../clients/client-export.ts';
import { inBillingCompany } from '../invoices/invoice-context.ts';
import { buildMessagingReport } from './messaging.service.ts';

/** Amounts in the file are plain decimals (1234.50), so a spreadsheet can add them up. */
const units = (cents: number) => (cents / 100).toFixed(2);

export const MESSAGING_CSV_HEADER = [
  'Month',
  'SMS',
  'SMS segments',
  'SMS cost',
  'E-mails sent',
  'Failures',
  'Top-ups',
  'Spent',
  'Refunds',
  'Balance at month end',
];

type Figures = Pick<
  MessagingKindRow,
  'smsMessages' | 'smsSegments' | 'smsCostCents' | 'emailsSent' | 'failures'
>;
const cells = (f: Figures) => [f.smsMessages, f.smsSegments, units(f.smsCostCents), f.emailsSent, f.failures];

/** The report as CSV: a row per month with the credit's movements, the total row, then a row per month and kind. */
export function messagingCsv(report: MessagingReport): string {
  const t = report.totals;
  return [
    `\uFEFF${csvLine(MESSAGING_CSV_HEADER)}`, // BOM: spreadsheets then read UTF-8 correctly
    ...report.months.map((m) =>
      csvLine([
        m.month,
        ...cells(m),
        units(m.topUpCents),
        units(m.spentCents),
        units(m.refundCents),
        units(m.balanceCents),
      ]),
    ),
    csvLine([
      `Total ${report.from} to ${report.to} (${report.currency})`,
      ...cells(t),
      units(t.topUpCents),
      units(t.spentCents),
      units(t.refundCents),
      units(t.balanceCents),
    ]),
    csvLine([]),
    csvLine(['Month', 'Kind', 'SMS', 'SMS segments', 'SMS cost', 'E-mails sent', 'Failures']),
    ...report.rows.map((r) => csvLine([r.month, MESSAGE_REPORT_KIND_LABELS[r.kind], ...cells(r)])),
  ].join('');
}

/** The report (administrators only: the route's guard) with an audit entry saying who exported what. */
export const messagingCsvFile = (scope: Scope, q: MessagingReportQuery) =>
  inBillingCompany(scope, async (tx, company) => {
    const report = await buildMessagingReport(tx, company, q);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'report.messaging.export',
      description: `Exported the messaging report ${report.from} to ${report.to} as CSV.`,
      changes: { format: 'csv', from: report.from, to: report.to, kind: report.kind },
    });
    return { report, csv: messagingCsv(report) };
  });
