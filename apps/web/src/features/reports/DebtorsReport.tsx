import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  type DebtorInvoice,
  type DebtorRow,
  formatMoney,
  todayIn,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { reportsApi, useDebtorInvoices, useDebtorsReport } from '../../api/reports.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { ReportChart } from '../../components/chart/ReportChart.tsx';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { invoicesHref } from '../invoices/useInvoiceSearch.ts';
import { bucketSummary } from './chartSummaries.ts';
import { DebtorsFilters } from './DebtorsFilters.tsx';
import { problemOf, ReportDownloads } from './ReportDownloads.tsx';
import { useDebtorsSearch } from './useDebtorsSearch.ts';

/** CSV and PDF of the report as shown. */
function Downloads({ disabled }: { disabled: boolean }) {
  const { company } = useSession();
  const { query } = useDebtorsSearch();
  return (
    <ReportDownloads
      formats={['csv', 'pdf']}
      report="debtors"
      disabled={disabled}
      fetchFile={(format) => reportsApi.debtorsFile(company.id, query, format, todayIn(company.timeZone))}
    />
  );
}

/** The drill-down: the invoices behind one client's row, as at the same day. */
function ClientInvoices({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const { company } = useSession();
  const { query } = useDebtorsSearch();
  const invoices = useDebtorInvoices(company.id, clientId, query);
  const data = invoices.data;
  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'ZAR');
  const label = `Invoices of ${data?.clientName ?? `client ${clientId}`} outstanding as at ${data?.asAt ?? ''}`;
  return (
    <section className="report-drill" aria-labelledby="debtors-drill-heading" data-testid="debtors-drill">
      <div className="page__header">
        <h2 id="debtors-drill-heading">{label}</h2>
        <Link to={invoicesHref(clientId)}>All invoices of this client</Link>
        <Button type="button" label="Close" icon="pi pi-times" size="small" text onClick={onClose} />
      </div>
      {invoices.isError && (
        <div className="notice notice--error" role="alert">
          <span>{problemOf(invoices.error)}</span>
        </div>
      )}
      <DataTable
        value={data?.invoices ?? []}
        dataKey="id"
        size="small"
        stripedRows
        loading={invoices.isFetching}
        className="record-table"
        pt={scrollingTablePt(label)}
        emptyMessage={
          <span role="status">{invoices.isPending ? 'Loading…' : 'No invoices outstanding.'}</span>
        }
      >
        <Column field="reference" header="Invoice" />
        <Column field="invoiced" header="Invoiced" />
        <Column field="due" header="Due" />
        <Column header="Days past due" body={(i: DebtorInvoice) => Math.max(0, i.daysPastDue)} />
        <Column header="Bucket" body={(i: DebtorInvoice) => AGEING_BUCKET_LABELS[i.bucket]} />
        <Column header="Total" align="right" body={(i: DebtorInvoice) => money(i.totalCents)} />
        <Column header="Paid by then" align="right" body={(i: DebtorInvoice) => money(i.paidCents)} />
        <Column header="Outstanding" align="right" body={(i: DebtorInvoice) => money(i.outstandingCents)} />
      </DataTable>
    </section>
  );
}

/** Issue 19, part 1: outstanding per client by days past due, as at a day, with totals. */
export function DebtorsReport() {
  const { company } = useSession();
  const { query, clientId, update, drill, drillSearch } = useDebtorsSearch();
  const report = useDebtorsReport(company.id, query);
  const data = report.isError ? undefined : report.data;
  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'ZAR');
  const asAt = data?.asAt ?? query.asAt ?? todayIn(company.timeZone);
  const clientCell = (row: DebtorRow) => (
    <Link
      to={{ search: drillSearch(row.clientId) }}
      replace
      aria-label={`Invoices of ${row.clientName}`}
      aria-current={clientId === row.clientId ? 'true' : undefined}
    >
      {row.clientName}
    </Link>
  );
  return (
    <section id="debtors" aria-labelledby="debtors-heading" className="report">
      <h2 id="debtors-heading">Debtors' age analysis</h2>
      <p className="muted">
        What each client owed as at the day, by days past the due date (current: not yet due or under 30
        days). Payments and cancellations after the day are ignored.
      </p>
      <DebtorsFilters query={query} onChange={update} />
      <Downloads disabled={!data} />
      {report.isError && (
        <div className="notice notice--error" role="alert" data-testid="debtors-error">
          <span>{problemOf(report.error)}</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void report.refetch()} />
        </div>
      )}
      <p className="muted" role="status" data-testid="debtors-summary">
        {report.isPending
          ? 'Loading the report…'
          : data
            ? `${data.totals.clients.toLocaleString('en-GB')} ${data.totals.clients === 1 ? 'client' : 'clients'} owing ${money(data.totals.totalCents)} as at ${asAt}.`
            : ''}
      </p>
      {data && (
        <ReportChart
          id="debtors-chart"
          title={`Outstanding by days past due as at ${data.asAt}`}
          kind="bar"
          categoryHeader="Days past due"
          categories={AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b])}
          series={[{ label: 'Outstanding', values: AGEING_BUCKETS.map((b) => data.totals[b]) }]}
          format={money}
          summary={bucketSummary(data.totals, money)}
          empty={`Nothing was outstanding as at ${data.asAt}.`}
        />
      )}
      <DataTable
        value={data?.rows ?? []}
        dataKey="clientId"
        size="small"
        stripedRows
        paginator={(data?.rows.length ?? 0) > 50}
        rows={50}
        loading={report.isFetching}
        className="record-table"
        data-testid="debtors-table"
        pt={scrollingTablePt(`Debtors' age analysis as at ${asAt}`)}
        emptyMessage={
          <EmptyRow
            pending={report.isPending}
            failed={report.isError}
            loading="Loading the report…"
            empty={`Nothing was outstanding as at ${asAt}.`}
            testId="debtors-empty"
          />
        }
      >
        <Column header="Client" body={clientCell} footer="Total" />
        <Column field="openInvoices" header="Invoices" align="right" footer={data?.totals.openInvoices} />
        {AGEING_BUCKETS.map((b) => (
          <Column
            key={b}
            header={AGEING_BUCKET_LABELS[b]}
            align="right"
            body={(row: DebtorRow) => money(row[b])}
            footer={data ? money(data.totals[b]) : ''}
          />
        ))}
        <Column
          header="Total"
          align="right"
          body={(row: DebtorRow) => <strong>{money(row.totalCents)}</strong>}
          footer={data ? money(data.totals.totalCents) : ''}
        />
      </DataTable>
      {clientId !== null && <ClientInvoices clientId={clientId} onClose={() => drill(null)} />}
    </section>
  );
}
