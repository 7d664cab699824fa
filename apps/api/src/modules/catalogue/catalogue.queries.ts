import type { BillingPlanInput, ProductInput } from '@pd/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { billingPlans, products } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

const contains = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type PlanFilter = 'all' | 'active' | 'bookings';

export function listBillingPlans(tx: Tx, companyId: number, filter: PlanFilter, name?: string) {
  return tx
    .select()
    .from(billingPlans)
    .where(
      and(
        eq(billingPlans.companyId, companyId),
        filter !== 'all' ? eq(billingPlans.active, 'Y') : undefined,
        filter === 'bookings' ? eq(billingPlans.bookable, 'Y') : undefined,
        name ? sql`lower(${billingPlans.name}) like ${contains(name)}` : undefined,
      ),
    )
    .orderBy(asc(billingPlans.name));
}

export async function findBillingPlan(tx: Tx, id: number) {
  const [row] = await tx.select().from(billingPlans).where(eq(billingPlans.id, id));
  return row;
}

export async function insertBillingPlan(tx: Tx, companyId: number, values: BillingPlanInput) {
  const [row] = await tx
    .insert(billingPlans)
    .values({ ...values, companyId })
    .returning();
  return row;
}

export async function updateBillingPlan(tx: Tx, id: number, values: BillingPlanInput) {
  const [row] = await tx
    .update(billingPlans)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(billingPlans.id, id))
    .returning();
  return row;
}

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
};

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
        name ? sql`lower(${products.name}) like ${contains(name)}` : undefined,
      ),
    )
    .orderBy(asc(products.name));
}

export async function findProduct(tx: Tx, id: number) {
  const [row] = await selectProducts(tx).where(eq(products.id, id));
  return row;
}

export async function insertProduct(tx: Tx, companyId: number, values: ProductInput) {
  const [row] = await tx
    .insert(products)
    .values({ ...values, companyId })
    .returning({ id: products.id });
  return row?.id;
}

export async function updateProduct(tx: Tx, id: number, values: ProductInput) {
  const [row] = await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  return row?.id;
}

/** Deletes by id; false when another record still refers to it (a foreign key says no). */
export async function deleteIfUnused(tx: Tx, table: typeof products | typeof billingPlans, id: number) {
  try {
    await tx.execute(sql`savepoint before_delete`);
    await tx.delete(table).where(eq(table.id, id));
    return true;
  } catch (error) {
    const code =
      (error as { cause?: { code?: string }; code?: string }).cause?.code ??
      (error as { code?: string }).code;
    if (code !== '23503') throw error;
    await tx.execute(sql`rollback to savepoint before_delete`);
    return false;
  }
}
