import type { Client, ClientInput, ClientListQuery, CreateClientInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { assertDeletionConfirmed } from '../../lib/confirm-deletion.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { applyPatch } from '../../lib/patch.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  type ClientValues,
  existingClientIds,
  findClient,
  findClientRow,
  findLiveClient,
  insertClient,
  softDeleteClient,
  updateClient,
} from './client.queries.ts';
import { rowToInput, toStoredValues } from './client.values.ts';
import { duplicatesOf } from './client-duplicates.ts';
import { listClients } from './client-list.queries.ts';

const RELATED = ['billingClientId', 'adminClientId', 'affiliateClientId'] as const;

/** For other services: a live client of the company (id and name), or 404. */
export async function liveClient(tx: Tx, companyId: number, id: number) {
  return mustExist(await findLiveClient(tx, companyId, id), 'Client');
}

/** Related clients must be live clients of the same company, and never the client itself. */
async function checkRelated(tx: Tx, companyId: number, values: ClientValues, selfId?: number) {
  const ids = RELATED.map((k) => values[k]).filter((v): v is number => typeof v === 'number');
  const found = await existingClientIds(tx, companyId, ids);
  const problems = RELATED.flatMap((key) => {
    const id = values[key];
    if (id === null || id === undefined) return [];
    if (id === selfId) return [{ path: `body.${key}`, message: 'A client cannot be related to itself.' }];
    return found.has(id) ? [] : [{ path: `body.${key}`, message: 'Choose a client of this company.' }];
  });
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
}

const clientOf = async (tx: Tx, companyId: number, id: number) =>
  mustExist(await findClient(tx, companyId, id), 'Client');

export const listClientPage = (scope: Scope, q: ClientListQuery) =>
  inTenant(scope, (tx) => listClients(tx, scope.principal.companyId, q));

/**
 * Type-ahead for the billing, admin and affiliate pickers: live clients whose id, name, e-mail or mobile
 * contain text, 20 at most. It is the client list's search (same index and shapes), in list order.
 */
export const searchClientPicks = (scope: Scope, text: string, juristicOnly: boolean) =>
  inTenant(scope, async (tx) => {
    const page = await listClients(tx, scope.principal.companyId, {
      page: 1,
      size: 20,
      // Juristic clients have no last name: the affiliate picker orders by name.
      sort: juristicOnly ? 'name:asc' : 'lastName:asc,firstName:asc',
      search: text.trim().slice(0, 100),
      // Issue 17: prospects are picked like clients (calls, notes, opportunities).
      lifecycle: 'all',
      filter: juristicOnly ? 'juristic' : undefined,
    });
    return page.content.map(({ id, name, email }) => ({ id, name, email }));
  });

export const getClient = (scope: Scope, id: number) =>
  inTenant(scope, (tx) => clientOf(tx, scope.principal.companyId, id));

export const createClient = (scope: Scope, input: CreateClientInput) =>
  inTenant(scope, async (tx): Promise<Client> => {
    const { companyId } = scope.principal;
    const values = toStoredValues(input);
    await checkRelated(tx, companyId, values);
    const repeats = await duplicatesOf(tx, companyId, values, input.confirmDuplicate === true);
    const id = await insertClient(tx, companyId, { ...values, lifecycle: input.lifecycle });
    await recordAudit(tx, scope.principal, {
      clientId: id,
      subProcess: 'Client Management',
      action: 'client.create',
      description:
        repeats.length > 0
          ? `Created client ${values.name}, confirmed as a duplicate of client ${repeats.join(', ')}.`
          : `Created ${input.lifecycle} ${values.name}.`,
      changes: diffFields({}, values as Record<string, unknown>),
    });
    return clientOf(tx, companyId, id);
  });

/** Absent fields keep their value (the form drops null and undefined ones). */
export const changeClient = (scope: Scope, id: number, patch: Partial<ClientInput>) =>
  inTenant(scope, async (tx): Promise<Client> => {
    const { companyId } = scope.principal;
    const row = mustExist(await findClientRow(tx, companyId, id), 'Client');
    const values = toStoredValues(applyPatch(rowToInput(row), patch));
    await checkRelated(tx, companyId, values, id);
    const changes = diffFields(row as Record<string, unknown>, values as Record<string, unknown>);
    if (Object.keys(changes).length > 0) {
      await updateClient(tx, companyId, id, values);
      await recordAudit(tx, scope.principal, {
        clientId: id,
        subProcess: 'Client Management',
        action: 'client.update',
        description: `Updated client ${values.name}.`,
        changes,
      });
    }
    return clientOf(tx, companyId, id);
  });

/** The row stays, marked deleted, so the client's invoices, notes and audit entries remain intact. */
export const deleteClient = (scope: Scope, id: number, answer?: string) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const row = mustExist(await findClientRow(tx, companyId, id), 'Client');
    assertDeletionConfirmed(answer);
    await softDeleteClient(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      clientId: id,
      subProcess: 'Client Management',
      action: 'client.delete',
      description: `Deleted client ${row.name}.`,
    });
  });
