import {
  formatDateTimeIn,
  isAdministrator,
  TASK_SORT_FIELDS,
  type Task,
  type TaskSortField,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Link } from 'react-router-dom';
import { useTaskPage } from '../../api/reminders.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { EmptyRow } from '../../components/EmptyRow.tsx';
import { serverPaging } from '../../lib/serverPaging.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { LOADING_TASKS, NO_TASKS, TaskStatus, TaskType, useAssigneeName } from '../tasks/taskLabels.tsx';
import { LoadProblem, ShowFilter } from './ListControls.tsx';
import { type TaskFilter, type TaskScope, useTaskListQuery } from './useTaskListQuery.ts';

const FILTERS: { value: TaskFilter; label: string }[] = [
  { value: 'active', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'complete', label: 'Closed' },
  { value: 'all', label: 'All' },
];
const SCOPES: { value: TaskScope; label: string }[] = [
  { value: 'mine', label: 'My tasks' },
  { value: 'company', label: 'Everyone’s' },
];
const isSortField = (field: string): field is TaskSortField =>
  (TASK_SORT_FIELDS as readonly string[]).includes(field);

/**
 * My tasks (and, for administrators, everyone's) by due date through the lazy task list: the server pages,
 * sorts and searches. The page leaves it out for ROLE_ISOPRACTICE (spec section 2).
 */
export function TaskListSection() {
  const { user, company } = useSession();
  const admin = isAdministrator(user);
  const list = useTaskListQuery(user.id);
  const tasks = useTaskPage(company.id, list.query, true);
  const assignee = useAssigneeName(company.id);
  const due = (t: Task) =>
    t.due ? formatDateTimeIn(t.due, company.timeZone) : <span className="muted">No due date</span>;
  const overdue = (t: Task) =>
    !!t.due && Date.parse(t.due) < Date.now() && (t.status === 'I' || t.status === 'W');
  return (
    <section className="reminders-section" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading">{list.scope === 'mine' ? 'My tasks' : 'Everyone’s tasks'}</h2>
      <div className="admin-filters">
        {admin && (
          <SelectButton
            value={list.scope}
            options={SCOPES}
            optionLabel="label"
            optionValue="value"
            allowEmpty={false}
            onChange={(e) => list.setScope(e.value as TaskScope)}
            aria-label="Whose tasks"
          />
        )}
        <ShowFilter id="tasks-filter" value={list.filter} options={FILTERS} onChange={list.setFilter} />
        <div className="field">
          <label htmlFor="tasks-search">Search (press Enter)</label>
          <InputText
            id="tasks-search"
            value={list.searchInput}
            onChange={(e) => list.setSearchInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.applySearch();
            }}
            placeholder="Description or client"
            maxLength={100}
          />
        </div>
        <Button type="button" label="Clear search" text onClick={list.clearSearch} />
      </div>
      <LoadProblem failed={tasks.isError} what="The tasks" onRetry={() => void tasks.refetch()} />
      <DataTable
        value={tasks.isError ? [] : (tasks.data?.data ?? [])}
        dataKey="id"
        {...serverPaging(list.paging.page, list.paging.size, tasks.data?.totalRecords ?? 0, list.setPage)}
        sortField={list.sort.field}
        sortOrder={list.sort.order}
        onSort={(e) => {
          if (e.sortField && isSortField(e.sortField)) list.setSort(e.sortField, e.sortOrder === 1 ? 1 : -1);
        }}
        loading={tasks.isFetching}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        tableStyle={{ minWidth: '56rem' }}
        pt={scrollingTablePt('Tasks')}
        emptyMessage={
          <EmptyRow
            pending={tasks.isPending}
            failed={tasks.isError}
            loading={LOADING_TASKS}
            empty={NO_TASKS}
          />
        }
      >
        <Column
          field="due"
          header="Due"
          sortable
          body={(t: Task) => <span className={overdue(t) ? 'reminders-short' : undefined}>{due(t)}</span>}
        />
        <Column field="description" header="Description" sortable />
        <Column
          field="clientName"
          header="Client"
          sortable
          body={(t: Task) => <Link to={recordHref(t.clientId)}>{t.clientName}</Link>}
        />
        <Column field="type" header="Type" sortable body={(t: Task) => <TaskType code={t.type} />} />
        <Column field="status" header="Status" sortable body={(t: Task) => <TaskStatus code={t.status} />} />
        <Column field="processName" header="Process" sortable body={(t: Task) => t.processName ?? '—'} />
        {list.scope === 'company' && (
          <Column field="user" header="Assigned to" sortable body={(t: Task) => assignee(t) ?? '—'} />
        )}
      </DataTable>
    </section>
  );
}
