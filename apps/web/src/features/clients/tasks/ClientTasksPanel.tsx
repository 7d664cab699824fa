import '../../../styles/client-records.css';
import type { Task } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useClientTasks } from '../../../api/tasks.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { PanelFrame, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import {
  SUB_VIEW_PAGE_SIZES,
  SUB_VIEW_PAGINATOR,
  SUB_VIEW_PT_PAGINATOR,
  SUB_VIEW_ROWS,
} from '../products/Coded.tsx';
import { useTitleWithClient } from '../products/useClientName.ts';
import {
  duration,
  LOADING_TASKS,
  NO_TASKS,
  TASKS_REFUSED,
  TaskStatus,
  TaskType,
  useTasksRefused,
  yesNo,
} from './taskLabels.tsx';

const muted = (text: string | null) => text ?? <span className="muted">—</span>;

/** Tab 11, View tasks: process, type, status, client visible, description, elapsed, duration, user. */
export function ClientTasksPanel({ clientId, onCancel, openPanel }: ClientPanelProps) {
  const { user } = useSession();
  const refused = useTasksRefused();
  const tasks = useClientTasks(user.companyId, clientId, !refused);
  const title = useTitleWithClient('View tasks', clientId);
  const [first, setFirst] = useState(0);
  const [rows, setRows] = useState(SUB_VIEW_ROWS);

  if (refused || clientId === undefined || tasks.isError) {
    const text = refused
      ? TASKS_REFUSED
      : clientId === undefined
        ? 'No client was chosen. Choose a client in the list first.'
        : "The client's tasks could not be loaded.";
    return (
      <PanelFrame title={title}>
        <PanelNotice tone={tasks.isError ? 'error' : 'info'} text={text} onCancel={onCancel} />
      </PanelFrame>
    );
  }

  return (
    <PanelFrame title={title}>
      <div className="record-toolbar">
        <Button type="button" label="Add task" icon="pi pi-plus" onClick={() => openPanel?.(10)} />
        <Button
          type="button"
          label="Back to the client list"
          icon="pi pi-arrow-left"
          outlined
          onClick={onCancel}
        />
      </div>
      <DataTable
        value={tasks.data ?? []}
        dataKey="id"
        paginator
        first={first}
        rows={rows}
        onPage={(e) => {
          setFirst(e.first);
          setRows(e.rows);
        }}
        rowsPerPageOptions={SUB_VIEW_PAGE_SIZES}
        paginatorTemplate={SUB_VIEW_PAGINATOR}
        currentPageReportTemplate="{first}–{last} of {totalRecords}"
        loading={tasks.isPending}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        tableStyle={{ minWidth: '64rem' }}
        pt={{ table: { 'aria-label': 'Tasks' }, paginator: SUB_VIEW_PT_PAGINATOR }}
        emptyMessage={
          <span data-testid="records-empty" role="status">
            {tasks.isPending ? LOADING_TASKS : NO_TASKS}
          </span>
        }
      >
        <Column
          header="Actions"
          body={(row: Task) => (
            <Button
              type="button"
              label="View"
              icon="pi pi-eye"
              size="small"
              outlined
              aria-label={`View task ${row.id}: ${row.description}`}
              onClick={() => openPanel?.(22, row.id)}
            />
          )}
          headerClassName="record-table__actions"
        />
        <Column field="processName" header="Process" sortable body={(row: Task) => muted(row.processName)} />
        <Column field="type" header="Type" sortable body={(row: Task) => <TaskType code={row.type} />} />
        <Column
          field="status"
          header="Status"
          sortable
          body={(row: Task) => <TaskStatus code={row.status} />}
        />
        <Column
          field="clientVisible"
          header="Client visible"
          sortable
          body={(row: Task) => yesNo(row.clientVisible)}
        />
        <Column field="description" header="Description" bodyClassName="record-table__text" />
        <Column field="elapsed" header="Elapsed" sortable body={(row: Task) => duration(row.elapsed)} />
        <Column field="duration" header="Duration" sortable body={(row: Task) => duration(row.duration)} />
        <Column field="user" header="User" sortable body={(row: Task) => muted(row.user)} />
      </DataTable>
    </PanelFrame>
  );
}
