import '../../styles/client-records.css';
import { CLIENT_TABS, type Task } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useMemo } from 'react';
import { useClientTasks } from '../../api/tasks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { YES_NO_LABELS } from '../../components/form/options.ts';
import { PanelFrame, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { SubViewTable, SubViewToolbar } from '../../components/SubViewTable.tsx';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';
import { TaskStatusActions } from './TaskStatusActions.tsx';
import {
  duration,
  LOADING_TASKS,
  NO_TASKS,
  TASKS_REFUSED,
  TaskStatus,
  TaskType,
  useAssigneeName,
  useTasksRefused,
} from './taskLabels.tsx';

const muted = (text: string | null) => text ?? <span className="muted">—</span>;

/**
 * Tab 11, View tasks: process, type, status, client visible, description, elapsed, duration, user; each row's
 * actions are View (tab 22, read-only) and the update action's status moves.
 */
export function ClientTasksPanel({ clientId, onCancel, openPanel }: ClientPanelProps) {
  const { user } = useSession();
  const refused = useTasksRefused();
  const tasks = useClientTasks(user.companyId, clientId, !refused);
  const title = useTitleWithClient('View tasks', clientId);
  const assignee = useAssigneeName(user.companyId);
  // The user column shows (and sorts by) the assignee's name.
  const rows = useMemo(() => tasks.data?.map((t) => ({ ...t, user: assignee(t) })), [tasks.data, assignee]);

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
      <SubViewToolbar addLabel="Add task" onAdd={() => openPanel?.(CLIENT_TABS.addTask)} onBack={onCancel} />
      <SubViewTable
        rows={rows}
        loading={tasks.isPending}
        label="Tasks"
        empty={tasks.isPending ? LOADING_TASKS : NO_TASKS}
        emptyTestId="records-empty"
        minWidth="64rem"
      >
        <Column
          header="Actions"
          body={(row: Task) => (
            <div className="record-table__buttons">
              <Button
                type="button"
                label="View"
                icon="pi pi-eye"
                size="small"
                outlined
                aria-label={`View task ${row.id}: ${row.description}`}
                onClick={() => openPanel?.(CLIENT_TABS.viewTask, row.id)}
              />
              <TaskStatusActions task={row} />
            </div>
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
          body={(row: Task) => YES_NO_LABELS[row.clientVisible]}
        />
        <Column field="description" header="Description" bodyClassName="record-table__text" />
        <Column field="elapsed" header="Elapsed" sortable body={(row: Task) => duration(row.elapsed)} />
        <Column field="duration" header="Duration" sortable body={(row: Task) => duration(row.duration)} />
        <Column field="user" header="User" sortable body={(row: Task) => muted(row.user)} />
      </SubViewTable>
    </PanelFrame>
  );
}
