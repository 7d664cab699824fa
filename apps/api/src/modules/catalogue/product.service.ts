import type { ProductInput } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { ValidationError } from '../../lib/errors.ts';
import { findBillingPlan } from './catalogue.queries.ts';

/** A product's billing plan must be one of the company's (row-level security hides others). */
export async function checkBillingPlan(tx: Tx, input: Pick<ProductInput, 'billingPlanId'>): Promise<void> {
  if (input.billingPlanId && !(await findBillingPlan(tx, input.billingPlanId))) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.billingPlanId', message: 'Choose a billing plan of this company.' },
    ]);
  }
}
