import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';
import { findCompanyBillingPlan, findCompanyProduct } from '../catalogue/catalogue.queries.ts';
import type { DraftLine } from './invoice.service.ts';

/** A company product sold to a client once: its premium, one unit. */
export async function companyProductLine(tx: Tx, companyId: number, productId: number): Promise<DraftLine> {
  const product = mustExist(await findCompanyProduct(tx, companyId, productId), 'Product');
  return {
    description: product.name,
    quantity: 1,
    unitPriceCents: product.premium,
    productId: product.id,
    billingPlanId: product.billingPlanId,
    tariffCode: product.tariffCode,
  };
}

/** A billing plan billed to a client: its amount, one unit. */
export async function billingPlanLine(tx: Tx, companyId: number, billingPlanId: number): Promise<DraftLine> {
  const plan = mustExist(await findCompanyBillingPlan(tx, companyId, billingPlanId), 'Billing plan');
  return {
    description: `${plan.name} (${plan.frequency})`,
    quantity: 1,
    unitPriceCents: plan.amount,
    billingPlanId: plan.id,
  };
}
