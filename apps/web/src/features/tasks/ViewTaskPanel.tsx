import { useTimeZone } from '../../lib/company.ts';
import '../../styles/client-records.css';
import { formatDateTimeIn, type Task } from '@pd/contracts';
import { Button } from 'primereact/button';
import { ApiError } from '../../api/client.ts';
import { useTask } from '../../api/tasks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { YES_NO_LABELS } from '../../components/form/options.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { RichTextView } from '../../components/RichTextView.tsx';
import {
  duration,
  TASKS_REFUSED,
  TaskStatus,
  TaskType,
  useAssigneeName,
  useTasksRefused,
} from './taskLabels.tsx';

export const TASK_NOT_FOUND = 'This task was not found. It may have been deleted.';

/** Tab 22, View task (read-only, spec section 1): status changes are the update action of View tasks (tab 11). */
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
  const assignee = useAssigneeName(useSession().user.companyId);
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
        <dd>{YES_NO_LABELS[task.clientVisible]}</dd>
        <dt>Description</dt>
        <dd className="record-details__text">{task.description}</dd>
        <dt id="task-note-label">Note</dt>
        <dd>
          <RichTextView html={task.note} empty="No note." className="record-details__note" />
        </dd>
        <dt>Assigned user</dt>
        <dd>{assignee(task) ?? '—'}</dd>
        <dt>Due</dt>
        <dd>{formatDateTimeIn(task.due, timeZone)}</dd>
        <dt>Created</dt>
        <dd>{formatDateTimeIn(task.created, timeZone)}</dd>
        <dt>Elapsed</dt>
        <dd data-testid="task-elapsed">{duration(task.elapsed)}</dd>
        <dt>Duration</dt>
        <dd data-testid="task-duration">{duration(task.duration)}</dd>
      </dl>
      <div className="client-form__actions record-view__back">
        <Button type="button" label="Back" icon="pi pi-arrow-left" onClick={onBack} />
      </div>
    </div>
  );
}
