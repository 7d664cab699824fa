import {
  AGEING_BUCKET_LABELS,
  AGEING_BUCKETS,
  type AppointmentStatus,
  type HomeFigures,
} from '@pd/contracts';
import { Link } from 'react-router-dom';
import { ReportChart } from '../../components/chart/ReportChart.tsx';
import { STATUS_LABELS } from '../client-appointments/appointmentLabels.ts';
import { INVOICES_ROUTE } from '../invoices/useInvoiceSearch.ts';
import { bucketSummary, monthsSummary } from '../reports/chartSummaries.ts';
import { reportHref } from '../reports/useReportSection.ts';

type Money = (cents: number) => string;
/** A status has one colour wherever it is charted (the app's palette). */
const STATUS_COLOURS: Record<AppointmentStatus, string> = {
  booked: '#1d4ed8',
  arrived: '#15803d',
  fulfilled: '#0369a1',
  cancelled: '#475569',
  noshow: '#b91c1c',
  'entered-in-error': '#7e22ce',
};
const count = (n: number) => n.toLocaleString('en-GB');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function RevenueChart({
  revenue,
  money,
}: {
  revenue: NonNullable<HomeFigures['revenue']>;
  money: Money;
}) {
  const months = revenue.months;
  return (
    <ReportChart
      id="home-revenue"
      title="Revenue: this month against last"
      kind="bar"
      categoryHeader="Month"
      categories={months.map((m) => m.month)}
      series={[
        { label: 'Invoiced', values: months.map((m) => m.invoicedCents) },
        { label: 'Paid', values: months.map((m) => m.paidCents) },
      ]}
      format={money}
      summary={monthsSummary(months, money)}
      empty="Nothing was invoiced or paid last month or this month."
      link={{ to: reportHref('revenue'), label: 'Revenue report' }}
    />
  );
}

export function DebtorsChart({
  debtors,
  money,
}: {
  debtors: NonNullable<HomeFigures['debtors']>;
  money: Money;
}) {
  return (
    <ReportChart
      id="home-debtors"
      title="Debtors by days past due"
      kind="bar"
      categoryHeader="Days past due"
      categories={AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b])}
      series={[{ label: 'Outstanding', values: AGEING_BUCKETS.map((b) => debtors.buckets[b]) }]}
      format={money}
      summary={bucketSummary({ ...debtors.buckets, totalCents: debtors.totalCents }, money)}
      empty="Nothing is outstanding."
      link={{ to: reportHref('debtors'), label: 'Debtors’ age analysis' }}
    />
  );
}

export function DiaryChart({ diary }: { diary: NonNullable<HomeFigures['diary']> }) {
  const own = diary.scope === 'own';
  const total = diary.byStatus.reduce((s, b) => s + b.count, 0);
  const label = (status: string) => STATUS_LABELS[status as AppointmentStatus] ?? status;
  const parts = diary.byStatus.map((b) => `${count(b.count)} ${label(b.status).toLowerCase()}`);
  return (
    <ReportChart
      id="home-diary"
      title={own ? 'Your appointments today' : 'Today’s diary'}
      kind="doughnut"
      categoryHeader="Status"
      categories={diary.byStatus.map((b) => label(b.status))}
      series={[{ label: 'Appointments', values: diary.byStatus.map((b) => b.count) }]}
      colours={diary.byStatus.map((b) => STATUS_COLOURS[b.status as AppointmentStatus] ?? '#1f2937')}
      format={count}
      summary={
        total === 0
          ? `No appointments ${own ? 'for you ' : ''}today.`
          : `${plural(total, 'appointment', 'appointments')} today: ${parts.join(', ')}.`
      }
      empty={`No appointments ${own ? 'for you ' : ''}today.`}
      link={{ to: '/commonAppointments', label: 'Open the diary' }}
    />
  );
}

export function TasksChart({ tasks }: { tasks: NonNullable<HomeFigures['tasks']> }) {
  const own = tasks.scope === 'own';
  return (
    <ReportChart
      id="home-tasks"
      title={own ? 'Your tasks due' : 'Tasks due'}
      kind="bar"
      categoryHeader="When"
      categories={['Late', 'Due later today']}
      series={[{ label: 'Open tasks', values: [tasks.overdue, tasks.dueToday] }]}
      format={count}
      summary={`${plural(tasks.overdue, 'open task is', 'open tasks are')} late and ${plural(tasks.dueToday, 'is', 'are')} due later today.`}
      empty={`No tasks ${own ? 'of yours ' : ''}are late or due today.`}
      link={{ to: '/commonReminders', label: 'Open the tasks' }}
    />
  );
}

/** Not a chart: two figures, and the Invoices page's Unpaid list behind them. */
export function UnpaidFigures({
  unpaid,
  money,
}: {
  unpaid: NonNullable<HomeFigures['unpaid']>;
  money: Money;
}) {
  return (
    <section className="report-chart" aria-labelledby="home-unpaid-title" data-testid="home-unpaid">
      <h3 id="home-unpaid-title" className="report-chart__title">
        Unpaid invoices
      </h3>
      <dl className="figures figures--two">
        <div className="figure figure--unpaid">
          <dt>Invoices past due</dt>
          <dd data-testid="home-unpaid-count">{count(unpaid.count)}</dd>
        </div>
        <div className="figure figure--unpaid">
          <dt>Still owed on them</dt>
          <dd data-testid="home-unpaid-amount">{money(unpaid.outstandingCents)}</dd>
        </div>
      </dl>
      <Link
        className="report-chart__link"
        to={`${INVOICES_ROUTE}?status=unpaid`}
        data-testid="home-unpaid-link"
      >
        Unpaid invoices list
      </Link>
    </section>
  );
}
