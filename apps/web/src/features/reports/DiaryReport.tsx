import {
  addMonthsIso,
  DIARY_PERIOD_LABELS,
  DIARY_PERIODS,
  type DiaryPeriod,
  type DiaryPeriodRow,
  type DiaryRow,
  lastDayOfMonthIso,
  percentText,
  todayIn,
} from '@pd/contracts';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { usePractitioners } from '../../api/diarySettings.ts';
import { type DiaryParams, practiceReportsApi, useDiaryReport } from '../../api/practiceReports.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { ReportChart } from '../../components/chart/ReportChart.tsx';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { isoOfPicked, pickedOfIso } from '../../lib/pickedDates.ts';
import { percentOf, seriesSummary } from './chartSummaries.ts';
import { ReportDownloads } from './ReportDownloads.tsx';
import { ReportStatus } from './ReportStatus.tsx';
import { ReportTable } from './ReportTable.tsx';
import { defined, ISO_DATE, idOfParam, matching, useReportSearch } from './useReportSearch.ts';

/** Minutes as hours and minutes ("37 h 30 min"). */
export const hoursText = (minutes: number) =>
  minutes % 60 === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;

function DayPicker(props: { id: string; label: string; value: string; onChange: (day?: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <Calendar
        inputId={props.id}
        value={pickedOfIso(props.value)}
        onChange={(e) => props.onChange(e.value instanceof Date ? isoOfPicked(e.value) : undefined)}
        dateFormat="yy-mm-dd"
        placeholder="yyyy-mm-dd"
        showIcon
        showOnFocus={false}
      />
    </div>
  );
}

type Figures = Omit<DiaryPeriodRow, 'period'>;
/** The figures' columns, shared by the practice's table and the practitioners'. */
const figureColumns = (totals?: Figures) => [
  <Column
    key="working"
    header="Working time"
    align="right"
    body={(r: Figures) => hoursText(r.workingMinutes)}
    footer={totals ? hoursText(totals.workingMinutes) : ''}
  />,
  <Column
    key="booked"
    header="Booked time"
    align="right"
    body={(r: Figures) => hoursText(r.bookedMinutes)}
    footer={totals ? hoursText(totals.bookedMinutes) : ''}
  />,
  <Column
    key="use"
    header="Utilisation"
    align="right"
    body={(r: Figures) => percentText(r.utilisation)}
    footer={totals ? percentText(totals.utilisation) : ''}
  />,
  <Column
    key="appointments"
    header="Appointments"
    align="right"
    field="appointments"
    footer={totals?.appointments ?? ''}
  />,
  <Column
    key="noshow"
    header="No-shows"
    align="right"
    body={(r: Figures) => `${r.noShows} (${percentText(r.noShowRate)})`}
    footer={totals ? `${totals.noShows} (${percentText(totals.noShowRate)})` : ''}
  />,
  <Column
    key="late"
    header="Late cancellations"
    align="right"
    body={(r: Figures) => `${r.lateCancels} (${percentText(r.lateCancelRate)})`}
    footer={totals ? `${totals.lateCancels} (${percentText(totals.lateCancelRate)})` : ''}
  />,
  <Column
    key="new"
    header="New clients"
    align="right"
    field="newClients"
    footer={totals?.newClients ?? ''}
  />,
  <Column
    key="returning"
    header="Returning clients"
    align="right"
    field="returningClients"
    footer={totals?.returningClients ?? ''}
  />,
];

/** Issue 19, part 3: utilisation, no-shows, late cancellations and new clients per practitioner, week or month. */
export function DiaryReport() {
  const { company } = useSession();
  const practitioners = usePractitioners(company.id);
  const { query, update } = useReportSearch<DiaryParams>('diary', (raw) =>
    defined({
      from: matching(raw('from'), ISO_DATE),
      to: matching(raw('to'), ISO_DATE),
      period: DIARY_PERIODS.find((p) => p === raw('period')),
      practitionerId: idOfParam(raw('practitionerId')),
    }),
  );
  const report = useDiaryReport(company.id, query);
  const data = report.isError ? undefined : report.data;
  const thisMonth = todayIn(company.timeZone).slice(0, 7);
  const from = data?.from ?? query.from ?? `${addMonthsIso(thisMonth, -2)}-01`;
  const to = data?.to ?? query.to ?? lastDayOfMonthIso(thisMonth);
  const periodLabel = DIARY_PERIOD_LABELS[data?.period ?? query.period ?? 'month'];
  const name = `Diary ${from} to ${to}`;
  return (
    <section aria-labelledby="diary-heading" className="report">
      <h2 id="diary-heading">Diary</h2>
      <p className="muted">
        Per {periodLabel.toLowerCase()}: working time (weekly hours less leave, closures and public holidays),
        the time booked, no-shows, late cancellations, and the clients seen, new to the practice or returning.
      </p>
      <search className="admin-filters" aria-label="Diary report filters">
        <DayPicker id="diary-from" label="From" value={from} onChange={(day) => update({ from: day })} />
        <DayPicker id="diary-to" label="To" value={to} onChange={(day) => update({ to: day })} />
        <FilterDropdown
          id="diary-period"
          label="Per"
          value={query.period ?? null}
          options={DIARY_PERIODS.map((p) => ({ value: p, label: DIARY_PERIOD_LABELS[p] }))}
          onChange={(value) =>
            update({ period: typeof value === 'string' ? (value as DiaryPeriod) : undefined })
          }
          clearTo="Month"
        />
        <FilterDropdown
          id="diary-practitioner"
          label="Practitioner"
          value={query.practitionerId ?? null}
          options={(practitioners.data ?? []).map((p) => ({ value: p.userId, label: p.displayName }))}
          onChange={(value) => update({ practitionerId: typeof value === 'number' ? value : undefined })}
          clearTo="All practitioners"
        />
      </search>
      <ReportDownloads
        formats={['csv']}
        report="diary"
        disabled={!data}
        fetchFile={() => practiceReportsApi.diaryFile(company.id, query, { from, to })}
      />
      <ReportStatus
        report="diary"
        state={report}
        data={data}
        summary={(d) =>
          `${percentText(d.totals.utilisation)} of the working time booked from ${d.from} to ${d.to}; ${d.totals.noShows} no-shows and ${d.totals.lateCancels} late cancellations in ${d.totals.appointments} appointments; ${d.totals.newClients} new clients.`
        }
      />
      {data && (
        <ReportChart
          id="diary-chart"
          title={`Working time booked and no-shows per ${periodLabel.toLowerCase()}, ${data.from} to ${data.to}`}
          kind="bar"
          categoryHeader={periodLabel}
          categories={data.periods.map((p) => p.period)}
          series={[
            {
              label: 'Booked (% of working time)',
              values: data.periods.map((p) => percentOf(p.utilisation)),
            },
            {
              label: 'No-shows (% of appointments)',
              values: data.periods.map((p) => percentOf(p.noShowRate)),
            },
          ]}
          format={(v) => `${v.toFixed(1)}%`}
          summary={seriesSummary(
            'Booked',
            data.periods.map((p) => ({ period: p.period, value: percentOf(p.utilisation) })),
            (v) => `${v.toFixed(1)}%`,
          )}
          empty="No working time or appointments in these days."
        />
      )}
      <ReportTable
        rows={data?.periods ?? []}
        dataKey="period"
        label={name}
        testId="diary-table"
        state={report}
        empty="No days."
      >
        <Column field="period" header={periodLabel} footer="Total" />
        {figureColumns(data?.totals)}
      </ReportTable>
      <ReportTable
        rows={(data?.rows ?? []).map((r) => ({ ...r, key: `${r.period}|${r.practitionerId}` }))}
        dataKey="key"
        label={`${name} per practitioner`}
        testId="diary-rows"
        state={report}
        empty="No practitioner worked or had appointments in these days."
        detail
      >
        <Column field="period" header={periodLabel} />
        <Column header="Practitioner" body={(r: DiaryRow) => r.practitionerName} />
        {figureColumns()}
      </ReportTable>
    </section>
  );
}
