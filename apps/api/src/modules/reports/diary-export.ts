import type { DiaryReport, DiaryReportQuery, DiaryRow } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { diaryCompany } from '../appointments/diary-company.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { csvLine } from '../clients/client-export.ts';
import { buildDiaryReport } from './diary.service.ts';

/** Shares in the file are plain percentages with one decimal (75.0), empty when there is nothing to divide by. */
const percent = (share: number | null) => (share === null ? '' : (share * 100).toFixed(1));

export const DIARY_CSV_HEADER = [
  'Period',
  'Practitioner',
  'Working minutes',
  'Booked minutes',
  'Utilisation %',
  'Appointments',
  'No-shows',
  'No-show %',
  'Late cancellations',
  'Late cancellation %',
  'New clients',
  'Returning clients',
];

type Figures = Omit<DiaryRow, 'period' | 'practitionerId' | 'practitionerName'>;
const cells = (f: Figures) => [
  f.workingMinutes,
  f.bookedMinutes,
  percent(f.utilisation),
  f.appointments,
  f.noShows,
  percent(f.noShowRate),
  f.lateCancels,
  percent(f.lateCancelRate),
  f.newClients,
  f.returningClients,
];

/** The report as CSV: a row per period for the practice, the total row, then a row per period and practitioner. */
export function diaryCsv(report: DiaryReport): string {
  return [
    `\uFEFF${csvLine(DIARY_CSV_HEADER)}`, // BOM: spreadsheets then read UTF-8 correctly
    ...report.periods.map((p) => csvLine([p.period, 'All practitioners', ...cells(p)])),
    csvLine([`Total ${report.from} to ${report.to}`, 'All practitioners', ...cells(report.totals)]),
    csvLine([]),
    ...report.rows.map((r) => csvLine([r.period, r.practitionerName, ...cells(r)])),
  ].join('');
}

/** The report (administrators only: the route's guard) with an audit entry saying who exported what. */
export const diaryCsvFile = (scope: Scope, q: DiaryReportQuery) =>
  inTenant(scope, async (tx) => {
    const report = await buildDiaryReport(tx, await diaryCompany(tx, scope.principal.companyId), q);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'report.diary.export',
      description: `Exported the diary report ${report.from} to ${report.to} as CSV.`,
      changes: { format: 'csv', from: report.from, to: report.to, period: report.period },
    });
    return { report, csv: diaryCsv(report) };
  });
