import type { ClientInput } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  type ClientValues,
  existingClientIds,
  findClientRow,
  insertClient,
  softDeleteClient,
  updateClient,
} from './client.queries.ts';
import { rowToInput, toStoredValues } from './client.values.ts';

const RELATED = ['billingClientId', 'adminClientId', 'affiliateClientId'] as const;

/** Related clients must be live clients of the same company, and never the client itself. */
async function checkRelated(tx: Tx, values: ClientValues, selfId?: number) {
  const ids = RELATED.map((k) => values[k]).filter((v): v is number => typeof v === 'number');
  const found = await existingClientIds(tx, ids);
  const problems = RELATED.flatMap((key) => {
    const id = values[key];
    if (id === null || id === undefined) return [];
    if (id === selfId) return [{ path: `body.${key}`, message: 'A client cannot be related to itself.' }];
    return found.has(id) ? [] : [{ path: `body.${key}`, message: 'Choose a client of this company.' }];
  });
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
}

export async function createClient(tx: Tx, principal: Principal, input: ClientInput): Promise<number> {
  const values = toStoredValues(input);
  await checkRelated(tx, values);
  const id = await insertClient(tx, principal.companyId, values);
  await recordAudit(tx, principal, {
    clientId: id,
    subProcess: 'Client Management',
    action: 'client.create',
    description: `Created client ${values.name}.`,
    changes: diffFields({}, values as Record<string, unknown>),
  });
  return id;
}

export async function changeClient(tx: Tx, principal: Principal, id: number, patch: Partial<ClientInput>) {
  const row = await findClientRow(tx, id);
  if (!row) throw new NotFoundError('Client');
  const before = rowToInput(row);
  // Absent fields keep their value (the form drops null and undefined ones).
  const merged = {
    ...before,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  };
  const values = toStoredValues(merged as ClientInput);
  await checkRelated(tx, values, id);
  const changes = diffFields(row as Record<string, unknown>, values as Record<string, unknown>);
  if (Object.keys(changes).length === 0) return;
  await updateClient(tx, id, values);
  await recordAudit(tx, principal, {
    clientId: id,
    subProcess: 'Client Management',
    action: 'client.update',
    description: `Updated client ${values.name}.`,
    changes,
  });
}

/** The row stays, marked deleted, so the client's invoices, notes and audit entries remain intact. */
export async function deleteClient(tx: Tx, principal: Principal, id: number, answer?: string): Promise<void> {
  const row = await findClientRow(tx, id);
  if (!row) throw new NotFoundError('Client');
  // Spec section 5: deleting needs the answer Y.
  if (answer !== 'Y') {
    throw new ValidationError('Confirm the deletion with the answer Y.', [
      { path: 'querystring.answer', message: 'The answer must be Y.' },
    ]);
  }
  await softDeleteClient(tx, id);
  await recordAudit(tx, principal, {
    clientId: id,
    subProcess: 'Client Management',
    action: 'client.delete',
    description: `Deleted client ${row.name}.`,
  });
}
