import {
  BOARD_CARDS_PER_COLUMN,
  type Board,
  type BoardQuery,
  LOST_REASON_REQUIRED,
  type OpportunityInput,
  type OpportunityListQuery,
  type OpportunityMove,
  type OpportunityPatch,
  type Stage,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLiveClient } from '../clients/client.queries.ts';
import { findCompanyUser } from '../tasks/task.queries.ts';
import { assertAdviceForWon, checkAdviceNote } from './advice.service.ts';
import {
  convertProspect,
  findOpportunity,
  insertOpportunity,
  insertStageChange,
  lockOpportunity,
  selectOpportunityPage,
  selectStageCards,
  selectStageHistory,
  selectStageTotals,
  updateOpportunity,
} from './opportunity.queries.ts';
import { findStage, selectPipelines } from './pipeline.queries.ts';

type Problem = { path: string; message: string };
const refuse = (problems: Problem[]) => {
  if (problems.length > 0) throw new ValidationError('Some fields are not valid.', problems);
};

/** A stage of the company in the given pipeline, or undefined (another pipeline's or company's). */
async function stageOfPipeline(tx: Tx, companyId: number, pipelineId: number, stageId: number) {
  const stage = await findStage(tx, companyId, stageId);
  return stage && stage.pipelineId === pipelineId ? stage : undefined;
}

const ownerProblem = async (tx: Tx, companyId: number, ownerId: number | null | undefined) =>
  ownerId && !(await findCompanyUser(tx, companyId, ownerId))
    ? [{ path: 'body.ownerId', message: 'Choose an active user of this company.' }]
    : [];

/** Entering a won or lost stage closes the opportunity; Won makes its prospect a client (part 6). */
async function enterStage(tx: Tx, scope: Scope, opportunityId: number, clientId: number, stage: Stage) {
  const { companyId } = scope.principal;
  if (stage.kind !== 'won' || !(await convertProspect(tx, companyId, clientId))) return;
  await recordAudit(tx, scope.principal, {
    clientId,
    subProcess: 'Client Management',
    action: 'client.convert',
    description: `Prospect became a client: opportunity ${opportunityId} won.`,
  });
}

export const createOpportunity = (scope: Scope, input: OpportunityInput) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const problems: Problem[] = [];
    if (!(await findLiveClient(tx, companyId, input.clientId)))
      problems.push({ path: 'body.clientId', message: 'Choose a prospect or client of this company.' });
    const [pipeline] = await selectPipelines(tx, companyId, input.pipelineId);
    const stage = pipeline ? await stageOfPipeline(tx, companyId, pipeline.id, input.stageId) : undefined;
    if (!pipeline) problems.push({ path: 'body.pipelineId', message: 'Choose a pipeline of this company.' });
    else if (!stage) problems.push({ path: 'body.stageId', message: 'Choose a stage of this pipeline.' });
    else if (stage.kind !== 'open')
      problems.push({ path: 'body.stageId', message: 'A new opportunity starts in an open stage.' });
    problems.push(...(await ownerProblem(tx, companyId, input.ownerId)));
    refuse(problems);
    const start = stage as Stage;
    const id = await insertOpportunity(tx, companyId, {
      clientId: input.clientId,
      pipelineId: input.pipelineId,
      stageId: start.id,
      title: input.title,
      valueCents: input.valueCents,
      commissionCents: input.commissionCents,
      probability: input.probability ?? start.probability,
      expectedCloseDate: input.expectedCloseDate ?? null,
      nextActionDate: input.nextActionDate ?? null,
      ownerId: input.ownerId ?? userId,
      source: input.source,
    });
    await insertStageChange(tx, companyId, {
      opportunityId: id,
      fromStageId: null,
      toStageId: start.id,
      changedById: userId,
    });
    await recordAudit(tx, scope.principal, {
      clientId: input.clientId,
      subProcess: 'Client Management',
      action: 'opportunity.create',
      description: `Opened opportunity ${id} in ${start.name}.`,
    });
    return mustExist(await findOpportunity(tx, companyId, id), 'Opportunity');
  });

