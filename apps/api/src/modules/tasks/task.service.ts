import { type Task, type TaskInput, type TaskListQuery, type TaskUpdate, taskTypesFor } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { sentOnly } from '../../lib/patch.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { mustExist } from '../../lib/sql.ts';
import { type FieldChanges, recordAudit } from '../audit/audit.service.ts';
import { liveClient } from '../clients/client.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findProcess } from './process.queries.ts';
import {
  deleteTaskRow,
  findCompanyUser,
  findTask,
  findTaskRow,
  insertTask,
  type TaskRow,
  type TaskValues,
  updateTask,
} from './task.queries.ts';
import {
  selectClientTasks,
  selectClosedTasks,
  selectOpenTasks,
  selectTaskPage,
} from './task-list.queries.ts';

type Problem = { path: string; message: string };

/** Tasks are kept for this many days in the "recently completed" list. */
export const RECENT_DAYS = 30;

/** Task types by company type, process and user of the company: each refusal names its field. */
async function checkReferences(
  tx: Tx,
  companyId: number,
  values: {
    type?: string | undefined;
    processId?: number | null | undefined;
    userId?: number | null | undefined;
  },
) {
  const problems: Problem[] = [];
  if (values.type !== undefined) {
    const company = await findCompany(tx, companyId);
    const types = taskTypesFor(company?.type === 'F' ? 'F' : 'H');
    if (!(values.type in types))
      problems.push({ path: 'body.type', message: 'This task type is not available for this company.' });
  }
  if (values.processId) {
    const process = await findProcess(tx, companyId, values.processId);
    if (!process) problems.push({ path: 'body.processId', message: 'Choose a process of this company.' });
    else if (process.active !== 'Y')
      problems.push({ path: 'body.processId', message: 'This process is inactive.' });
  }
  if (values.userId && !(await findCompanyUser(tx, companyId, values.userId)))
    problems.push({ path: 'body.userId', message: 'Choose an active user of this company.' });
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
}

/** The audit trail records a changed note without its (possibly long) text. */
function taskChanges(before: Partial<TaskRow>, after: Partial<TaskValues>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, to] of Object.entries(after) as [keyof TaskValues, unknown][]) {
    if (to === undefined || (to !== null && typeof to === 'object' && !(to instanceof Date))) continue;
    const from = before[key as keyof TaskRow] ?? null;
    const same =
      from instanceof Date && to instanceof Date ? +from === +to : String(from ?? '') === String(to ?? '');
    if (same) continue;
    changes[key] =
      key === 'note' ? { from: from ? '(text)' : null, to: to ? '(text)' : null } : { from, to: to ?? null };
  }
  return changes;
}

const taskOf = async (tx: Tx, companyId: number, id: number): Promise<Task> =>
  mustExist(await findTask(tx, companyId, id), 'Task');

/** Open tasks (I or W), soonest due first; optionally one user's (any user of the company, active or not). */
export const listOpenTasks = (scope: Scope, userId?: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    if (userId) mustExist(await findCompanyUser(tx, companyId, userId, false), 'User');
    return selectOpenTasks(tx, companyId, userId);
  });

/** Closed tasks, last closed first; `days` limits them to the recently closed. */
export const listClosedTasks = (scope: Scope, days?: number) =>
  inTenant(scope, (tx) => selectClosedTasks(tx, scope.principal.companyId, days));

export const listClientTasks = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    await liveClient(tx, companyId, clientId);
    return selectClientTasks(tx, companyId, clientId);
  });

export const listTaskPage = (scope: Scope, q: TaskListQuery) =>
  inTenant(scope, (tx) => selectTaskPage(tx, scope.principal.companyId, q));

export const getTask = (scope: Scope, id: number) =>
  inTenant(scope, (tx) => taskOf(tx, scope.principal.companyId, id));

export const createTask = (scope: Scope, input: TaskInput) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId: callerId } = scope.principal;
    const client = await liveClient(tx, companyId, input.clientId);
    const userId = input.userId ?? callerId;
    await checkReferences(tx, companyId, { type: input.type, processId: input.processId, userId });
    const values: TaskValues = {
      clientId: input.clientId,
      processId: input.processId ?? null,
      userId,
      createdBy: callerId,
      description: input.description,
      note: sanitizeRichText(input.note),
      type: input.type,
      clientVisible: input.clientVisible,
      status: input.status,
      due: input.due ? new Date(input.due) : null,
    };
    const id = await insertTask(tx, companyId, values);
    await recordAudit(tx, scope.principal, {
      clientId: input.clientId,
      subProcess: 'Client Management',
      action: 'task.create',
      description: `Added task ${id} for client ${client.name}.`,
      changes: taskChanges({}, values),
    });
    return taskOf(tx, companyId, id);
  });

/** Absent fields keep their value; a status change moves the work and elapsed clocks. */
export const changeTask = (scope: Scope, id: number, patch: TaskUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const row = mustExist(await findTaskRow(tx, companyId, id), 'Task');
    await checkReferences(tx, companyId, {
      type: patch.type !== undefined && patch.type !== row.type ? patch.type : undefined,
      processId: patch.processId !== row.processId ? patch.processId : undefined,
      userId: patch.userId !== row.userId ? patch.userId : undefined,
    });
    const values: Partial<TaskValues> = {
      processId: patch.processId,
      userId: patch.userId,
      description: patch.description,
      note: patch.note === undefined ? undefined : sanitizeRichText(patch.note),
      type: patch.type,
      clientVisible: patch.clientVisible,
      status: patch.status,
      due: patch.due === undefined ? undefined : patch.due === null ? null : new Date(patch.due),
    };
    const changes = taskChanges(row, values);
    if (Object.keys(changes).length > 0) {
      await updateTask(tx, companyId, id, row.status, sentOnly(values));
      await recordAudit(tx, scope.principal, {
        clientId: row.clientId,
        subProcess: 'Client Management',
        action: 'task.update',
        description: `Updated task ${id}.`,
        changes,
      });
    }
    return taskOf(tx, companyId, id);
  });

export const deleteTask = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const row = mustExist(await findTaskRow(tx, companyId, id), 'Task');
    await deleteTaskRow(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      clientId: row.clientId,
      subProcess: 'Client Management',
      action: 'task.delete',
      description: `Deleted task ${id} (${row.description}).`,
    });
  });
