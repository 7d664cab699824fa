import { type TaskInput, taskTypesFor } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Principal } from '../../auth/access.ts';
import { tasks } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/rich-text.ts';
import { type FieldChanges, recordAudit } from '../audit/audit.service.ts';
import { findCompany } from '../companies/company.queries.ts';
import { findLiveClient } from '../notes/note.queries.ts';
import { findProcess } from './process.queries.ts';
import {
  deleteTaskRow,
  findCompanyUser,
  findTaskRow,
  insertTask,
  type TaskRow,
  type TaskValues,
  updateTask,
} from './task.queries.ts';

type Status = TaskInput['status'];
type Problem = { path: string; message: string };
const isClosed = (s: string) => s === 'C' || s === 'R';

/**
 * Work time: entering W starts the clock; leaving W adds the stretch to work_seconds. Entering C or R
 * stops the elapsed clock (closed_at); leaving them for I or W starts it again. Moving between C and R
 * keeps the original closing time. Times come from the database clock.
 */
export function statusChange(from: string, to: Status): Partial<Record<keyof TaskValues, SQL | null>> {
  if (from === to) return {};
  const set: Partial<Record<keyof TaskValues, SQL | null>> = {};
  if (from === 'W') {
    set.workSeconds = sql`${tasks.workSeconds} + greatest(0, floor(extract(epoch from (now() - coalesce(${tasks.workStartedAt}, now())))))::int`;
    set.workStartedAt = null;
  }
  if (to === 'W') set.workStartedAt = sql`now()`;
  if (isClosed(to) && !isClosed(from)) set.closedAt = sql`now()`;
  if (!isClosed(to)) set.closedAt = null;
  return set;
}

/** Task types by company type, process and user of the company: each refusal names its field. */
async function checkReferences(
  tx: Tx,
  principal: Principal,
  values: { type?: string; processId?: number | null; userId?: number | null },
) {
  const problems: Problem[] = [];
  if (values.type !== undefined) {
    const company = await findCompany(tx, principal.companyId);
    const types = taskTypesFor(company?.type === 'F' ? 'F' : 'H');
    if (!(values.type in types))
      problems.push({ path: 'body.type', message: 'This task type is not available for this company.' });
  }
  if (values.processId) {
    const process = await findProcess(tx, principal.companyId, values.processId);
    if (!process) problems.push({ path: 'body.processId', message: 'Choose a process of this company.' });
    else if (process.active !== 'Y')
      problems.push({ path: 'body.processId', message: 'This process is inactive.' });
  }
  if (values.userId && !(await findCompanyUser(tx, principal.companyId, values.userId)))
    problems.push({ path: 'body.userId', message: 'Choose an active user of this company.' });
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
}

async function liveClient(tx: Tx, principal: Principal, clientId: number) {
  const client = await findLiveClient(tx, principal.companyId, clientId);
  if (!client) throw new NotFoundError('Client');
  return client;
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

export async function createTask(tx: Tx, principal: Principal, input: TaskInput): Promise<number> {
  const client = await liveClient(tx, principal, input.clientId);
  const userId = input.userId ?? principal.userId;
  await checkReferences(tx, principal, { type: input.type, processId: input.processId, userId });
  const values: TaskValues = {
    clientId: input.clientId,
    processId: input.processId ?? null,
    userId,
    createdBy: principal.userId,
    description: input.description,
    note: sanitizeRichText(input.note),
    type: input.type,
    clientVisible: input.clientVisible,
    status: input.status,
    due: input.due ? new Date(input.due) : null,
  };
  // A task starts at I; one created in another status gets that status's clocks.
  const clocks = statusChange('I', input.status);
  const id = await insertTask(tx, principal.companyId, { ...values, ...clocks } as TaskValues);
  await recordAudit(tx, principal, {
    clientId: input.clientId,
    subProcess: 'Client Management',
    action: 'task.create',
    description: `Added task ${id} for client ${client.name}.`,
    changes: taskChanges({}, values),
  });
  return id;
}

/** Absent fields keep their value; a status change moves the work and elapsed clocks. */
export async function changeTask(
  tx: Tx,
  principal: Principal,
  id: number,
  patch: Partial<Omit<TaskInput, 'clientId'>>,
): Promise<void> {
  const row = await findTaskRow(tx, principal.companyId, id);
  if (!row) throw new NotFoundError('Task');
  await checkReferences(tx, principal, {
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
  if (Object.keys(changes).length === 0) return;
  const clocks = patch.status ? statusChange(row.status, patch.status) : {};
  const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  await updateTask(tx, id, { ...defined, ...clocks } as Partial<TaskValues>);
  await recordAudit(tx, principal, {
    clientId: row.clientId,
    subProcess: 'Client Management',
    action: 'task.update',
    description: `Updated task ${id}.`,
    changes,
  });
}

export async function deleteTask(tx: Tx, principal: Principal, id: number): Promise<void> {
  const row = await findTaskRow(tx, principal.companyId, id);
  if (!row) throw new NotFoundError('Task');
  await deleteTaskRow(tx, id);
  await recordAudit(tx, principal, {
    clientId: row.clientId,
    subProcess: 'Client Management',
    action: 'task.delete',
    description: `Deleted task ${id} (${row.description}).`,
  });
}
