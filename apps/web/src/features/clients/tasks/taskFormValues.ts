import { OTHER_MESSAGES, type YesNo } from '@pd/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { NewTask } from '../../../api/tasks.ts';
import { companyWallTimeToIso } from '../products/format.ts';

/** The add-task form as edited; ids are strings for the dropdowns. */
export interface TaskFormValues {
  processId: string | null;
  type: string;
  description: string;
  note: string;
  clientVisible: YesNo;
  userId: string | null;
  due: Date | null;
}

export const TASK_FIELDS: readonly (keyof TaskFormValues)[] = [
  'processId',
  'type',
  'description',
  'note',
  'clientVisible',
  'userId',
  'due',
];

/** Spec section 4: a new task is client visible N; the assigned user is the one adding it. */
export const newTaskValues = (userId: number, type: string): TaskFormValues => ({
  processId: null,
  type,
  description: '',
  note: '',
  clientVisible: 'N',
  userId: String(userId),
  due: null,
});

/** An editor left empty holds an empty paragraph: that is no note. */
const noteOf = (html: string) => (html.replace(/<[^>]*>/g, '').trim() === '' ? '' : html);

/** Status starts at I on the server; it is not offered on add. */
export function valuesToTask(values: TaskFormValues, clientId: number, timeZone: string): NewTask {
  return {
    clientId,
    processId: values.processId === null ? null : Number(values.processId),
    type: values.type as NewTask['type'],
    description: values.description.trim(),
    note: noteOf(values.note),
    clientVisible: values.clientVisible,
    userId: values.userId === null ? null : Number(values.userId),
    due: values.due ? companyWallTimeToIso(values.due, timeZone) : null,
  };
}

/** Spec section 5: an empty description shows the invalid style and 'Field is required'; nothing is sent. */
export const taskResolver: Resolver<TaskFormValues> = (values) => {
  const errors: FieldErrors<TaskFormValues> = {};
  if (values.description.trim() === '')
    errors.description = { type: 'required', message: OTHER_MESSAGES.fieldRequired };
  if (!values.type) errors.type = { type: 'required', message: OTHER_MESSAGES.fieldRequired };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

export const taskFieldOf = (path: string): string => path.replace(/^body\./, '');
