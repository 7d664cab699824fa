import { formatMoney, type HomeFigures } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import { useHomeFigures } from '../../api/reportHome.ts';
import { DebtorsChart, DiaryChart, RevenueChart, TasksChart, UnpaidFigures } from './HomeChartCards.tsx';

const nothingToShow = (f: HomeFigures) => !f.revenue && !f.debtors && !f.unpaid && !f.diary && !f.tasks;

/**
 * Issue 19, part 6: the charts of the user's home, from GET /api/report/home: the server sends only what the
 * user may see (money for administrators; otherwise their own day), and each part shows when it is there.
 */
export function HomeCharts({ companyId }: { companyId: number }) {
  const figures = useHomeFigures(companyId);
  const f = figures.data;
  const money = (cents: number) => formatMoney(cents, f?.currency ?? 'ZAR');
  const own = f ? !f.revenue : false;
  return (
    <Card
      title={<h2 className="card-title">{own ? 'Your day' : 'Today and this month'}</h2>}
      className="home-card home-card--wide"
      data-testid="home-charts"
    >
      {figures.isPending && (
        <div aria-busy="true">
          <p role="status" className="muted">
            Loading the charts. Please wait.
          </p>
          <div className="home-charts" aria-hidden="true">
            <Skeleton height="12rem" />
            <Skeleton height="12rem" />
          </div>
        </div>
      )}
      {figures.isError && (
        <div className="notice notice--error" role="alert">
          <span>The charts could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void figures.refetch()} />
        </div>
      )}
      {f && nothingToShow(f) && (
        <p className="muted" role="status">
          Nothing to chart for you today.
        </p>
      )}
      {f && !nothingToShow(f) && (
        <div className="home-charts">
          {f.revenue && <RevenueChart revenue={f.revenue} money={money} />}
          {f.debtors && <DebtorsChart debtors={f.debtors} money={money} />}
          {f.diary && <DiaryChart diary={f.diary} />}
          {f.tasks && <TasksChart tasks={f.tasks} />}
          {f.unpaid && <UnpaidFigures unpaid={f.unpaid} money={money} />}
        </div>
      )}
    </Card>
  );
}
