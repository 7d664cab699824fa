import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  countTasksOfProcess,
  deleteProcessIfUnused,
  findProcess,
  insertProcess,
  type ProcessValues,
  updateProcess,
} from './process.queries.ts';

interface ProcessFields {
  name: string;
  description?: string | null;
  active: 'Y' | 'N';
}

const stored = (input: ProcessFields): ProcessValues => ({
  name: input.name,
  description: input.description?.trim() ? input.description.trim() : null,
  active: input.active,
});

export async function createProcess(tx: Tx, principal: Principal, input: ProcessFields) {
  const values = stored(input);
  const process = await insertProcess(tx, principal.companyId, values);
  await recordAudit(tx, principal, {
    subProcess: 'Client Management',
    action: 'process.create',
    description: `Added process ${values.name}.`,
    changes: diffFields({}, values as unknown as Record<string, unknown>),
  });
  return process;
}

/** Absent fields keep their value. */
export async function changeProcess(tx: Tx, principal: Principal, id: number, patch: Partial<ProcessFields>) {
  const before = await findProcess(tx, principal.companyId, id, true);
  if (!before) throw new NotFoundError('Process');
  const values = stored({
    name: patch.name ?? before.name,
    description: patch.description === undefined ? before.description : patch.description,
    active: patch.active ?? (before.active as 'Y' | 'N'),
  });
  const changes = diffFields(before, values);
  if (Object.keys(changes).length === 0) return before;
  const process = await updateProcess(tx, id, values);
  await recordAudit(tx, principal, {
    subProcess: 'Client Management',
    action: 'process.update',
    description: `Updated process ${values.name}.`,
    changes,
  });
  return process;
}

/** A process that tasks belong to stays; it can be set inactive instead. */
export async function removeProcess(tx: Tx, principal: Principal, id: number): Promise<void> {
  const before = await findProcess(tx, principal.companyId, id, true);
  if (!before) throw new NotFoundError('Process');
  const used = await countTasksOfProcess(tx, principal.companyId, id);
  const inUse = (n?: number) =>
    new ConflictError(
      `The process "${before.name}" is used by ${n === 1 ? 'a task' : n ? `${n} tasks` : 'tasks'} and cannot be deleted; set it inactive instead.`,
    );
  if (used > 0) throw inUse(used);
  // The count ran before a task added since could commit; the foreign key is the final word.
  if (!(await deleteProcessIfUnused(tx, id))) throw inUse();
  await recordAudit(tx, principal, {
    subProcess: 'Client Management',
    action: 'process.delete',
    description: `Deleted process ${before.name}.`,
  });
}