export const changeOpportunity = (scope: Scope, id: number, patch: OpportunityPatch) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const row = mustExist(await lockOpportunity(tx, companyId, id), 'Opportunity');
    refuse(await ownerProblem(tx, companyId, patch.ownerId));
    if (patch.adviceNoteId) await checkAdviceNote(tx, companyId, row.clientId, patch.adviceNoteId);
    await updateOpportunity(tx, companyId, id, patch);
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'opportunity.update',
      description: `Changed opportunity ${id}: ${Object.keys(patch).join(', ') || 'nothing'}.`,
    });
    return mustExist(await findOpportunity(tx, companyId, id), 'Opportunity');
  });

/**
 * Moves an opportunity to another stage of its pipeline, once: the row is locked, and a move to the stage it
 * is in already changes nothing and records nothing. Lost needs the reason.
 */
export const moveOpportunity = (scope: Scope, id: number, move: OpportunityMove) =>
  inTenant(scope, async (tx) => {
    const { companyId, userId } = scope.principal;
    const row = mustExist(await lockOpportunity(tx, companyId, id), 'Opportunity');
    const stage = await stageOfPipeline(tx, companyId, row.pipelineId, move.stageId);
    if (!stage) refuse([{ path: 'body.stageId', message: "Choose a stage of this opportunity's pipeline." }]);
    const to = stage as Stage;
    const reason = move.lostReason?.trim() || null;
    if (to.kind === 'lost' && !reason) refuse([{ path: 'body.lostReason', message: LOST_REASON_REQUIRED }]);
    if (row.stageId !== to.id) {
      if (to.kind === 'won') await assertAdviceForWon(tx, companyId, row.clientId, row.adviceNoteId);
      await updateOpportunity(tx, companyId, id, {
        stageId: to.id,
        probability: move.probability ?? to.probability,
        lostReason: to.kind === 'lost' ? reason : null,
        stageChangedAt: new Date(),
        closedAt: to.kind === 'open' ? null : new Date(),
      });
      await insertStageChange(tx, companyId, {
        opportunityId: id,
        fromStageId: row.stageId,
        toStageId: to.id,
        changedById: userId,
      });
      await recordAudit(tx, scope.principal, {
        clientId: row.clientId,
        subProcess: 'Client Management',
        action: 'opportunity.move',
        description: `Moved opportunity ${id} to ${to.name}${to.kind === 'lost' ? ` (lost: ${reason})` : ''}.`,
      });
      await enterStage(tx, scope, id, row.clientId, to);
    }
    return mustExist(await findOpportunity(tx, companyId, id), 'Opportunity');
  });

export const getOpportunity = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const opportunity = mustExist(await findOpportunity(tx, companyId, id), 'Opportunity');
    return { ...opportunity, history: await selectStageHistory(tx, companyId, id) };
  });

export const listOpportunityPage = (scope: Scope, q: OpportunityListQuery) =>
  inTenant(scope, (tx) => selectOpportunityPage(tx, scope.principal.companyId, q));

/** The board: a column per stage with its totals (all matching cards) and its first 50 cards. */
export const getBoard = (scope: Scope, q: BoardQuery) =>
  inTenant(scope, async (tx): Promise<Board> => {
    const { companyId } = scope.principal;
    const [pipeline] = await selectPipelines(tx, companyId, q.pipelineId);
    if (!pipeline && q.pipelineId)
      refuse([{ path: 'querystring.pipelineId', message: 'Choose a pipeline of this company.' }]);
    if (!pipeline) return { pipelineId: null, columns: [] };
    const filter = { ...q, pipelineId: pipeline.id };
    const totals = await selectStageTotals(tx, companyId, filter);
    const withCards = pipeline.stages.filter((stage) => totals.has(stage.id)).map((stage) => stage.id);
    const cards = await selectStageCards(tx, companyId, filter, withCards, BOARD_CARDS_PER_COLUMN);
    const columns = pipeline.stages.map((stage) => {
      const total = totals.get(stage.id);
      return {
        stage,
        count: total?.count ?? 0,
        valueCents: total?.valueCents ?? 0,
        weightedCents: total?.weightedCents ?? 0,
        cards: cards.get(stage.id) ?? [],
      };
    });
    return { pipelineId: pipeline.id, columns };
  });
