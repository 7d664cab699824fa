import '../../styles/client-records.css';
import '../../styles/messaging.css';
import '../../styles/reminders.css';
import { isAdministrator } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type DispatchQuery, useDispatchHistory, useUpcomingDispatches } from '../../api/reminders.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { useTasksRefused } from '../tasks/taskLabels.tsx';
import { DispatchTable } from './DispatchTable.tsx';
import { HISTORY_FILTER_OPTIONS } from './dispatchLabels.ts';
import { ForecastPanel } from './ForecastPanel.tsx';
import { LoadProblem, ShowFilter } from './ListControls.tsx';
import { RecallsSection } from './RecallsSection.tsx';
import { RepliesInbox } from './RepliesInbox.tsx';
import { TaskListSection } from './TaskListSection.tsx';

/**
 * #/commonReminders: what the reminder rules will send in the next 7 days against the prepaid credit, what
 * went out or failed (with Retry), the SMS replies that need a person, the recalls due, and the signed-in user's tasks. Rules and templates are set in Settings.
 */
export function RemindersPage() {
  usePageTitle('Reminders');
  const { user, company } = useSession();
  const tasksRefused = useTasksRefused();
  return (
    <section className="page reminders-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">Reminders</h1>
        <p className="page__lead">
          The SMS and e-mail reminders of {company.name}&rsquo;s appointments: what goes out in the next 7
          days and what it costs, and what went out or failed.{' '}
          {isAdministrator(user) ? (
            <>
              Set the rules and templates in{' '}
              <Link to="/settings?tab=reminder-rules">Settings, Reminder rules</Link>.
            </>
          ) : (
            'An administrator sets the rules and templates in Settings.'
          )}
        </p>
      </div>
      <ForecastPanel />
      <UpcomingSection />
      <HistorySection />
      {!tasksRefused && <TaskListSection />}
      <RepliesInbox />
      <RecallsSection />
    </section>
  );
}

function UpcomingSection() {
  const { company } = useSession();
  const [query, setQuery] = useState<DispatchQuery>({ page: 1, size: 20 });
  const upcoming = useUpcomingDispatches(company.id, query);
  return (
    <section className="reminders-section" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">Upcoming, next 7 days</h2>
      <LoadProblem
        failed={upcoming.isError}
        what="The upcoming reminders"
        onRetry={() => void upcoming.refetch()}
      />
      <DispatchTable
        mode="upcoming"
        rows={upcoming.data?.content}
        total={upcoming.data?.totalElements ?? 0}
        timeZone={upcoming.data?.timeZone ?? company.timeZone}
        pending={upcoming.isPending}
        failed={upcoming.isError}
        query={query}
        onPage={(page, size) => setQuery({ page, size })}
        label="Upcoming reminders"
        empty="No reminders go out in the next 7 days."
      />
    </section>
  );
}

function HistorySection() {
  const { company } = useSession();
  const [query, setQuery] = useState<DispatchQuery>({ status: 'all', page: 1, size: 20 });
  const history = useDispatchHistory(company.id, query);
  return (
    <section className="reminders-section" aria-labelledby="history-heading">
      <h2 id="history-heading">Sent and failed</h2>
      <div className="admin-filters">
        <ShowFilter
          id="history-status"
          value={query.status ?? 'all'}
          options={HISTORY_FILTER_OPTIONS}
          onChange={(status) => setQuery((q) => ({ ...q, status, page: 1 }))}
        />
        <Button
          type="button"
          label="Refresh"
          icon="pi pi-refresh"
          outlined
          loading={history.isFetching}
          onClick={() => void history.refetch()}
        />
      </div>
      <LoadProblem
        failed={history.isError}
        what="The sent and failed reminders"
        onRetry={() => void history.refetch()}
      />
      <DispatchTable
        mode="settled"
        rows={history.data?.content}
        total={history.data?.totalElements ?? 0}
        timeZone={history.data?.timeZone ?? company.timeZone}
        pending={history.isPending}
        failed={history.isError}
        query={query}
        onPage={(page, size) => setQuery((q) => ({ ...q, page, size }))}
        label="Sent and failed reminders"
        empty={query.status === 'all' ? 'No reminders have gone out yet.' : 'No reminders found.'}
      />
    </section>
  );
}
