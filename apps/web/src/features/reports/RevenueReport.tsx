import {
  addMonthsIso,
  formatMoney,
  REVENUE_DEFAULT_MONTHS,
  REVENUE_GROUPING_LABELS,
  REVENUE_GROUPINGS,
  type RevenueGrouping,
  type RevenueGroupRow,
  type RevenueMonth,
  todayIn,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useSearchParams } from 'react-router-dom';
import { type RevenueParams, reportsApi, useRevenueReport } from '../../api/reports.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { ReportChart } from '../../components/chart/ReportChart.tsx';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { isoOfPicked, pickedOfIso } from '../../lib/pickedDates.ts';
import { monthsSummary } from './chartSummaries.ts';
import { problemOf, ReportDownloads } from './ReportDownloads.tsx';

type AmountKey = 'invoicedCents' | 'paidCents' | 'outstandingCents' | 'vatCents';
const ISO_MONTH = /^\d{4}-\d{2}$/;
/** The address keeps the revenue report's choices beside the debtors' report's (prefixed: both are on the page). */
const KEYS = { from: 'revenueFrom', to: 'revenueTo', by: 'revenueBy' } as const;

/** The months and grouping live in the address: reload and back keep them. */
export function useRevenueSearch() {
  const [params, setParams] = useSearchParams();
  const month = (key: string) => {
    const value = params.get(key);
    return value && ISO_MONTH.test(value) ? value : undefined;
  };
  const by = params.get(KEYS.by);
  const query: RevenueParams = {
    ...(month(KEYS.from) ? { from: month(KEYS.from) } : {}),
    ...(month(KEYS.to) ? { to: month(KEYS.to) } : {}),
    ...(REVENUE_GROUPINGS.includes(by as RevenueGrouping) ? { by: by as RevenueGrouping } : {}),
  };
  const update = (changes: RevenueParams) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          const name = KEYS[key as keyof typeof KEYS];
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return { query, update };
}

const monthOfPicked = (value: unknown) =>
  value instanceof Date ? isoOfPicked(value).slice(0, 7) : undefined;

