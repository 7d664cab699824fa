import type {
  BoardQuery,
  Opportunity,
  OpportunityListQuery,
  OpportunitySortField,
  StageKind,
} from '@pd/contracts';
import { type AnyColumn, and, asc, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  clients,
  opportunities,
  opportunityStageHistory,
  pipelineStages,
  users,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRows } from '../../lib/sql.ts';

export type OpportunityRow = typeof opportunities.$inferSelect;
export type OpportunityValues = Omit<
  typeof opportunities.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt'
>;

const columns = {
  id: opportunities.id,
  clientId: opportunities.clientId,
  clientName: clients.name,
  lifecycle: clients.lifecycle,
  pipelineId: opportunities.pipelineId,
  stageId: opportunities.stageId,
  stageName: pipelineStages.name,
  stageKind: pipelineStages.kind,
  title: opportunities.title,
  valueCents: opportunities.valueCents,
  commissionCents: opportunities.commissionCents,
  probability: opportunities.probability,
  expectedCloseDate: opportunities.expectedCloseDate,
  nextActionDate: opportunities.nextActionDate,
  ownerId: opportunities.ownerId,
  owner: users.displayName,
  source: opportunities.source,
  lostReason: opportunities.lostReason,
  adviceNoteId: opportunities.adviceNoteId,
  stageChangedAt: opportunities.stageChangedAt,
  closedAt: opportunities.closedAt,
};

/** Opportunities with their client's, stage's and owner's names. */
function selectOpportunities(tx: Tx) {
  return tx
    .select(columns)
    .from(opportunities)
    .innerJoin(
      clients,
      and(eq(clients.companyId, opportunities.companyId), eq(clients.id, opportunities.clientId)),
    )
    .innerJoin(
      pipelineStages,
      and(
        eq(pipelineStages.companyId, opportunities.companyId),
        eq(pipelineStages.id, opportunities.stageId),
      ),
    )
    .innerJoin(users, and(eq(users.companyId, opportunities.companyId), eq(users.id, opportunities.ownerId)));
}

type Selected = Awaited<ReturnType<typeof selectOpportunities>>[number];

const toOpportunity = (row: Selected): Opportunity => ({
  ...row,
  lifecycle: row.lifecycle as Opportunity['lifecycle'],
  stageKind: row.stageKind as StageKind,
  stageChangedAt: row.stageChangedAt.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

export async function findOpportunity(tx: Tx, companyId: number, id: number) {
  const [row] = await selectOpportunities(tx).where(
    and(eq(opportunities.companyId, companyId), eq(opportunities.id, id)),
  );
  return row ? toOpportunity(row) : undefined;
}

/** The stored row, locked: a stage move reads and writes it once at a time. */
export async function lockOpportunity(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.companyId, companyId), eq(opportunities.id, id)))
    .for('update');
  return row;
}

export async function insertOpportunity(tx: Tx, companyId: number, values: OpportunityValues) {
  const [row] = await tx
    .insert(opportunities)
    .values({ ...values, companyId })
    .returning({ id: opportunities.id });
  return mustExist(row, 'Opportunity').id;
}

export const updateOpportunity = (
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<OpportunityValues>,
) =>
  tx
    .update(opportunities)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(opportunities.companyId, companyId), eq(opportunities.id, id)));

export const insertStageChange = (
  tx: Tx,
  companyId: number,
  change: { opportunityId: number; fromStageId: number | null; toStageId: number; changedById: number },
) => tx.insert(opportunityStageHistory).values({ ...change, companyId });

const fromStage = alias(pipelineStages, 'from_stage');

/** Every stage the opportunity entered, oldest first, with who moved it. */
export async function selectStageHistory(tx: Tx, companyId: number, opportunityId: number) {
  const rows = await tx
    .select({
      fromStageId: opportunityStageHistory.fromStageId,
      fromStage: fromStage.name,
      toStageId: opportunityStageHistory.toStageId,
      toStage: pipelineStages.name,
      changedBy: users.displayName,
      changedAt: opportunityStageHistory.changedAt,
    })
    .from(opportunityStageHistory)
    .innerJoin(
      pipelineStages,
      and(
        eq(pipelineStages.companyId, opportunityStageHistory.companyId),
        eq(pipelineStages.id, opportunityStageHistory.toStageId),
      ),
    )
    .leftJoin(
      fromStage,
      and(
        eq(fromStage.companyId, opportunityStageHistory.companyId),
        eq(fromStage.id, opportunityStageHistory.fromStageId),
      ),
    )
    .innerJoin(
      users,
      and(
        eq(users.companyId, opportunityStageHistory.companyId),
        eq(users.id, opportunityStageHistory.changedById),
      ),
    )
    .where(
      and(
        eq(opportunityStageHistory.companyId, companyId),
        eq(opportunityStageHistory.opportunityId, opportunityId),
      ),
    )
    .orderBy(asc(opportunityStageHistory.changedAt), asc(opportunityStageHistory.id));
  return rows.map((r) => ({ ...r, changedAt: r.changedAt.toISOString() }));
}

/** The first day of the month and of the next, for a close-month filter. */
function monthRange(month: string): [string, string] {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return [`${month}-01`, next];
}

function filters(companyId: number, q: { pipelineId?: number; ownerId?: number; closeMonth?: string }) {
  const range = q.closeMonth ? monthRange(q.closeMonth) : undefined;
  return and(
    eq(opportunities.companyId, companyId),
    q.pipelineId ? eq(opportunities.pipelineId, q.pipelineId) : undefined,
    q.ownerId ? eq(opportunities.ownerId, q.ownerId) : undefined,
    range ? gte(opportunities.expectedCloseDate, range[0]) : undefined,
    range ? lt(opportunities.expectedCloseDate, range[1]) : undefined,
  );
}

