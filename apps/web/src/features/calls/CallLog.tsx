import {
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  type Call,
  type CallOutcome,
  formatDateTimeIn,
  formatDuration,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { Link } from 'react-router-dom';
import { useCallPage } from '../../api/calls.ts';
import { useCompanyUsers } from '../../api/hooks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { DayFilter } from '../../components/DayFilter.tsx';
import { MobileLink } from '../../components/MobileLink.tsx';
import { recordHref } from '../client-record/recordHref.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { directionLabel, outcomeLabel } from './callWords.ts';
import { useCallLogQuery } from './useCallLogQuery.ts';

const DIRECTIONS = [
  { value: 'in', label: 'Incoming' },
  { value: 'out', label: 'Outgoing' },
];
const OUTCOMES = CALL_OUTCOMES.map((o) => ({ value: o, label: CALL_OUTCOME_LABELS[o] }));

/** The call log: filtered, sorted and paged by the server. */
export function CallLog() {
  const { company } = useSession();
  const list = useCallLogQuery(company.timeZone);
  const page = useCallPage(company.id, list.query);
  const users = useCompanyUsers(company.id);
  const userOptions = (users.data ?? []).map((u) => ({ value: u.id, label: u.displayName }));
  const day = (name: 'startDay' | 'endDay', label: string) => (
    <DayFilter
      id={`calls-${name}`}
      label={label}
      value={list.filters[name]}
      onChange={(value) => list.setFilter({ [name]: value })}
    />
  );
  const choice = <V extends string | number>(
    id: string,
    label: string,
    value: V | undefined,
    options: { value: V; label: string }[],
    onChange: (value: V | undefined) => void,
  ) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Dropdown
        inputId={id}
        value={value ?? null}
        options={options}
        optionLabel="label"
        optionValue="value"
        showClear
        placeholder="Any"
        onChange={(e) => onChange((e.value ?? undefined) as V | undefined)}
        pt={{ select: { 'aria-hidden': true } }}
      />
    </div>
  );
  return (
    <section className="reminders-section" aria-labelledby="call-log-heading">
      <h2 id="call-log-heading">Call log</h2>
      <div className="admin-filters">
        {day('startDay', 'From')}
        {day('endDay', 'To')}
        {choice('calls-direction', 'Direction', list.filters.direction, DIRECTIONS, (direction) =>
          list.setFilter({ direction: direction as 'in' | 'out' | undefined }),
        )}
        {choice('calls-outcome', 'Outcome', list.filters.outcome, OUTCOMES, (outcome) =>
          list.setFilter({ outcome: outcome as CallOutcome | undefined }),
        )}
        {choice('calls-handled-by', 'Handled by', list.filters.handledById, userOptions, (handledById) =>
          list.setFilter({ handledById }),
        )}
        <Button type="button" label="Clear filters" text onClick={list.clear} />
      </div>
      <LoadProblem failed={page.isError} what="The call log" onRetry={() => void page.refetch()} />
      <DataTable
        value={page.isError ? [] : (page.data?.data ?? [])}
        dataKey="id"
        {...list.tableProps(page.data?.totalRecords ?? 0)}
        loading={page.isFetching}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        data-testid="call-log"
        tableStyle={{ minWidth: '60rem' }}
        pt={scrollingTablePt('Call log')}
        emptyMessage={<span role="status">{page.isPending ? 'Loading calls.' : 'No calls match.'}</span>}
      >
        <Column
          field="startedAt"
          header="Started"
          sortable
          bodyClassName="cell-nowrap"
          body={(c: Call) => formatDateTimeIn(c.startedAt, company.timeZone)}
        />
        <Column
          field="direction"
          header="Direction"
          sortable
          body={(c: Call) => directionLabel(c.direction)}
        />
        <Column
          field="clientName"
          header="Caller"
          sortable
          body={(c: Call) =>
            c.clientId ? (
              <Link to={recordHref(c.clientId)}>{c.clientName}</Link>
            ) : (
              <span className="muted">Unknown</span>
            )
          }
        />
        <Column header="Number" body={(c: Call) => <MobileLink mobile={c.number} />} />
        <Column field="outcome" header="Outcome" sortable body={(c: Call) => outcomeLabel(c.outcome)} />
        <Column
          field="durationSeconds"
          header="Duration"
          sortable
          body={(c: Call) => formatDuration(c.durationSeconds)}
        />
        <Column header="Purpose" body={(c: Call) => c.purpose || '—'} />
        <Column field="handledBy" header="Handled by" sortable />
        <Column header="Status" body={(c: Call) => (c.status === 'open' ? 'Open' : 'Closed')} />
      </DataTable>
    </section>
  );
}
