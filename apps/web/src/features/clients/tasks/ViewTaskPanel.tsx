import '../../../styles/client-records.css';
import type { Task } from '@pd/contracts';
import { Button } from 'primereact/button';
import { ApiError } from '../../../api/client.ts';
import { useTask, useUpdateTask } from '../../../api/tasks.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { RichTextView } from '../../../components/RichTextView.tsx';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { formatDateTime, useTimeZone } from '../products/format.ts';
import {
  duration,
  TASKS_REFUSED,
  TaskStatus,
  TaskType,
  taskStatusLabel,
  useTasksRefused,
  yesNo,
} from './taskLabels.tsx';

type Status = Task['status'];

/** The status moves offered from each status (the API allows any move; these are the useful ones). */
const MOVES: { to: Status; label: string; icon: string; from: Status[]; severity?: 'danger' | 'success' }[] =
  [
    { to: 'W', label: 'Start work', icon: 'pi pi-play', from: ['I'] },
    { to: 'C', label: 'Complete', icon: 'pi pi-check', from: ['I', 'W'], severity: 'success' },
    { to: 'R', label: 'Reject and close', icon: 'pi pi-ban', from: ['I', 'W'], severity: 'danger' },
    { to: 'I', label: 'Reopen', icon: 'pi pi-replay', from: ['W', 'C', 'R'] },
  ];

export const TASK_NOT_FOUND = 'This task was not found. It may have been deleted.';
export const TASK_STATUS_FAILED = 'Failed to update task. Please try again.';

/** Tab 22, View task (read-only). Status changes are made here with their own buttons. */
export function ViewTaskPanel({ clientId, itemId, onDone, onCancel }: ClientPanelProps) {
  const refused = useTasksRefused();
  const task = useTask(itemId, !refused);
  const belongs = task.data && (clientId === undefined || task.data.clientId === clientId);
  return (
    <PanelFrame title={task.data ? `View task: ${task.data.clientName}` : 'View task'}>
      {refused ? (
        <PanelNotice text={TASKS_REFUSED} onCancel={onCancel} />
      ) : itemId === undefined ? (
        <PanelNotice text="No task was chosen. Open the client's tasks first." onCancel={onCancel} />
      ) : task.isError ? (
        <PanelNotice
          tone="error"
          text={
            task.error instanceof ApiError && task.error.status === 404
              ? TASK_NOT_FOUND
              : 'The task could not be loaded. Please try again.'
          }
          onCancel={onCancel}
        />
      ) : task.isPending ? (
        <PanelLoading text="Loading the task. Please wait." />
      ) : !belongs ? (
        <PanelNotice tone="error" text={TASK_NOT_FOUND} onCancel={onCancel} />
      ) : (
        <TaskDetails task={task.data} onBack={onDone} />
      )}
    </PanelFrame>
  );
}

function TaskDetails({ task, onBack }: { task: Task; onBack: () => void }) {
  const timeZone = useTimeZone();
  const update = useUpdateTask(task.id);
  const toast = useToast();

  const move = async (to: Status) => {
    try {
      await update.mutateAsync({ status: to });
    } catch (error) {
      console.error('Changing the task status failed', error);
      toast.error(TASK_STATUS_FAILED);
      return;
    }
    toast.success(`Task status changed to ${taskStatusLabel(to)}.`);
  };

  return (
    <div className="record-view">
      <dl className="details record-details record-details--task" data-testid="task-details">
        <dt>Client</dt>
        <dd>{task.clientName}</dd>
        <dt>Process</dt>
        <dd>{task.processName ?? '—'}</dd>
        <dt>Type</dt>
        <dd>
          <TaskType code={task.type} />
        </dd>
        <dt>Status</dt>
        <dd data-testid="task-status">
          <TaskStatus code={task.status} />
        </dd>
        <dt>Client visible</dt>
        <dd>{yesNo(task.clientVisible)}</dd>
        <dt>Description</dt>
        <dd className="record-details__text">{task.description}</dd>
        <dt id="task-note-label">Note</dt>
        <dd>
          <RichTextView html={task.note} empty="No note." className="record-details__note" />
        </dd>
        <dt>Assigned user</dt>
        <dd>{task.user ?? '—'}</dd>
        <dt>Due</dt>
        <dd>{formatDateTime(task.due, timeZone)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(task.created, timeZone)}</dd>
        <dt>Elapsed</dt>
        <dd data-testid="task-elapsed">{duration(task.elapsed)}</dd>
        <dt>Duration</dt>
        <dd data-testid="task-duration">{duration(task.duration)}</dd>
      </dl>
      <section className="record-view__status" aria-labelledby="task-status-heading">
        <h3 id="task-status-heading">Change the status</h3>
        <div className="record-view__buttons">
          {MOVES.filter((m) => m.from.includes(task.status)).map((m) => (
            <Button
              key={m.to}
              type="button"
              label={m.label}
              icon={m.icon}
              severity={m.severity}
              outlined
              loading={update.isPending && update.variables?.status === m.to}
              disabled={update.isPending}
              onClick={() => void move(m.to)}
            />
          ))}
        </div>
      </section>
      <div className="client-form__actions record-view__back">
        <Button type="button" label="Back" icon="pi pi-arrow-left" onClick={onBack} />
      </div>
    </div>
  );
}
