import type { FormRequest, FormRequestStatus } from '@pd/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { clients, formRequests, formSubmissions, forms, formVersions, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

export type FormRequestRow = typeof formRequests.$inferSelect;
const creator = alias(users, 'creator');

/** Expired is not stored: a link past its time that was neither used nor withdrawn. */
const statusSql = sql<FormRequestStatus>`case when ${formRequests.status} in ('sent','opened') and ${formRequests.expiresAt} <= now() then 'expired' else ${formRequests.status} end`;

function selectRequests(tx: Tx) {
  return tx
    .select({
      id: formRequests.id,
      formId: formVersions.formId,
      formName: forms.name,
      version: formVersions.version,
      clientId: formRequests.clientId,
      clientName: clients.name,
      channel: formRequests.channel,
      status: statusSql,
      expiresAt: formRequests.expiresAt,
      openedAt: formRequests.openedAt,
      submittedAt: formSubmissions.submittedAt,
      submissionId: formSubmissions.id,
      createdAt: formRequests.createdAt,
      createdBy: creator.displayName,
    })
    .from(formRequests)
    .innerJoin(
      formVersions,
      and(
        eq(formVersions.companyId, formRequests.companyId),
        eq(formVersions.id, formRequests.formVersionId),
      ),
    )
    .innerJoin(forms, and(eq(forms.companyId, formVersions.companyId), eq(forms.id, formVersions.formId)))
    .innerJoin(
      creator,
      and(eq(creator.companyId, formRequests.companyId), eq(creator.id, formRequests.createdById)),
    )
    .leftJoin(
      clients,
      and(
        eq(clients.companyId, formRequests.companyId),
        eq(clients.id, formRequests.clientId),
        isNull(clients.deletedAt),
      ),
    )
    .leftJoin(
      formSubmissions,
      and(
        eq(formSubmissions.companyId, formRequests.companyId),
        eq(formSubmissions.requestId, formRequests.id),
      ),
    );
}

type Selected = Awaited<ReturnType<typeof selectRequests>>[number];
const iso = (d: Date | null) => d?.toISOString() ?? null;
const toRequest = (r: Selected): FormRequest => ({
  id: r.id,
  formId: r.formId,
  formName: r.formName,
  version: r.version,
  clientId: r.clientId,
  clientName: r.clientName,
  channel: r.channel as FormRequest['channel'],
  status: r.status,
  expiresAt: r.expiresAt.toISOString(),
  openedAt: iso(r.openedAt),
  submittedAt: iso(r.submittedAt),
  submissionId: r.submissionId,
  created: r.createdAt.toISOString(),
  createdBy: r.createdBy,
});

/** The company's requests, newest first (at most 500), or one client's. */
export async function selectFormRequests(tx: Tx, companyId: number, clientId?: number) {
  const rows = await selectRequests(tx)
    .where(
      and(
        eq(formRequests.companyId, companyId),
        clientId === undefined ? undefined : eq(formRequests.clientId, clientId),
      ),
    )
    .orderBy(desc(formRequests.createdAt), desc(formRequests.id))
    .limit(500);
  return rows.map(toRequest);
}

export async function findFormRequest(tx: Tx, companyId: number, id: number) {
  const [row] = await selectRequests(tx).where(
    and(eq(formRequests.companyId, companyId), eq(formRequests.id, id)),
  );
  return row ? toRequest(row) : undefined;
}

export async function insertFormRequest(tx: Tx, values: typeof formRequests.$inferInsert) {
  const [row] = await tx.insert(formRequests).values(values).returning({ id: formRequests.id });
  return (row as { id: number }).id;
}

/** The request a token names, in any company (the public page has no company yet); locked when asked. */
export async function findRequestByHash(tx: Tx, tokenHash: string, lock = false) {
  const query = tx.select().from(formRequests).where(eq(formRequests.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markRequest(tx: Tx, companyId: number, id: number, set: Partial<FormRequestRow>) {
  await tx
    .update(formRequests)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(formRequests.companyId, companyId), eq(formRequests.id, id)));
}

export async function insertSubmission(tx: Tx, values: typeof formSubmissions.$inferInsert) {
  const [row] = await tx
    .insert(formSubmissions)
    .values(values)
    .returning({ id: formSubmissions.id, submittedAt: formSubmissions.submittedAt });
  return row as { id: number; submittedAt: Date };
}

export async function findSubmission(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.companyId, companyId), eq(formSubmissions.id, id)));
  return row;
}
