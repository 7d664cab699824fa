import type { PipelineInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  deleteStages,
  insertPipeline,
  insertStage,
  lockPipeline,
  selectPipelines,
  stagesInUse,
  updatePipeline,
  updateStage,
} from './pipeline.queries.ts';

export const listPipelines = (scope: Scope) =>
  inTenant(scope, (tx) => selectPipelines(tx, scope.principal.companyId));

async function onePipeline(tx: Tx, companyId: number, id: number) {
  const [pipeline] = await selectPipelines(tx, companyId, id);
  return mustExist(pipeline, 'Pipeline');
}

/** Stage ids sent must be stages of this pipeline; each refusal names its field. */
function checkStageIds(input: PipelineInput, own: Set<number>) {
  const problems = input.stages.flatMap((stage, i) =>
    stage.id && !own.has(stage.id)
      ? [{ path: `body.stages.${i}.id`, message: 'Choose a stage of this pipeline.' }]
      : [],
  );
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
}

/** Settings (administrators): a new pipeline with its stages, in the order sent. */
export const createPipeline = (scope: Scope, input: PipelineInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    checkStageIds(input, new Set());
    const id = await insertPipeline(tx, companyId, input.name, input.position);
    // A new pipeline's stages are all new: an id sent as null (as Settings sends a new stage) is none.
    for (const [position, { name, kind, probability }] of input.stages.entries())
      await insertStage(tx, companyId, id, { name, kind, probability, position });
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'pipeline.create',
      description: `Created pipeline ${input.name} with ${input.stages.length} stages.`,
    });
    return onePipeline(tx, companyId, id);
  });

/**
 * Settings (administrators): renames and reorders a pipeline and its stages. A stage sent with its id
 * changes, one without is added, one left out is removed, unless an opportunity is or was in it (409).
 */
export const changePipeline = (scope: Scope, id: number, input: PipelineInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    mustExist(await lockPipeline(tx, companyId, id), 'Pipeline');
    const current = await onePipeline(tx, companyId, id);
    checkStageIds(input, new Set(current.stages.map((s) => s.id)));
    const keep = input.stages.flatMap((s) => (s.id ? [s.id] : []));
    const { leaving, used } = await stagesInUse(tx, companyId, id, keep);
    if (used.length > 0)
      throw new ConflictError(
        `Opportunities are or were in ${used.map((s) => s.name).join(', ')}: keep the stage (rename it if need be).`,
      );
    if (leaving.length > 0) await deleteStages(tx, companyId, leaving);
    await updatePipeline(tx, companyId, id, input.name, input.position);
    for (const [position, stage] of input.stages.entries()) {
      const values = { name: stage.name, kind: stage.kind, probability: stage.probability, position };
      if (stage.id) await updateStage(tx, companyId, stage.id, values);
      else await insertStage(tx, companyId, id, values);
    }
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'pipeline.update',
      description: `Changed pipeline ${input.name} (${input.stages.length} stages).`,
    });
    return onePipeline(tx, companyId, id);
  });
