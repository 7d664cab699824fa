import { FIELD_MESSAGES, taskInputSchema, type YesNo } from '@pd/contracts';
import type { NewTask } from '../../api/tasks.ts';
import { checkWith, formSchema } from '../../lib/forms/formSchema.ts';
import { instantOfPicked } from '../../lib/pickedDates.ts';

/** The add-task form as edited; ids are strings for the dropdowns. */
export interface TaskFormValues {
  processId: string | null;
  type: string;
  description: string;
  note: string;
  clientVisible: YesNo;
  userId: string | null;
  /** The picked date and time; the text typed while it is none. */
  due: Date | string | null;
}

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
    due: values.due instanceof Date ? (instantOfPicked(values.due, timeZone)?.toISOString() ?? null) : null,
  };
}

/**
 * The task checked as the API checks it (the contracts' taskInputSchema; spec section 5: an empty
 * description shows 'Field is required.' and nothing is sent). The due time is read in the company's time
 * zone, where a time the clocks skip does not exist.
 */
export const taskFormSchema = (clientId: number, timeZone: string) =>
  formSchema<TaskFormValues, NewTask>((values, problem) => {
    if (typeof values.due === 'string' && values.due.trim()) problem('due', FIELD_MESSAGES.dateFormat);
    else if (values.due instanceof Date && !instantOfPicked(values.due, timeZone))
      problem('due', FIELD_MESSAGES.noSuchTime(timeZone));
    const task = valuesToTask(values, clientId, timeZone);
    checkWith(taskInputSchema, task, problem);
    return task;
  });
