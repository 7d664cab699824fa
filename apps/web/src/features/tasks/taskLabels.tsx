import { formatDuration, ROLES, TASK_STATUSES, TASK_TYPES_ALL, TASK_TYPES_F, type Task } from '@pd/contracts';
import { useCallback } from 'react';
import { useCompanyUsers } from '../../api/hooks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { Coded } from '../../components/Coded.tsx';

const TYPE_LABELS: Record<string, string> = { ...TASK_TYPES_ALL, ...TASK_TYPES_F };
const STATUS_LABELS: Record<string, string> = TASK_STATUSES;

export const taskTypeLabel = (code: string) => TYPE_LABELS[code];

/**
 * The type a new task starts with, fitting the company: a practice's tasks are mostly bookings (C
 * scheduling), an adviser's administration (D); software support is never a sensible first choice.
 */
export const DEFAULT_TASK_TYPE = { H: 'C', F: 'D' } as const satisfies Record<'H' | 'F', Task['type']>;

/** The assigned user by name ("Sipho Ndlovu"), not username; the username until the users are loaded. */
export function useAssigneeName(companyId: number): (task: Pick<Task, 'userId' | 'user'>) => string | null {
  const users = useCompanyUsers(companyId);
  return useCallback(
    (task) => users.data?.find((u) => u.id === task.userId)?.displayName ?? task.user,
    [users.data],
  );
}
export const taskStatusLabel = (code: string) => STATUS_LABELS[code];

export const TaskType = ({ code }: { code: string }) => (
  <Coded code={code} label={taskTypeLabel(code)} kind="task-type" />
);
export const TaskStatus = ({ code }: { code: string }) => (
  <Coded code={code} label={taskStatusLabel(code)} kind="task-status" />
);

/** Spec section 9: days, hrs, mins and secs with plurals. */
export const duration = (seconds: number) => formatDuration(seconds);

/** Spec section 6: the practice menu has no Add Task or View Tasks, and the API refuses them (403). */
export function useTasksRefused(): boolean {
  return useSession().user.roles.includes(ROLES.practice);
}

export const TASKS_REFUSED =
  'Tasks are not available to practice users: your role has no Add Task or View Tasks.';
export const LOADING_TASKS = 'Loading tasks. Please wait.';
export const NO_TASKS = 'No tasks found.';
