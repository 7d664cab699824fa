import type { BillingPlanInput, BillingPlanUpdate } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { applyPatch } from '../../lib/patch.ts';
import { mustExist } from '../../lib/sql.ts';
import { diffFields, recordAudit } from '../audit/audit.service.ts';
import {
  deleteBillingPlanIfUnused,
  findCompanyBillingPlan,
  insertBillingPlan,
  listBillingPlans,
  type PlanFilter,
  updateBillingPlan,
} from './catalogue.queries.ts';

const subProcess = 'Billing Management';

export const listPlans = (scope: Scope, filter: PlanFilter, name?: string) =>
  inTenant(scope, (tx) => listBillingPlans(tx, scope.principal.companyId, filter, name));

export const getPlan = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) =>
    mustExist(await findCompanyBillingPlan(tx, scope.principal.companyId, id), 'Billing plan'),
  );

export const createPlan = (scope: Scope, input: BillingPlanInput) =>
  inTenant(scope, async (tx) => {
    const plan = await insertBillingPlan(tx, scope.principal.companyId, input);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'billingplan.create',
      description: `Created billing plan ${input.name}.`,
      changes: diffFields({}, input),
    });
    return plan;
  });

/** Absent fields keep their value. */
export const changePlan = (scope: Scope, id: number, patch: BillingPlanUpdate) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const {
      id: _,
      companyId: __,
      ...before
    } = mustExist(await findCompanyBillingPlan(tx, companyId, id, true), 'Billing plan');
    const values = applyPatch<BillingPlanInput>(before, patch);
    const plan = await updateBillingPlan(tx, companyId, id, values);
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'billingplan.update',
      description: `Updated billing plan ${values.name}.`,
      changes: diffFields(before, patch),
    });
    return plan;
  });

/** A plan that products use stays; it can be made inactive instead. */
export const removePlan = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const plan = mustExist(await findCompanyBillingPlan(tx, companyId, id, true), 'Billing plan');
    if (!(await deleteBillingPlanIfUnused(tx, companyId, id))) {
      throw new ConflictError('This billing plan is still used by products. Make it inactive instead.');
    }
    await recordAudit(tx, scope.principal, {
      subProcess,
      action: 'billingplan.delete',
      description: `Deleted billing plan ${plan.name}.`,
    });
  });