/** Count, value and probability-weighted value of each stage's opportunities, by stage id. */
export async function selectStageTotals(tx: Tx, companyId: number, q: BoardQuery) {
  const rows = await tx
    .select({
      stageId: opportunities.stageId,
      count: count(),
      valueCents: sql<number>`coalesce(sum(${opportunities.valueCents}), 0)::float8`,
      weightedCents: sql<number>`coalesce(round(sum(${opportunities.valueCents} * ${opportunities.probability}) / 100.0), 0)::float8`,
    })
    .from(opportunities)
    .where(filters(companyId, q))
    .groupBy(opportunities.stageId);
  return new Map(rows.map((r) => [r.stageId, r]));
}

/**
 * Each stage's first cards (soonest expected close first, undated last, then oldest), by stage id: the ids
 * in one read (a lateral index walk per stage), then only those rows with their names.
 */
export async function selectStageCards(
  tx: Tx,
  companyId: number,
  q: BoardQuery,
  stageIds: number[],
  limit: number,
): Promise<Map<number, Opportunity[]>> {
  const byStage = new Map<number, Opportunity[]>(stageIds.map((id) => [id, []]));
  if (stageIds.length === 0) return byStage;
  const ids = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`select page.id from unnest(${sql.param(stageIds)}::bigint[]) as s(stage_id)
      cross join lateral (
        select ${opportunities.id} as id from ${opportunities}
         where ${and(filters(companyId, q), sql`${opportunities.stageId} = s.stage_id`)}
         order by ${opportunities.expectedCloseDate} asc nulls last, ${opportunities.id} asc
         limit ${limit}) page`,
  );
  if (ids.length === 0) return byStage;
  const rows = await selectOpportunities(tx)
    .where(
      and(
        eq(opportunities.companyId, companyId),
        sql`${opportunities.id} = any(${sql.param(ids.map((r) => r.id))}::bigint[])`,
      ),
    )
    .orderBy(sql`${opportunities.expectedCloseDate} asc nulls last`, asc(opportunities.id));
  for (const row of rows) byStage.get(row.stageId)?.push(toOpportunity(row));
  return byStage;
}

const SORT_COLUMNS: Record<OpportunitySortField, SQL | AnyColumn> = {
  title: sql`lower(${opportunities.title})`,
  clientName: sql`lower(${clients.name})`,
  stageName: sql`lower(${pipelineStages.name})`,
  valueCents: opportunities.valueCents,
  probability: opportunities.probability,
  expectedCloseDate: opportunities.expectedCloseDate,
  owner: sql`lower(${users.displayName})`,
};

/** One page of the list view, sorted by an allow-listed column with the id as the tie-breaker. */
/** The join a sort by another table's column needs (the page's ids are found before the rest is read). */
const SORT_JOINS: Partial<Record<OpportunitySortField, 'client' | 'stage' | 'owner'>> = {
  clientName: 'client',
  stageName: 'stage',
  owner: 'owner',
};

/**
 * One page of the list view, sorted by an allow-listed column with the id as the tie-breaker. A deferred
 * join: the page's ids come from the opportunities alone (joined only to the sort's table), then only those
 * rows are read with their names; joining every opportunity to its client first costs a lookup per row.
 */
export async function selectOpportunityPage(tx: Tx, companyId: number, q: OpportunityListQuery) {
  const where = and(filters(companyId, q), q.clientId ? eq(opportunities.clientId, q.clientId) : undefined);
  const [counted] = await tx.select({ n: count() }).from(opportunities).where(where);
  const totalRecords = counted?.n ?? 0;
  if (totalRecords === 0) return { data: [], totalRecords };
  const direction = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const order = [
    sql`${SORT_COLUMNS[q.sortField]} ${direction} nulls last`,
    sql`${opportunities.id} ${direction}`,
  ];
  const ids = tx.select({ id: opportunities.id }).from(opportunities).$dynamic();
  const join = SORT_JOINS[q.sortField];
  if (join === 'client')
    ids.innerJoin(
      clients,
      and(eq(clients.companyId, opportunities.companyId), eq(clients.id, opportunities.clientId)),
    );
  if (join === 'stage')
    ids.innerJoin(
      pipelineStages,
      and(
        eq(pipelineStages.companyId, opportunities.companyId),
        eq(pipelineStages.id, opportunities.stageId),
      ),
    );
  if (join === 'owner')
    ids.innerJoin(
      users,
      and(eq(users.companyId, opportunities.companyId), eq(users.id, opportunities.ownerId)),
    );
  const page = await ids
    .where(where)
    .orderBy(...order)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  if (page.length === 0) return { data: [], totalRecords };
  const rows = await selectOpportunities(tx)
    .where(
      and(
        eq(opportunities.companyId, companyId),
        sql`${opportunities.id} = any(${sql.param(page.map((r) => r.id))}::bigint[])`,
      ),
    )
    .orderBy(...order);
  return { data: rows.map(toOpportunity), totalRecords };
}

/** A prospect becomes a client in place (Won): same row, so its notes, tasks and history stay. */
export async function convertProspect(tx: Tx, companyId: number, clientId: number): Promise<boolean> {
  const rows = await tx
    .update(clients)
    .set({ lifecycle: 'client', updatedAt: new Date() })
    .where(and(eq(clients.companyId, companyId), eq(clients.id, clientId), eq(clients.lifecycle, 'prospect')))
    .returning({ id: clients.id });
  return rows.length > 0;
}
