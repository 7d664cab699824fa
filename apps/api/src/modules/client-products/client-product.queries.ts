import { type ClientProduct, clientProductSchema } from '@pd/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { clientProducts } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

import { mustExist, selectRows } from '../../lib/sql.ts';

const SELECT = sql`
  select cp.id, cp.client_id as "clientId", cp.product_id as "productId", cp.unique_id as "uniqueId", cp.name,
         cp.description, cp.billing_plan_id as "billingPlanId", bp.name as "billingPlanName", cp.premium, cp.value,
         to_char(cp.inception, 'YYYY-MM-DD') as inception, to_char(cp.termination, 'YYYY-MM-DD') as termination,
         cp.status,
         to_char(cp.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created,
         to_char(cp.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated
    from client_products cp
    left join billing_plans bp on bp.company_id = cp.company_id and bp.id = cp.billing_plan_id`;

/** The company's live (not deleted) client products that also meet `where`, in id order. */
function select(tx: Tx, companyId: number, where: SQL): Promise<ClientProduct[]> {
  return selectRows(
    tx,
    clientProductSchema,
    sql`${SELECT} where cp.company_id = ${companyId} and cp.deleted_at is null and ${where} order by cp.id`,
  );
}

export const clientProductsOfClient = (tx: Tx, companyId: number, clientId: number) =>
  select(tx, companyId, sql`cp.client_id = ${clientId}`);
export const clientProductsOfProduct = (tx: Tx, companyId: number, productId: number) =>
  select(tx, companyId, sql`cp.product_id = ${productId}`);
export const findClientProduct = async (tx: Tx, companyId: number, id: number) =>
  (await select(tx, companyId, sql`cp.id = ${id}`))[0];

export type ClientProductValues = Omit<
  typeof clientProducts.$inferInsert,
  'id' | 'companyId' | 'uniqueId' | 'createdAt' | 'updatedAt' | 'deletedAt'
>;

const ofCompany = (companyId: number, id: number) =>
  and(eq(clientProducts.companyId, companyId), eq(clientProducts.id, id));

/** Inserts the row and numbers it: CP- and the record's id, zero-padded. */
export async function insertClientProduct(tx: Tx, companyId: number, values: ClientProductValues) {
  const [row] = await tx
    .insert(clientProducts)
    // A unique placeholder until the id is known.
    .values({ ...values, companyId, uniqueId: `tmp-${crypto.randomUUID().slice(0, 18)}` })
    .returning({ id: clientProducts.id });
  const { id } = mustExist(row, 'client product');
  const uniqueId = `CP-${String(id).padStart(6, '0')}`;
  await tx.update(clientProducts).set({ uniqueId }).where(ofCompany(companyId, id));
  return { id, uniqueId };
}

export async function updateClientProduct(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<ClientProductValues>,
) {
  await tx
    .update(clientProducts)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(companyId, id));
}

export async function softDeleteClientProduct(tx: Tx, companyId: number, id: number) {
  await tx.update(clientProducts).set({ deletedAt: new Date() }).where(ofCompany(companyId, id));
}
