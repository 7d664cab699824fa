import { z } from 'zod';
import { TASK_STATUSES, TASK_TYPES_ALL, TASK_TYPES_F, YES_NO } from './enums.ts';
import { idField, instantField, requiredText } from './fields.ts';
import { MAX_RICH_TEXT_CHARS } from './notes.ts';

export type TaskType = keyof typeof TASK_TYPES_ALL | keyof typeof TASK_TYPES_F;
export const TASK_TYPE_CODES = [...Object.keys(TASK_TYPES_ALL), ...Object.keys(TASK_TYPES_F)] as [
  TaskType,
  ...TaskType[],
];
export const TASK_STATUS_CODES = Object.keys(TASK_STATUSES) as ['I', 'W', 'C', 'R'];

/** Spec section 3: S B C U P O for everyone; company type F adds D E F G H. */
export function taskTypesFor(companyType: 'H' | 'F'): Record<string, string> {
  return companyType === 'F' ? { ...TASK_TYPES_ALL, ...TASK_TYPES_F } : { ...TASK_TYPES_ALL };
}

const taskFields = {
  clientId: idField,
  processId: idField.nullish(),
  type: z.enum(TASK_TYPE_CODES),
  description: requiredText(500),
  note: z.string().max(MAX_RICH_TEXT_CHARS),
  clientVisible: z.enum(YES_NO),
  userId: idField.nullish(),
  due: instantField.nullish(),
  status: z.enum(TASK_STATUS_CODES),
};
/** Create: an empty note, not visible to the client, status I (initiated). */
export const taskInputSchema = z.strictObject({
  ...taskFields,
  note: taskFields.note.default(''),
  clientVisible: taskFields.clientVisible.default('N'),
  status: taskFields.status.default('I'),
});
export type TaskInput = z.infer<typeof taskInputSchema>;
/** Update: only the fields sent change (no defaults); a task stays with its client. */
export const taskUpdateSchema = z.strictObject(taskFields).omit({ clientId: true }).partial();
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

export const taskSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  processId: z.number().int().nullable(),
  processName: z.string().nullable(),
  userId: z.number().int().nullable(),
  user: z.string().nullable(),
  clientId: z.number().int(),
  clientName: z.string(),
  description: z.string(),
  note: z.string(),
  type: z.string(),
  clientVisible: z.enum(YES_NO),
  status: z.enum(TASK_STATUS_CODES),
  due: z.string().nullable(),
  created: z.string(),
  /** Seconds since creation (until completed or rejected). */
  elapsed: z.number().int(),
  /** Seconds spent in status W. */
  duration: z.number().int(),
});
export type Task = z.infer<typeof taskSchema>;

/** "1 day 2 hrs 1 min 5 secs": days, hrs, mins and secs with plurals (spec section 9). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, string, string][] = [
    [Math.floor(s / 86_400), 'day', 'days'],
    [Math.floor((s % 86_400) / 3600), 'hr', 'hrs'],
    [Math.floor((s % 3600) / 60), 'min', 'mins'],
    [s % 60, 'sec', 'secs'],
  ];
  const shown = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return shown.length > 0 ? shown.join(' ') : '0 secs';
}

/** Spec section 9: the page number is the first row divided by rows per page, plus 1. */
export const pageFromFirstRow = (first: number, rows: number) => Math.floor(first / rows) + 1;

/** Toasts of the task status update (View tasks, tab 11); the spec lacks them, so they live beside the tasks. */
export const TASK_MESSAGES = {
  statusChanged: (statusLabel: string) => `Task status changed to ${statusLabel}.`,
  updateFailed: 'Failed to update task. Please try again.',
} as const;
