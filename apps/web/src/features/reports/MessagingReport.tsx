import {
  addMonthsIso,
  formatMoney,
  MESSAGE_REPORT_KIND_LABELS,
  MESSAGE_REPORT_KINDS,
  type MessageReportKind,
  type MessagingKindRow,
  type MessagingMonth,
  todayIn,
} from '@pd/contracts';
import { Column } from 'primereact/column';
import { type MessagingParams, practiceReportsApi, useMessagingReport } from '../../api/practiceReports.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { ReportChart } from '../../components/chart/ReportChart.tsx';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { seriesSummary } from './chartSummaries.ts';
import { ReportDownloads } from './ReportDownloads.tsx';
import { ReportStatus } from './ReportStatus.tsx';
import { ReportTable } from './ReportTable.tsx';
import { MonthPicker } from './RevenueReport.tsx';
import { defined, ISO_MONTH, matching, useReportSearch } from './useReportSearch.ts';

/** Issue 19, part 4: SMS segments and cost, e-mails and failures per month and kind; the prepaid balance. */
export function MessagingReport() {
  const { company } = useSession();
  const { query, update } = useReportSearch<MessagingParams>('messaging', (raw) =>
    defined({
      from: matching(raw('from'), ISO_MONTH),
      to: matching(raw('to'), ISO_MONTH),
      kind: MESSAGE_REPORT_KINDS.find((k) => k === raw('kind')),
    }),
  );
  const report = useMessagingReport(company.id, query);
  const data = report.isError ? undefined : report.data;
  const money = (cents: number) => formatMoney(cents, data?.currency ?? 'ZAR');
  const thisMonth = todayIn(company.timeZone).slice(0, 7);
  const to = data?.to ?? query.to ?? thisMonth;
  const from = data?.from ?? query.from ?? addMonthsIso(to, -11);
  const name = `Messaging ${from} to ${to}`;
  const t = data?.totals;
  return (
    <section aria-labelledby="messaging-heading" className="report">
      <h2 id="messaging-heading">Messaging</h2>
      <p className="muted">
        Per month: SMS charged (a failed SMS is refunded), their segments and cost, e-mails sent and messages
        that failed; the prepaid SMS balance at each month's end with its top-ups, spending and refunds.
      </p>
      <search className="admin-filters" aria-label="Messaging report filters">
        <MonthPicker
          id="messaging-from"
          label="From month"
          value={from}
          max={thisMonth}
          onChange={(m) => update({ from: m })}
        />
        <MonthPicker
          id="messaging-to"
          label="To month"
          value={to}
          max={thisMonth}
          onChange={(m) => update({ to: m })}
        />
        <FilterDropdown
          id="messaging-kind"
          label="Kind"
          value={query.kind ?? null}
          options={MESSAGE_REPORT_KINDS.map((k) => ({ value: k, label: MESSAGE_REPORT_KIND_LABELS[k] }))}
          onChange={(value) =>
            update({ kind: typeof value === 'string' ? (value as MessageReportKind) : undefined })
          }
          clearTo="All kinds"
        />
      </search>
      <ReportDownloads
        formats={['csv']}
        report="messaging"
        disabled={!data}
        fetchFile={() => practiceReportsApi.messagingFile(company.id, query, { from, to })}
      />
      <ReportStatus
        report="messaging"
        state={report}
        data={data}
        summary={(d) =>
          `${d.totals.smsMessages} SMS (${d.totals.smsSegments} segments) cost ${money(d.totals.smsCostCents)} and ${d.totals.emailsSent} e-mails were sent from ${d.from} to ${d.to}; ${d.totals.failures} failed. Balance at the end: ${money(d.totals.balanceCents)}.`
        }
      />
      {data && (
        <ReportChart
          id="messaging-chart"
          title={`SMS cost and prepaid balance per month, ${data.from} to ${data.to}`}
          kind="bar"
          categoryHeader="Month"
          categories={data.months.map((m) => m.month)}
          series={[
            { label: 'SMS cost', values: data.months.map((m) => m.smsCostCents) },
            { label: 'Balance at month end', values: data.months.map((m) => m.balanceCents) },
          ]}
          format={money}
          summary={seriesSummary(
            'SMS cost',
            data.months.map((m) => ({ period: m.month, value: m.smsCostCents })),
            money,
          )}
          empty="No SMS cost and no balance in these months."
        />
      )}
      <ReportTable
        rows={data?.months ?? []}
        dataKey="month"
        label={name}
        testId="messaging-table"
        state={report}
        empty="No months."
      >
        <Column field="month" header="Month" footer="Total" />
        <Column field="smsMessages" header="SMS" align="right" footer={t?.smsMessages ?? ''} />
        <Column field="smsSegments" header="Segments" align="right" footer={t?.smsSegments ?? ''} />
        <Column
          header="SMS cost"
          align="right"
          body={(m: MessagingMonth) => money(m.smsCostCents)}
          footer={t ? money(t.smsCostCents) : ''}
        />
        <Column field="emailsSent" header="E-mails sent" align="right" footer={t?.emailsSent ?? ''} />
        <Column field="failures" header="Failures" align="right" footer={t?.failures ?? ''} />
        <Column
          header="Top-ups"
          align="right"
          body={(m: MessagingMonth) => money(m.topUpCents)}
          footer={t ? money(t.topUpCents) : ''}
        />
        <Column
          header="Spent"
          align="right"
          body={(m: MessagingMonth) => money(m.spentCents)}
          footer={t ? money(t.spentCents) : ''}
        />
        <Column
          header="Refunds"
          align="right"
          body={(m: MessagingMonth) => money(m.refundCents)}
          footer={t ? money(t.refundCents) : ''}
        />
        <Column
          header="Balance at month end"
          align="right"
          body={(m: MessagingMonth) => money(m.balanceCents)}
          footer={t ? money(t.balanceCents) : ''}
        />
      </ReportTable>
      <ReportTable
        rows={(data?.rows ?? []).map((r) => ({ ...r, key: `${r.month}|${r.kind}` }))}
        dataKey="key"
        label={`${name} by kind`}
        testId="messaging-rows"
        state={report}
        empty="No messages in these months."
        detail
      >
        <Column field="month" header="Month" />
        <Column header="Kind" body={(r: MessagingKindRow) => MESSAGE_REPORT_KIND_LABELS[r.kind]} />
        <Column field="smsMessages" header="SMS" align="right" />
        <Column field="smsSegments" header="Segments" align="right" />
        <Column header="SMS cost" align="right" body={(r: MessagingKindRow) => money(r.smsCostCents)} />
        <Column field="emailsSent" header="E-mails sent" align="right" />
        <Column field="failures" header="Failures" align="right" />
      </ReportTable>
    </section>
  );
}
