import { formatDuration, ROLES, TASK_STATUSES, TASK_TYPES_ALL, TASK_TYPES_F } from '@pd/contracts';
import { useSession } from '../../../app/auth/authContext.ts';
import { Coded } from '../products/Coded.tsx';

const TYPE_LABELS: Record<string, string> = { ...TASK_TYPES_ALL, ...TASK_TYPES_F };
const STATUS_LABELS: Record<string, string> = TASK_STATUSES;

export const taskTypeLabel = (code: string) => TYPE_LABELS[code];
export const taskStatusLabel = (code: string) => STATUS_LABELS[code];

export const TaskType = ({ code }: { code: string }) => (
  <Coded code={code} label={taskTypeLabel(code)} kind="task-type" />
);
export const TaskStatus = ({ code }: { code: string }) => (
  <Coded code={code} label={taskStatusLabel(code)} kind="task-status" />
);

/** Spec section 9: days, hrs, mins and secs with plurals. */
export const duration = (seconds: number) => formatDuration(seconds);

export const yesNo = (value: string) => (value === 'Y' ? 'Yes' : 'No');

/** Spec section 6: the practice menu has no Add Task or View Tasks, and the API refuses them (403). */
export function useTasksRefused(): boolean {
  return useSession().user.roles.includes(ROLES.practice);
}

export const TASKS_REFUSED =
  'Tasks are not available to practice users: your role has no Add Task or View Tasks.';
export const LOADING_TASKS = 'Loading tasks. Please wait.';
export const NO_TASKS = 'No tasks found.';
