import { formatMoney, isAdministrator, type ReminderForecast } from '@pd/contracts';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Link } from 'react-router-dom';
import { useReminderForecast } from '../../api/reminders.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { useCurrency } from '../../lib/company.ts';
import { LoadProblem } from './ListControls.tsx';

type Day = ReminderForecast['days'][number];

const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** The next 7 days' SMS reminders, their cost per day and running total against the prepaid balance. */
export function ForecastPanel() {
  const { user, company } = useSession();
  const currency = useCurrency();
  const forecast = useReminderForecast(company.id);
  const money = (cents: number) => formatMoney(cents, currency);
  const f = forecast.data;
  return (
    <section className="reminders-section" aria-labelledby="forecast-heading">
      <h2 id="forecast-heading">Credit forecast, next 7 days</h2>
      <LoadProblem
        failed={forecast.isError}
        what="The credit forecast"
        onRetry={() => void forecast.refetch()}
      />
      {forecast.isPending && (
        <p role="status" className="muted">
          Loading the forecast. Please wait.
        </p>
      )}
      {f && (
        <>
          <p data-testid="forecast-summary">
            Prepaid balance <strong>{money(f.balanceCents)}</strong>; SMS reminders of the next 7 days cost
            about <strong>{money(f.totalCostCents)}</strong> ({money(f.segmentPriceCents)} a segment,
            estimated from their templates).
          </p>
          {f.shortfallCents > 0 ? (
            <div className="notice notice--warning" role="alert" data-testid="forecast-warning">
              <span className="pi pi-exclamation-triangle" aria-hidden="true" />
              <span>
                The balance will not cover them: it runs short on {dayLabel(f.firstShortDate ?? '')}, and{' '}
                {money(f.shortfallCents)} more is needed for the week. Reminders it does not cover fail and
                are not sent.{' '}
                {isAdministrator(user) ? (
                  <Link to="/settings?tab=sms-credit">Top up the SMS credit</Link>
                ) : (
                  'Ask an administrator to top up the SMS credit.'
                )}
              </span>
            </div>
          ) : (
            <p className="muted" data-testid="forecast-covered">
              The balance covers every reminder of the next 7 days.
            </p>
          )}
          <DataTable
            value={f.days}
            dataKey="date"
            size="small"
            scrollable
            className="record-table"
            tableStyle={{ minWidth: '40rem' }}
            pt={scrollingTablePt('Credit forecast per day')}
          >
            <Column field="date" header="Day" body={(d: Day) => dayLabel(d.date)} />
            <Column field="sms" header="SMS" />
            <Column field="email" header="E-mails" />
            <Column field="segments" header="Segments" />
            <Column field="costCents" header="Cost" body={(d: Day) => money(d.costCents)} />
            <Column
              field="cumulativeCents"
              header="Running total"
              body={(d: Day) => money(d.cumulativeCents)}
            />
            <Column
              field="covered"
              header="Balance"
              body={(d: Day) =>
                d.covered ? (
                  <span className="reminders-ok">Covered</span>
                ) : (
                  <span className="reminders-short">
                    <span className="pi pi-exclamation-triangle" aria-hidden="true" /> Short by{' '}
                    {money(d.cumulativeCents - f.balanceCents)}
                  </span>
                )
              }
            />
          </DataTable>
        </>
      )}
    </section>
  );
}
