import type { BillingPlanInput, ProductInput } from '@pd/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { billingPlans, products } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { deleteIfUnreferenced } from '../../lib/delete-if-unused.ts';
import { mustExist } from '../../lib/sql.ts';

import { containsPattern } from '../../lib/text-search.ts';

export type PlanFilter = 'all' | 'active' | 'bookings';

const planColumns = {
  id: billingPlans.id,
  companyId: billingPlans.companyId,
  name: billingPlans.name,
  amount: billingPlans.amount,
  frequency: billingPlans.frequency,
  active: billingPlans.active,
  bookable: billingPlans.bookable,
};
const planOfCompany = (companyId: number, id: number) =>
  and(eq(billingPlans.companyId, companyId), eq(billingPlans.id, id));

export function listBillingPlans(tx: Tx, companyId: number, filter: PlanFilter, name?: string) {
  return tx
    .select(planColumns)
    .from(billingPlans)
    .where(
      and(
        eq(billingPlans.companyId, companyId),
        filter !== 'all' ? eq(billingPlans.active, 'Y') : undefined,
        filter === 'bookings' ? eq(billingPlans.bookable, 'Y') : undefined,
        name ? sql`lower(${billingPlans.name}) like ${containsPattern(name)}` : undefined,
      ),
    )
    .orderBy(asc(billingPlans.name));
}

export async function findCompanyBillingPlan(tx: Tx, companyId: number, id: number, lock = false) {
  const query = tx.select(planColumns).from(billingPlans).where(planOfCompany(companyId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertBillingPlan(tx: Tx, companyId: number, values: BillingPlanInput) {
  const [row] = await tx
    .insert(billingPlans)
    .values({ ...values, companyId })
    .returning(planColumns);
  return mustExist(row, 'billing plan');
}

export async function updateBillingPlan(tx: Tx, companyId: number, id: number, values: BillingPlanInput) {
  const [row] = await tx
    .update(billingPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(planOfCompany(companyId, id))
    .returning(planColumns);
  return mustExist(row, 'billing plan');
}

/** False when a product still uses the plan (the foreign key says no). */
export const deleteBillingPlanIfUnused = (tx: Tx, companyId: number, id: number) =>
  deleteIfUnreferenced(tx, () => tx.delete(billingPlans).where(planOfCompany(companyId, id)));

const productColumns = {
  id: products.id,
  companyId: products.companyId,
  name: products.name,
  description: products.description,
  billingPlanId: products.billingPlanId,
  billingPlanName: billingPlans.name,
  premium: products.premium,
  value: products.value,
  active: products.active,
  tariffCode: products.tariffCode,
};
const productOfCompany = (companyId: number, id: number) =>
  and(eq(products.companyId, companyId), eq(products.id, id));

function selectProducts(tx: Tx) {
  return tx
    .select(productColumns)
    .from(products)
    .leftJoin(
      billingPlans,
      and(eq(billingPlans.companyId, products.companyId), eq(billingPlans.id, products.billingPlanId)),
    );
}

export function listProducts(tx: Tx, companyId: number, name?: string) {
  return selectProducts(tx)
    .where(
      and(
        eq(products.companyId, companyId),
        name ? sql`lower(${products.name}) like ${containsPattern(name)}` : undefined,
      ),
    )
    .orderBy(asc(products.name));
}

export async function findCompanyProduct(tx: Tx, companyId: number, id: number) {
  const [row] = await selectProducts(tx).where(productOfCompany(companyId, id));
  return row;
}

export async function insertProduct(tx: Tx, companyId: number, values: ProductInput): Promise<number> {
  const [row] = await tx
    .insert(products)
    .values({ ...values, companyId })
    .returning({ id: products.id });
  return mustExist(row, 'product').id;
}

export async function updateProduct(tx: Tx, companyId: number, id: number, values: ProductInput) {
  await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(productOfCompany(companyId, id));
}

/** False when a client still holds the product (the foreign key says no). */
export const deleteProductIfUnused = (tx: Tx, companyId: number, id: number) =>
  deleteIfUnreferenced(tx, () => tx.delete(products).where(productOfCompany(companyId, id)));
