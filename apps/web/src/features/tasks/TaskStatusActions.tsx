import { TASK_MESSAGES, type Task } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useUpdateTask } from '../../api/tasks.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { taskStatusLabel } from './taskLabels.tsx';

type Status = Task['status'];

/** The status moves offered from each status (the API allows any move; these are the useful ones). */
export const STATUS_MOVES: {
  to: Status;
  label: string;
  icon: string;
  from: Status[];
  severity?: 'danger';
}[] = [
  { to: 'W', label: 'Start work', icon: 'pi pi-play', from: ['I'] },
  { to: 'C', label: 'Complete', icon: 'pi pi-check', from: ['I', 'W'] },
  { to: 'R', label: 'Reject and close', icon: 'pi pi-ban', from: ['I', 'W'], severity: 'danger' },
  { to: 'I', label: 'Reopen', icon: 'pi pi-replay', from: ['W', 'C', 'R'] },
];

/**
 * The update action of a task in View tasks (tab 11): its status moves. View task (tab 22) stays read-only
 * (spec section 1); the toasts are the contracts' TASK_MESSAGES.
 */
export function TaskStatusActions({ task }: { task: Task }) {
  const update = useUpdateTask(task.id);
  const toast = useToast();
  const move = async (to: Status) => {
    try {
      await update.mutateAsync({ status: to });
    } catch (error) {
      console.error('Changing the task status failed', error);
      toast.error(TASK_MESSAGES.updateFailed);
      return;
    }
    toast.success(TASK_MESSAGES.statusChanged(taskStatusLabel(to) ?? to));
  };
  return (
    <>
      {STATUS_MOVES.filter((m) => m.from.includes(task.status)).map((m) => (
        <Button
          key={m.to}
          type="button"
          label={m.label}
          icon={m.icon}
          size="small"
          severity={m.severity}
          outlined
          aria-label={`${m.label}: task ${task.id}`}
          loading={update.isPending && update.variables?.status === m.to}
          disabled={update.isPending}
          onClick={() => void move(m.to)}
        />
      ))}
    </>
  );
}