export function MonthPicker(props: {
  id: string;
  label: string;
  value: string;
  max: string;
  onChange: (m?: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <Calendar
        inputId={props.id}
        view="month"
        value={pickedOfIso(`${props.value}-01`)}
        onChange={(e) => props.onChange(monthOfPicked(e.value))}
        dateFormat="yy-mm"
        placeholder="yyyy-mm"
        showIcon
        showOnFocus={false}
        maxDate={pickedOfIso(`${props.max}-01`) ?? undefined}
      />
    </div>
  );
}

/** Issue 19, part 2: invoiced, paid and outstanding per month, VAT for a tax-registered company, grouped on request. */
export function RevenueReport() {
  const { company } = useSession();
  const { query, update } = useRevenueSearch();
  const report = useRevenueReport(company.id, query);
  const data = report.isError ? undefined : report.data;
  const money = (cents: number | null) => (cents === null ? '' : formatMoney(cents, data?.currency ?? 'ZAR'));
  const thisMonth = todayIn(company.timeZone).slice(0, 7);
  const to = data?.to ?? query.to ?? thisMonth;
  const from = data?.from ?? query.from ?? addMonthsIso(to, -(REVENUE_DEFAULT_MONTHS - 1));
  const name = `Revenue ${from} to ${to}`;
  const amounts: [AmountKey, string][] = [
    ['invoicedCents', 'Invoiced'],
    ['paidCents', 'Paid'],
    ['outstandingCents', 'Outstanding at month end'],
    ...(data?.taxRegistered ? [['vatCents', 'VAT'] as [AmountKey, string]] : []),
  ];
  const groupLabel = data?.by ? REVENUE_GROUPING_LABELS[data.by] : '';
  return (
    <section id="revenue" aria-labelledby="revenue-heading" className="report">
      <h2 id="revenue-heading">Revenue</h2>
      <p className="muted">
        Per month: what was invoiced (issued invoices, cancelled ones left out), what was paid (payments by
        their date, write-offs left out) and what was outstanding at the month's end.
        {data?.taxRegistered ? ' VAT is the VAT on the month’s invoices.' : ''}
      </p>
      <search className="admin-filters" aria-label="Revenue filters">
        <MonthPicker
          id="revenue-from"
          label="From month"
          value={from}
          max={thisMonth}
          onChange={(m) => update({ from: m })}
        />
        <MonthPicker
          id="revenue-to"
          label="To month"
          value={to}
          max={thisMonth}
          onChange={(m) => update({ to: m })}
        />
        <FilterDropdown
          id="revenue-by"
          label="Group by"
          value={query.by ?? null}
          options={REVENUE_GROUPINGS.map((g) => ({ value: g, label: REVENUE_GROUPING_LABELS[g] }))}
          onChange={(value) =>
            update({ by: typeof value === 'string' ? (value as RevenueGrouping) : undefined })
          }
          clearTo="No grouping"
        />
      </search>
      <ReportDownloads
        formats={['csv', 'pdf']}
        report="revenue"
        disabled={!data}
        fetchFile={(format) => reportsApi.revenueFile(company.id, query, { from, to }, format)}
      />
      {report.isError && (
        <div className="notice notice--error" role="alert" data-testid="revenue-error">
          <span>{problemOf(report.error)}</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void report.refetch()} />
        </div>
      )}
      <p className="muted" role="status" data-testid="revenue-summary">
        {report.isPending
          ? 'Loading the report…'
          : data
            ? `${money(data.totals.invoicedCents)} invoiced and ${money(data.totals.paidCents)} paid from ${data.from} to ${data.to}; ${money(data.totals.outstandingCents)} outstanding at the end.`
            : ''}
      </p>
      {data && (
        <ReportChart
          id="revenue-chart"
          title={`Invoiced and paid per month, ${data.from} to ${data.to}`}
          kind="bar"
          categoryHeader="Month"
          categories={data.months.map((m) => m.month)}
          series={[
            { label: 'Invoiced', values: data.months.map((m) => m.invoicedCents) },
            { label: 'Paid', values: data.months.map((m) => m.paidCents) },
          ]}
          format={(cents) => money(cents)}
          summary={monthsSummary(data.months, money)}
          empty="Nothing was invoiced or paid in these months."
        />
      )}
      <DataTable
        value={data?.months ?? []}
        dataKey="month"
        size="small"
        stripedRows
        loading={report.isFetching}
        className="record-table"
        data-testid="revenue-table"
        pt={scrollingTablePt(name)}
        emptyMessage={
          <EmptyRow
            pending={report.isPending}
            failed={report.isError}
            loading="Loading the report…"
            empty="No months."
          />
        }
      >
        <Column field="month" header="Month" footer="Total" />
        {amounts.map(([key, header]) => (
          <Column
            key={key}
            header={header}
            align="right"
            body={(m: RevenueMonth) => money(m[key])}
            footer={data ? money(data.totals[key]) : ''}
          />
        ))}
      </DataTable>
      {data?.by && (
        <DataTable
          value={data.groups.map((g) => ({ ...g, key: `${g.month}|${g.groupId ?? ''}|${g.groupName}` }))}
          dataKey="key"
          size="small"
          stripedRows
          paginator={data.groups.length > 50}
          rows={50}
          className="record-table report-drill"
          data-testid="revenue-groups"
          pt={scrollingTablePt(`${name} by ${groupLabel.toLowerCase()}`)}
          emptyMessage={<span role="status">Nothing was invoiced in these months.</span>}
        >
          <Column field="month" header="Month" />
          <Column field="groupName" header={groupLabel} />
          <Column header="Invoiced" align="right" body={(g: RevenueGroupRow) => money(g.invoicedCents)} />
          {data.by !== 'product' && (
            <Column header="Paid" align="right" body={(g: RevenueGroupRow) => money(g.paidCents)} />
          )}
        </DataTable>
      )}
      {data?.by === 'product' && (
        <p className="muted">
          Payments are made against invoices, not lines, so nothing paid is shown per product.
        </p>
      )}
    </section>
  );
}
