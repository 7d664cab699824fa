import type { ProcessInput, ProcessUpdate } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  countTasksOfProcess,
  deleteProcessIfUnused,
  findProcess,
  insertProcess,
  type ProcessValues,
  selectProcesses,
  updateProcess,
} from './process.queries.ts';

const stored = (input: ProcessInput): ProcessValues => ({
  name: input.name,
  description: input.description?.trim() ? input.description.trim() : null,
  active: input.active,
});

export const listProcesses = (scope: Scope, search?: string) =>
  inTenant(scope, (tx) => selectProcesses(tx, scope.principal.companyId, search));

export const getProcess = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => mustExist(await findProcess(tx, scope.principal.companyId, id), 'Process'));

export const createProcess = (scope: Scope, input: ProcessInput) =>
  inTenant(scope, async (tx) => {
    const values = stored(input);
    const process = await insertProcess(tx, scope.principal.companyId, values);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'process.create',
      description: `Added process ${values.name}.`,
      changes: diffFields({}, values as unknown as Record<string, unknown>),
    });
    return process;
  });

/** Absent fields keep their value. */
export const changeProcess = (scope: Scope, id: number, patch: ProcessUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findProcess(tx, companyId, id, true), 'Process');
    const values = stored({
      name: patch.name ?? before.name,
      description: patch.description === undefined ? before.description : patch.description,
      active: patch.active ?? (before.active as 'Y' | 'N'),
    });
    const changes = diffFields(before, values);
    if (Object.keys(changes).length === 0) return before;
    const process = await updateProcess(tx, companyId, id, values);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'process.update',
      description: `Updated process ${values.name}.`,
      changes,
    });
    return process;
  });

/** A process that tasks belong to stays; it can be set inactive instead. */
export const removeProcess = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findProcess(tx, companyId, id, true), 'Process');
    const used = await countTasksOfProcess(tx, companyId, id);
    const inUse = (n?: number) =>
      new ConflictError(
        `The process "${before.name}" is used by ${n === 1 ? 'a task' : n ? `${n} tasks` : 'tasks'} and cannot be deleted; set it inactive instead.`,
      );
    if (used > 0) throw inUse(used);
    // The count ran before a task added since could commit; the foreign key is the final word.
    if (!(await deleteProcessIfUnused(tx, companyId, id))) throw inUse();
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'process.delete',
      description: `Deleted process ${before.name}.`,
    });
  });
