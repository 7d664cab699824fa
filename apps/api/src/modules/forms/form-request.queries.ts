import type {
  FormRequest,
  FormRequestListQuery,
  FormRequestSortField,
  FormRequestStatus,
} from '@pd/contracts';
import { type AnyColumn, and, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  clients,
  formAcceptances,
  formRequests,
  formSubmissions,
  forms,
  formVersions,
  users,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

export type FormRequestRow = typeof formRequests.$inferSelect;
const creator = alias(users, 'creator');

/**
 * Expired is not stored: a link past its time that was neither used nor withdrawn; accepted is a submitted
 * one whose submission was taken into the record.
 */
const statusSql = sql<FormRequestStatus>`case when ${formRequests.status} in ('sent','opened') and ${formRequests.expiresAt} <= now() then 'expired' when ${formAcceptances.id} is not null then 'accepted' else ${formRequests.status} end`;

const onVersion = and(
  eq(formVersions.companyId, formRequests.companyId),
  eq(formVersions.id, formRequests.formVersionId),
);
const onSubmission = and(
  eq(formSubmissions.companyId, formRequests.companyId),
  eq(formSubmissions.requestId, formRequests.id),
);
const onForm = and(eq(forms.companyId, formVersions.companyId), eq(forms.id, formVersions.formId));
const onClient = and(
  eq(clients.companyId, formRequests.companyId),
  eq(clients.id, formRequests.clientId),
  isNull(clients.deletedAt),
);
const onAcceptance = and(
  eq(formAcceptances.companyId, formSubmissions.companyId),
  eq(formAcceptances.submissionId, formSubmissions.id),
);

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
    .innerJoin(formVersions, onVersion)
    .innerJoin(forms, onForm)
    .innerJoin(
      creator,
      and(eq(creator.companyId, formRequests.companyId), eq(creator.id, formRequests.createdById)),
    )
    .leftJoin(clients, onClient)
    .leftJoin(formSubmissions, onSubmission)
    .leftJoin(formAcceptances, onAcceptance);
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

const SORT_COLUMNS: Record<FormRequestSortField, SQL | AnyColumn> = {
  created: formRequests.createdAt,
  formName: sql`lower(${forms.name})`,
  clientName: sql`lower(${clients.name})`,
  status: statusSql,
  expiresAt: formRequests.expiresAt,
  submittedAt: formSubmissions.submittedAt,
};

/** The stored status (and the times) behind each status the list shows. */
function statusCondition(status: FormRequestStatus): SQL | undefined {
  const live = sql`${formRequests.status} in ('sent','opened')`;
  switch (status) {
    case 'expired':
      return sql`(${live} and ${formRequests.expiresAt} <= now())`;
    case 'sent':
    case 'opened':
      return sql`(${formRequests.status} = ${status} and ${formRequests.expiresAt} > now())`;
    case 'accepted':
      return sql`${formAcceptances.id} is not null`;
    case 'submitted':
      return sql`(${formRequests.status} = 'submitted' and ${formAcceptances.id} is null)`;
    case 'revoked':
      return eq(formRequests.status, 'revoked');
  }
}

/**
 * The ids of a page (or its count) with only the joins its conditions and sort use: the list as it opens
 * reads form_requests alone, newest first along form_requests_list_idx; the rows are read for those ids after.
 */
function pageQuery<S extends Record<string, unknown>>(tx: Tx, fields: S, q: FormRequestListQuery) {
  const byStatus = q.status === 'accepted' || q.status === 'submitted' || q.sortField === 'status';
  let query = tx
    .select(fields as never)
    .from(formRequests)
    .$dynamic();
  if (q.formId !== undefined || q.sortField === 'formName') query = query.innerJoin(formVersions, onVersion);
  if (q.sortField === 'formName') query = query.innerJoin(forms, onForm);
  if (byStatus || q.sortField === 'submittedAt') query = query.leftJoin(formSubmissions, onSubmission);
  if (byStatus) query = query.leftJoin(formAcceptances, onAcceptance);
  if (q.sortField === 'clientName') query = query.leftJoin(clients, onClient);
  return query;
}

/** One page of the Forms page, sorted by an allow-listed column with the id as the tie-breaker. */
export async function selectFormRequestPage(tx: Tx, companyId: number, q: FormRequestListQuery) {
  const where = and(
    eq(formRequests.companyId, companyId),
    q.status ? statusCondition(q.status) : undefined,
    q.formId ? eq(formVersions.formId, q.formId) : undefined,
    q.clientId ? eq(formRequests.clientId, q.clientId) : undefined,
    q.start ? gte(formRequests.createdAt, new Date(q.start)) : undefined,
    q.end ? lte(formRequests.createdAt, new Date(q.end)) : undefined,
  );
  const [counted] = (await pageQuery(tx, { n: count() }, { ...q, sortField: 'created' }).where(where)) as {
    n: number;
  }[];
  const total = counted?.n ?? 0;
  if (total === 0) return { data: [], totalRecords: 0 };
  const direction = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const page = (await pageQuery(tx, { id: formRequests.id }, q)
    .where(where)
    .orderBy(sql`${SORT_COLUMNS[q.sortField]} ${direction} nulls last`, sql`${formRequests.id} ${direction}`)
    .limit(q.size)
    .offset((q.page - 1) * q.size)) as { id: number }[];
  const ids = page.map((r) => r.id);
  const rows = await selectRequests(tx).where(
    and(eq(formRequests.companyId, companyId), inArray(formRequests.id, ids)),
  );
  const byId = new Map(rows.map((r) => [r.id, toRequest(r)]));
  return { data: ids.flatMap((id) => byId.get(id) ?? []), totalRecords: total };
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

/** Withdraws the link only while unused: a submission committed meanwhile keeps its status. */
export async function withdrawIfUnused(tx: Tx, companyId: number, id: number) {
  await tx
    .update(formRequests)
    .set({ status: 'revoked', revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(formRequests.companyId, companyId),
        eq(formRequests.id, id),
        sql`${formRequests.status} in ('sent','opened')`,
      ),
    );
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
