import { z } from 'zod';
import { idParam, instantField, pagingParams, sortOrderParam, startBeforeEnd } from './fields.ts';
import { TASK_STATUS_CODES, TASK_TYPE_CODES } from './tasks.ts';

/** Columns the task list may sort by (spec section 9: due, descending, by default). */
export const TASK_SORT_FIELDS = [
  'due',
  'created',
  'status',
  'type',
  'description',
  'processName',
  'user',
  'clientName',
] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

export const TASK_LIST_FILTERS = ['active', 'complete', 'overdue'] as const;
export const TASK_PAGE_SIZES = [10, 20, 50, 100] as const;

/** GET /api/task/lazyloading/{companyId}: one page of the company's tasks (docs/api.md, "Task list"). */
export const taskListQuerySchema = z
  .strictObject({
    sortField: z.enum(TASK_SORT_FIELDS).default('due'),
    /** asc or desc; the table component's 1 and -1 mean the same. */
    sortOrder: sortOrderParam,
    search: z.string().trim().max(100).optional(),
    status: z.enum(TASK_STATUS_CODES).optional(),
    type: z.enum(TASK_TYPE_CODES).optional(),
    /** A process id: the task's category. */
    category: idParam.optional(),
    filter: z.enum(TASK_LIST_FILTERS).optional(),
    userId: idParam.optional(),
    /** Due within start and end (ISO date-times), both inclusive. */
    start: instantField.optional(),
    end: instantField.optional(),
    ...pagingParams,
  })
  .refine(...startBeforeEnd);
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
