import './intake.css';
import { IMPORT_FORMATS, type IntakeReport } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { scrollingTablePt } from '../../components/a11y.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { intakeReports, useLastIntakeReport } from './intakeReportStore.ts';
import { fieldLabel } from './reasons.ts';

const SOURCES: Record<IntakeReport['source'], string> = {
  csv: 'a CSV',
  'pdf-form': "a fillable PDF's form fields",
  'pdf-text': "a printed PDF's labels",
};
const MATCHED_BY = { idNumber: 'ID number', email: 'e-mail' } as const;
const plural = (n: number, word: string) => `${n.toLocaleString('en-GB')} ${word}${n === 1 ? '' : 's'}`;

const ROW = <Column field="row" header="Row" />;
const NAME = <Column field="name" header="Name" />;
const CLIENT_ID = <Column field="clientId" header="Client ID" />;

function ReportTable({ label, rows, children }: { label: string; rows: object[]; children: ReactNode }) {
  return (
    <DataTable
      value={rows}
      dataKey="row"
      pt={scrollingTablePt(label)}
      emptyMessage="None."
      paginator
      rows={10}
      size="small"
      stripedRows
    >
      {children}
    </DataTable>
  );
}

const reasons = (r: IntakeReport['rejected'][number]) => (
  <ul className="intake-report__reasons">
    {r.reasons.map((p) => (
      <li key={`${p.field}:${p.message}`}>
        {p.field === 'row' ? p.message : `${fieldLabel(p.field)}: ${p.message}`}
      </li>
    ))}
  </ul>
);

/** The last import's report on tab 1: what was created, updated and rejected, and why. */
export function IntakeReportDialog() {
  const report = useLastIntakeReport();
  const navigate = useNavigate();
  if (!report) return null;
  const { created, updated, rejected } = report;
  const show = (clientId: number) => {
    intakeReports.clear();
    navigate(recordHref(clientId));
  };
  const showButton = (row: { clientId: number; name: string }) => (
    <Button
      type="button"
      label="Show"
      text
      size="small"
      aria-label={`Show ${row.name}`}
      onClick={() => show(row.clientId)}
    />
  );
  return (
    <Dialog
      visible
      header="Client intake imported"
      style={{ width: 'min(56rem, 95vw)' }}
      onHide={() => intakeReports.clear()}
      data-testid="intake-report"
    >
      <p className="intake-report__summary" data-testid="intake-report-summary">
        {report.fileName} ({report.format} {IMPORT_FORMATS[report.format]}, read as {SOURCES[report.source]}):{' '}
        {plural(created.length, 'client')} created, {updated.length.toLocaleString('en-GB')} updated,{' '}
        {rejected.length.toLocaleString('en-GB')} rejected.
      </p>
      {report.warnings.length > 0 && (
        <ul className="intake-report__warnings notice notice--info">
          {report.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      <TabView className="intake-report__tabs" activeIndex={rejected.length > 0 ? 2 : 0}>
        <TabPanel header={`Created (${created.length})`}>
          <ReportTable label="Created clients" rows={created}>
            {ROW}
            {NAME}
            {CLIENT_ID}
            <Column header="" body={showButton} />
          </ReportTable>
        </TabPanel>
        <TabPanel header={`Updated (${updated.length})`}>
          <ReportTable label="Updated clients" rows={updated}>
            {ROW}
            {NAME}
            {CLIENT_ID}
            <Column header="Matched by" body={(r: (typeof updated)[number]) => MATCHED_BY[r.matchedBy]} />
            <Column header="" body={showButton} />
          </ReportTable>
        </TabPanel>
        <TabPanel header={`Rejected (${rejected.length})`}>
          <ReportTable label="Rejected rows" rows={rejected}>
            {ROW}
            <Column header="Name" body={(r: (typeof rejected)[number]) => r.name ?? '—'} />
            <Column header="Reasons" body={reasons} />
          </ReportTable>
        </TabPanel>
      </TabView>
      <div className="client-form__actions">
        <Button type="button" label="Close report" onClick={() => intakeReports.clear()} autoFocus />
      </div>
    </Dialog>
  );
}
