import type { Principal } from '../../auth/access.ts';
import { auditEntries } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

export type AuditSubProcess = 'Client Management' | 'Billing Management' | 'Unpaids Management' | 'Security';
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** Written in the caller's transaction: the entry exists exactly when the change does. */
export async function recordAudit(
  tx: Tx,
  principal: Pick<Principal, 'companyId' | 'userId'>,
  entry: {
    clientId?: number | null;
    subProcess: AuditSubProcess;
    action: string;
    description: string;
    changes?: FieldChanges | Record<string, unknown>;
  },
): Promise<number> {
  const [row] = await tx
    .insert(auditEntries)
    .values({
      companyId: principal.companyId,
      userId: principal.userId,
      clientId: entry.clientId ?? null,
      subProcess: entry.subProcess,
      action: entry.action,
      description: entry.description,
      changes: entry.changes ?? null,
    })
    .returning({ id: auditEntries.id });
  if (!row) throw new Error('audit entry was not written');
  return row.id;
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
