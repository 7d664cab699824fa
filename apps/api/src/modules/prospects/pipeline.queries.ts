import type { Pipeline, Stage, StageKind } from '@pd/contracts';
import { and, asc, count, eq, inArray, notInArray, or } from 'drizzle-orm';
import { opportunities, opportunityStageHistory, pipelineStages, pipelines } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

const stageColumns = {
  id: pipelineStages.id,
  pipelineId: pipelineStages.pipelineId,
  name: pipelineStages.name,
  kind: pipelineStages.kind,
  probability: pipelineStages.probability,
  position: pipelineStages.position,
};

/** The company's pipelines in their order, each with its stages in theirs. */
export async function selectPipelines(tx: Tx, companyId: number, onlyId?: number): Promise<Pipeline[]> {
  const heads = await tx
    .select({ id: pipelines.id, name: pipelines.name, position: pipelines.position })
    .from(pipelines)
    .where(and(eq(pipelines.companyId, companyId), onlyId ? eq(pipelines.id, onlyId) : undefined))
    .orderBy(asc(pipelines.position), asc(pipelines.id));
  if (heads.length === 0) return [];
  const stages = await tx
    .select(stageColumns)
    .from(pipelineStages)
    .where(
      and(
        eq(pipelineStages.companyId, companyId),
        inArray(
          pipelineStages.pipelineId,
          heads.map((h) => h.id),
        ),
      ),
    )
    .orderBy(asc(pipelineStages.position), asc(pipelineStages.id));
  return heads.map((h) => ({
    ...h,
    stages: stages.filter((s) => s.pipelineId === h.id).map((s) => ({ ...s, kind: s.kind as StageKind })),
  }));
}

export async function findStage(tx: Tx, companyId: number, id: number): Promise<Stage | undefined> {
  const [row] = await tx
    .select(stageColumns)
    .from(pipelineStages)
    .where(and(eq(pipelineStages.companyId, companyId), eq(pipelineStages.id, id)));
  return row ? { ...row, kind: row.kind as StageKind } : undefined;
}

/** The pipeline row, locked while its stages change. */
export async function lockPipeline(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.companyId, companyId), eq(pipelines.id, id)))
    .for('update');
  return row;
}

export async function insertPipeline(tx: Tx, companyId: number, name: string, position: number) {
  const [row] = await tx
    .insert(pipelines)
    .values({ companyId, name, position })
    .returning({ id: pipelines.id });
  return mustExist(row, 'Pipeline').id;
}

export const updatePipeline = (tx: Tx, companyId: number, id: number, name: string, position: number) =>
  tx
    .update(pipelines)
    .set({ name, position, updatedAt: new Date() })
    .where(and(eq(pipelines.companyId, companyId), eq(pipelines.id, id)));

export type StageValues = { name: string; kind: StageKind; probability: number; position: number };

export const insertStage = (tx: Tx, companyId: number, pipelineId: number, values: StageValues) =>
  tx.insert(pipelineStages).values({ companyId, pipelineId, ...values });

export const updateStage = (tx: Tx, companyId: number, id: number, values: StageValues) =>
  tx
    .update(pipelineStages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pipelineStages.companyId, companyId), eq(pipelineStages.id, id)));

/** Stages of the pipeline not in `keep` that an opportunity is in or has been in: they cannot go. */
export async function stagesInUse(tx: Tx, companyId: number, pipelineId: number, keep: number[]) {
  const leaving = await tx
    .select({ id: pipelineStages.id, name: pipelineStages.name })
    .from(pipelineStages)
    .where(
      and(
        eq(pipelineStages.companyId, companyId),
        eq(pipelineStages.pipelineId, pipelineId),
        keep.length > 0 ? notInArray(pipelineStages.id, keep) : undefined,
      ),
    );
  if (leaving.length === 0) return { leaving: [], used: [] };
  const ids = leaving.map((s) => s.id);
  const [inOpportunity] = await tx
    .select({ n: count() })
    .from(opportunities)
    .where(and(eq(opportunities.companyId, companyId), inArray(opportunities.stageId, ids)));
  const [inHistory] = await tx
    .select({ n: count() })
    .from(opportunityStageHistory)
    .where(
      and(
        eq(opportunityStageHistory.companyId, companyId),
        or(
          inArray(opportunityStageHistory.toStageId, ids),
          inArray(opportunityStageHistory.fromStageId, ids),
        ),
      ),
    );
  const used = (inOpportunity?.n ?? 0) + (inHistory?.n ?? 0) > 0 ? leaving : [];
  return { leaving: ids, used };
}

export const deleteStages = (tx: Tx, companyId: number, ids: number[]) =>
  tx
    .delete(pipelineStages)
    .where(and(eq(pipelineStages.companyId, companyId), inArray(pipelineStages.id, ids)));
