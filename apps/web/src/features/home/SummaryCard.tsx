import { CLIENT_STATUSES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Skeleton } from 'primereact/skeleton';
import { useCompanySummary } from '../../api/hooks.ts';
import { STATUS_LABELS } from '../../components/form/options.ts';

function Figure({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`figure figure--${tone}`}>
      <dt>{label}</dt>
      <dd>{value.toLocaleString('en-GB')}</dd>
    </div>
  );
}

/** Clients by status and the user count, from /summary, with loading and failure states. */
export function SummaryCard({ companyId }: { companyId: number }) {
  const summary = useCompanySummary(companyId);
  return (
    <Card title={<h2 className="card-title">At a glance</h2>} className="home-card home-card--wide">
      {summary.isPending && (
        <div aria-busy="true">
          <p role="status" className="muted">
            Loading figures. Please wait.
          </p>
          <div className="figures" aria-hidden="true">
            {['a', 'b', 'c', 'd'].map((key) => (
              <Skeleton key={key} height="4.5rem" />
            ))}
          </div>
        </div>
      )}
      {summary.isError && (
        <div className="notice notice--error" role="alert">
          <span>The figures could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void summary.refetch()} />
        </div>
      )}
      {summary.data && (
        <dl className="figures" data-testid="company-summary">
          {CLIENT_STATUSES.map((status) => (
            <Figure
              key={status}
              label={`${STATUS_LABELS[status]} clients`}
              value={summary.data.clientsByStatus[status]}
              tone={status}
            />
          ))}
          <Figure label="Users" value={summary.data.userCount} tone="users" />
        </dl>
      )}
    </Card>
  );
}
