import {
  RECALL_MESSAGES,
  type RecallTypeInput,
  type RecallTypeUpdate,
  recallTypeInputSchema,
  recallUnusableFields,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { UNIQUE_VIOLATION, violatedConstraint } from '../../lib/constraint.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import { invalidField } from '../reminders/reminder-errors.ts';
import { findTemplate } from '../reminders/template.queries.ts';
import {
  companyProducts,
  findRecallType,
  insertRecallType,
  type RecallTypeValues,
  replaceTypeProducts,
  selectRecallTypes,
  softDeleteRecallType,
  updateRecallType,
} from './recall-type.queries.ts';

const subProcess = 'Client Management' as const;

export const listRecallTypes = (scope: Scope) =>
  inTenant(scope, (tx) => selectRecallTypes(tx, scope.principal.companyId));

export const getRecallType = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) =>
    mustExist(await findRecallType(tx, scope.principal.companyId, id), 'Recall type'),
  );

/** The template and products must be the company's own; the template may use only a recall's merge fields. */
async function checkReferences(tx: Tx, companyId: number, id: number | null, input: RecallTypeInput) {
  const template = await findTemplate(tx, companyId, input.templateId);
  if (!template) throw invalidField('body.templateId', 'Choose one of the company’s reminder templates.');
  const [unusable] = recallUnusableFields(`${template.subject ?? ''} ${template.body}`);
  if (unusable) throw invalidField('body.templateId', RECALL_MESSAGES.recallMergeField(unusable));
  const wanted = [...new Set(input.productIds)];
  const found = await companyProducts(tx, companyId, wanted);
  if (found.length !== wanted.length)
    throw invalidField('body.productIds', 'Choose the company’s own products.');
  const taken = found.find((p) => p.typeId !== null && p.typeId !== id);
  if (taken) throw invalidField('body.productIds', RECALL_MESSAGES.productTaken(taken.name));
  return wanted;
}

async function namedOnce<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedConstraint(error, UNIQUE_VIOLATION) === 'recall_types_name_key')
      throw new ConflictError(RECALL_MESSAGES.typeNameTaken(name));
    throw error;
  }
}

const valuesOf = ({ productIds: _, ...v }: RecallTypeInput): RecallTypeValues => v;

export const createRecallType = (scope: Scope, input: RecallTypeInput) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const productIds = await checkReferences(tx, companyId, null, input);
    const id = await namedOnce(input.name, () => insertRecallType(tx, companyId, valuesOf(input)));
    await replaceTypeProducts(tx, companyId, id, productIds);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'recall-type.create',
      description: `Added recall type ${input.name}.`,
      changes: { recallTypeId: id, ...input },
    });
    return mustExist(await findRecallType(tx, companyId, id), 'Recall type');
  });

/** Absent fields keep their value; the merged type is checked as on create. */
export const changeRecallType = (scope: Scope, id: number, patch: RecallTypeUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findRecallType(tx, companyId, id, true), 'Recall type');
    const sent = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const merged = recallTypeInputSchema.parse({
      name: before.name,
      intervalValue: before.intervalValue,
      intervalUnit: before.intervalUnit,
      templateId: before.templateId,
      ladder: before.ladder,
      productIds: before.products.map((p) => p.id),
      ...sent,
    });
    const productIds = await checkReferences(tx, companyId, id, merged);
    await namedOnce(merged.name, () => updateRecallType(tx, companyId, id, valuesOf(merged)));
    await replaceTypeProducts(tx, companyId, id, productIds);
    const old = { ...before, productIds: before.products.map((p) => p.id) };
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'recall-type.update',
      description: `Updated recall type ${merged.name}.`,
      changes: diffFields(
        {
          name: old.name,
          intervalValue: old.intervalValue,
          intervalUnit: old.intervalUnit,
          templateId: old.templateId,
          ladder: old.ladder,
          productIds: old.productIds,
        },
        { ...merged },
      ),
    });
    return mustExist(await findRecallType(tx, companyId, id), 'Recall type');
  });

/** Hidden, not removed: its recalls stay on the list and keep their ladder. */
export const removeRecallType = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const before = mustExist(await findRecallType(tx, companyId, id, true), 'Recall type');
    await softDeleteRecallType(tx, companyId, id);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'recall-type.delete',
      description: `Deleted recall type ${before.name}.`,
    });
  });
