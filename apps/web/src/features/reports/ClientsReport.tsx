import {
  addMonthsIso,
  CLIENT_REPORT_GROUPING_LABELS,
  CLIENT_REPORT_GROUPINGS,
  type ClientReportGrouping,
  todayIn,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { type ClientsParams, practiceReportsApi, useClientsReport } from '../../api/practiceReports.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { ReportChart } from '../../components/chart/ReportChart.tsx';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { seriesSummary } from './chartSummaries.ts';
import { ReportDownloads } from './ReportDownloads.tsx';
import { ReportStatus } from './ReportStatus.tsx';
import { ReportTable } from './ReportTable.tsx';
import { MonthPicker } from './RevenueReport.tsx';
import { defined, ISO_MONTH, matching, useReportSearch } from './useReportSearch.ts';

/** Issue 19, part 5: new clients per month, clients on the books, live clients by status, by medical aid or product. */
export function ClientsReport() {
  const { company } = useSession();
  const groupings = CLIENT_REPORT_GROUPINGS.filter((g) => g !== 'medicalAid' || company.type === 'H');
  const { query, update } = useReportSearch<ClientsParams>('clients', (raw) =>
    defined({
      from: matching(raw('from'), ISO_MONTH),
      to: matching(raw('to'), ISO_MONTH),
      by: groupings.find((g) => g === raw('by')),
    }),
  );
  const report = useClientsReport(company.id, query);
  const data = report.isError ? undefined : report.data;
  const thisMonth = todayIn(company.timeZone).slice(0, 7);
  const to = data?.to ?? query.to ?? thisMonth;
  const from = data?.from ?? query.from ?? addMonthsIso(to, -11);
  const name = `Clients ${from} to ${to}`;
  const t = data?.totals;
  const groupLabel = data?.by ? CLIENT_REPORT_GROUPING_LABELS[data.by] : '';
  return (
    <section aria-labelledby="clients-report-heading" className="report">
      <h2 id="clients-report-heading">Clients</h2>
      <p className="muted">
        Per month: new clients, deleted ones and the clients on the books at the month's end. The split by
        status is as it is today: changes of status are not recorded, so it is not shown per month.
      </p>
      <search className="admin-filters" aria-label="Clients report filters">
        <MonthPicker
          id="clients-from"
          label="From month"
          value={from}
          max={thisMonth}
          onChange={(m) => update({ from: m })}
        />
        <MonthPicker
          id="clients-to"
          label="To month"
          value={to}
          max={thisMonth}
          onChange={(m) => update({ to: m })}
        />
        <FilterDropdown
          id="clients-by"
          label="Group by"
          value={query.by ?? null}
          options={groupings.map((g) => ({ value: g, label: CLIENT_REPORT_GROUPING_LABELS[g] }))}
          onChange={(value) =>
            update({ by: typeof value === 'string' ? (value as ClientReportGrouping) : undefined })
          }
          clearTo="No grouping"
        />
      </search>
      <ReportDownloads
        formats={['csv']}
        report="clients"
        disabled={!data}
        fetchFile={() => practiceReportsApi.clientsFile(company.id, query, { from, to })}
      />
      <ReportStatus
        report="clients"
        state={report}
        data={data}
        summary={(d) =>
          `${d.totals.newClients} new clients from ${d.from} to ${d.to}, ${d.totals.onBooks} on the books at the end. Today ${d.current.active} active, ${d.current.inactive} inactive and ${d.current.pending} pending.`
        }
      />
      {data && (
        <ReportChart
          id="clients-chart"
          title={`New and deleted clients per month, ${data.from} to ${data.to}`}
          kind="bar"
          categoryHeader="Month"
          categories={data.months.map((m) => m.month)}
          series={[
            { label: 'New clients', values: data.months.map((m) => m.newClients) },
            { label: 'Deleted', values: data.months.map((m) => m.deletedClients) },
          ]}
          format={(n) => String(n)}
          summary={seriesSummary(
            'New clients',
            data.months.map((m) => ({ period: m.month, value: m.newClients })),
            (n) => String(n),
          )}
          empty="No client was added or deleted in these months."
        />
      )}
      <ReportTable
        rows={data?.months ?? []}
        dataKey="month"
        label={name}
        testId="clients-table"
        state={report}
        empty="No months."
      >
        <Column field="month" header="Month" footer="Total" />
        <Column field="newClients" header="New clients" align="right" footer={t?.newClients ?? ''} />
        <Column field="deletedClients" header="Deleted" align="right" footer={t?.deletedClients ?? ''} />
        <Column field="onBooks" header="On the books at month end" align="right" footer={t?.onBooks ?? ''} />
      </ReportTable>
      <ReportTable
        rows={data ? [{ key: 'all', groupName: 'All live clients', ...data.current }] : []}
        dataKey="key"
        label={`${name}: live clients by status today`}
        testId="clients-status"
        state={report}
        empty="No clients."
        detail
      >
        <Column field="groupName" header="Today" />
        <Column field="active" header="Active" align="right" />
        <Column field="inactive" header="Inactive" align="right" />
        <Column field="pending" header="Pending" align="right" />
        <Column field="total" header="Total" align="right" />
      </ReportTable>
      {data?.by && (
        <ReportTable
          rows={data.groups.map((g) => ({ ...g, key: `${g.groupId ?? ''}|${g.groupName}` }))}
          dataKey="key"
          label={`${name} by ${groupLabel.toLowerCase()}`}
          testId="clients-groups"
          state={report}
          empty="No clients."
          detail
        >
          <Column field="groupName" header={groupLabel} />
          <Column field="active" header="Active" align="right" />
          <Column field="inactive" header="Inactive" align="right" />
          <Column field="pending" header="Pending" align="right" />
          <Column field="total" header="Total" align="right" />
          <Column field="newClients" header="New in the range" align="right" />
        </ReportTable>
      )}
    </section>
  );
}
