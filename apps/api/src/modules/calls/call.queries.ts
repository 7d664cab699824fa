import type { Call, CallListQuery, CallSortField } from '@pd/contracts';
import { type AnyColumn, and, asc, count, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { appointments, calls, clients, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

export type CallRow = typeof calls.$inferSelect;
export type CallValues = Omit<
  typeof calls.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'closedAt' | 'closedByCallId'
>;

const takenFor = alias(users, 'taken_for');

/** Seconds the call has waited: until now while open, until it was closed after. */
const waitedSql = sql<number>`greatest(0, floor(extract(epoch from (coalesce(${calls.closedAt}, now()) - ${calls.startedAt}))))::int`;

const columns = {
  id: calls.id,
  companyId: calls.companyId,
  clientId: calls.clientId,
  clientName: clients.name,
  appointmentId: calls.appointmentId,
  opportunityId: calls.opportunityId,
  direction: calls.direction,
  number: calls.number,
  startedAt: calls.startedAt,
  durationSeconds: calls.durationSeconds,
  outcome: calls.outcome,
  purpose: calls.purpose,
  notes: calls.notes,
  takenForId: calls.takenForId,
  takenFor: takenFor.displayName,
  handledById: calls.handledById,
  handledBy: users.displayName,
  taskId: calls.taskId,
  followUpAt: calls.followUpAt,
  status: calls.status,
  closedAt: calls.closedAt,
  closedByCallId: calls.closedByCallId,
  waitedSeconds: waitedSql,
};

/** Calls with their client's and users' names; a deleted client's name is no longer shown. */
function selectCalls(tx: Tx) {
  return tx
    .select(columns)
    .from(calls)
    .innerJoin(users, and(eq(users.companyId, calls.companyId), eq(users.id, calls.handledById)))
    .leftJoin(
      clients,
      and(eq(clients.companyId, calls.companyId), eq(clients.id, calls.clientId), isNull(clients.deletedAt)),
    )
    .leftJoin(takenFor, and(eq(takenFor.companyId, calls.companyId), eq(takenFor.id, calls.takenForId)));
}

type Selected = Awaited<ReturnType<typeof selectCalls>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;
const toCall = (row: Selected): Call =>
  ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    followUpAt: iso(row.followUpAt),
    closedAt: iso(row.closedAt),
  }) as Call;

export async function findCall(tx: Tx, companyId: number, id: number): Promise<Call | undefined> {
  const [row] = await selectCalls(tx).where(and(eq(calls.companyId, companyId), eq(calls.id, id)));
  return row ? toCall(row) : undefined;
}

/** An open call of the company, locked: the callback a new call closes. */
export async function lockOpenCall(tx: Tx, companyId: number, id: number): Promise<CallRow | undefined> {
  const [row] = await tx
    .select()
    .from(calls)
    .where(and(eq(calls.companyId, companyId), eq(calls.id, id), eq(calls.status, 'open')))
    .for('update');
  return row;
}

export async function insertCall(tx: Tx, companyId: number, values: CallValues): Promise<number> {
  const [row] = await tx
    .insert(calls)
    .values({ ...values, companyId })
    .returning({ id: calls.id });
  return mustExist(row, 'call').id;
}

export async function closeCall(tx: Tx, companyId: number, id: number, byCallId: number): Promise<void> {
  await tx
    .update(calls)
    .set({ status: 'closed', closedAt: sql`now()`, closedByCallId: byCallId, updatedAt: new Date() })
    .where(and(eq(calls.companyId, companyId), eq(calls.id, id)));
}

/** The callback queue: open calls, oldest first. */
export const selectCallbackQueue = async (tx: Tx, companyId: number) =>
  (
    await selectCalls(tx)
      .where(and(eq(calls.companyId, companyId), eq(calls.status, 'open')))
      .orderBy(asc(calls.startedAt), asc(calls.id))
      .limit(500)
  ).map(toCall);

/** An appointment of the company (and of the client, when one is named). */
export async function findCompanyAppointment(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: appointments.id, clientId: appointments.clientId })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id)));
  return row;
}

/** Live clients whose mobile is this E.164 number (clients_mobile_idx). */
export const selectClientsByMobile = (tx: Tx, companyId: number, e164: string) =>
  tx
    .select({ id: clients.id, name: clients.name, mobile: clients.mobile })
    .from(clients)
    .where(and(eq(clients.mobile, e164), eq(clients.companyId, companyId), isNull(clients.deletedAt)))
    .orderBy(asc(clients.id))
    .limit(10);

const SORT_COLUMNS: Record<CallSortField, SQL | AnyColumn> = {
  startedAt: calls.startedAt,
  durationSeconds: calls.durationSeconds,
  outcome: calls.outcome,
  direction: calls.direction,
  clientName: sql`lower(${clients.name})`,
  handledBy: sql`lower(${users.displayName})`,
};

function conditions(companyId: number, q: CallListQuery): SQL | undefined {
  return and(
    eq(calls.companyId, companyId),
    q.direction ? eq(calls.direction, q.direction) : undefined,
    q.outcome ? eq(calls.outcome, q.outcome) : undefined,
    q.handledById ? eq(calls.handledById, q.handledById) : undefined,
    q.clientId ? eq(calls.clientId, q.clientId) : undefined,
    q.start ? gte(calls.startedAt, new Date(q.start)) : undefined,
    q.end ? lte(calls.startedAt, new Date(q.end)) : undefined,
  );
}

/** One page of the call log, sorted by an allow-listed column with the id as the tie-breaker. */
export async function selectCallPage(tx: Tx, companyId: number, q: CallListQuery) {
  const where = conditions(companyId, q);
  const [counted] = await tx.select({ n: count() }).from(calls).where(where);
  const totalRecords = counted?.n ?? 0;
  if (totalRecords === 0) return { data: [], totalRecords };
  const direction = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const rows = await selectCalls(tx)
    .where(where)
    .orderBy(sql`${SORT_COLUMNS[q.sortField]} ${direction} nulls last`, sql`${calls.id} ${direction}`)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { data: rows.map(toCall), totalRecords };
}
