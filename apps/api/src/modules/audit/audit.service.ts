import {
  type AuditEntry,
  type AuditTrailInput,
  addDaysIso,
  type auditListQuerySchema,
  timeZoneFor,
  wallClockToInstant,
} from '@pd/contracts';
import type { z } from 'zod';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { findLiveClient } from '../clients/client.queries.ts';
import { findCompany } from '../companies/company.queries.ts';
import { auditEntryById, clientAuditEntries, companyAuditPage, insertAuditEntry } from './audit.queries.ts';

export type AuditSubProcess = 'Client Management' | 'Billing Management' | 'Unpaids Management' | 'Security';
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;
/** Who an audit entry names: a signed-in user, or no one (userId null) for what the system did itself. */
export type Actor = Pick<Principal, 'companyId'> & { userId: number | null };
type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** Written in the caller's transaction: the entry exists exactly when the change does. */
export function recordAudit(
  tx: Tx,
  principal: Actor,
  entry: {
    clientId?: number | null;
    subProcess: AuditSubProcess;
    action: string;
    description: string;
    changes?: FieldChanges | Record<string, unknown>;
  },
): Promise<number> {
  return insertAuditEntry(tx, {
    companyId: principal.companyId,
    userId: principal.userId,
    clientId: entry.clientId ?? null,
    subProcess: entry.subProcess,
    action: entry.action,
    description: entry.description,
    changes: entry.changes ?? null,
  });
}

/** Before and after of the fields that changed. */
export function diffFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (to !== undefined && String(from ?? '') !== String(to ?? ''))
      changes[key] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}

/** Spec tab 15: an entry staff write themselves about a client. */
export const addAuditTrail = (scope: Scope, clientId: number, input: AuditTrailInput) =>
  inTenant(scope, async (tx): Promise<AuditEntry> => {
    const { companyId } = scope.principal;
    mustExist(await findLiveClient(tx, companyId, clientId), 'Client');
    const id = await recordAudit(tx, scope.principal, {
      clientId,
      subProcess: input.auditTrailSubProcess,
      action: 'audit.manual',
      description: input.auditTrailDescription,
    });
    return mustExist(await auditEntryById(tx, companyId, id), 'Audit entry');
  });

export const listClientAuditTrail = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    mustExist(await findLiveClient(tx, scope.principal.companyId, clientId), 'Client');
    return clientAuditEntries(tx, scope.principal.companyId, clientId);
  });

/** Midnight, where a day starts in a time zone (it exists in both of the product's zones). */
function startOfDay(date: string, timeZone: string): Date {
  const instant = wallClockToInstant(date, '00:00', timeZone);
  if (!instant) throw new Error(`${date} has no midnight in ${timeZone}`);
  return instant;
}

/** The company's entries, newest first; start and end are whole days in the company's time zone. */
export function listCompanyAuditTrail(scope: Scope, q: AuditListQuery) {
  if (q.start && q.end && q.end < q.start) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'querystring.end', message: 'The end date is before the start date.' },
    ]);
  }
  return inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const company = mustExist(await findCompany(tx, companyId), 'Company');
    const timeZone = timeZoneFor(company.region);
    return companyAuditPage(tx, companyId, {
      search: q.search,
      clientId: q.clientId,
      from: q.start ? startOfDay(q.start, timeZone) : undefined,
      until: q.end ? startOfDay(addDaysIso(q.end, 1), timeZone) : undefined,
      page: q.page,
      size: q.size,
    });
  });
}
