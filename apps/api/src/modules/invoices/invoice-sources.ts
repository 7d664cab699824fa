import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findBillingPlan, findProduct } from '../catalogue/catalogue.queries.ts';
import type { DraftLine } from './invoice.service.ts';

/** A company product sold to a client once: its premium, one unit. */
export async function companyProductLine(tx: Tx, productId: number): Promise<DraftLine> {
  const product = await findProduct(tx, productId);
  if (!product) throw new NotFoundError('Product');
  return {
    description: product.name,
    quantity: 1,
    unitPriceCents: product.premium,
    productId: product.id,
    billingPlanId: product.billingPlanId,
  };
}

/** A billing plan billed to a client: its amount, one unit. */
export async function billingPlanLine(tx: Tx, billingPlanId: number): Promise<DraftLine> {
  const plan = await findBillingPlan(tx, billingPlanId);
  if (!plan) throw new NotFoundError('Billing plan');
  return {
    description: `${plan.name} (${plan.frequency})`,
    quantity: 1,
    unitPriceCents: plan.amount,
    billingPlanId: plan.id,
  };
}
