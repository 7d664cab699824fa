import type { ClientProduct } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';

const SELECT = sql`
  select cp.id, cp.client_id as "clientId", cp.product_id as "productId", cp.unique_id as "uniqueId", cp.name,
         cp.description, cp.billing_plan_id as "billingPlanId", bp.name as "billingPlanName", cp.premium, cp.value,
         to_char(cp.inception, 'YYYY-MM-DD') as inception, to_char(cp.termination, 'YYYY-MM-DD') as termination,
         cp.status,
         to_char(cp.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created,
         to_char(cp.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated
    from client_products cp
    left join billing_plans bp on bp.company_id = cp.company_id and bp.id = cp.billing_plan_id`;

async function select(tx: Tx, where: SQL): Promise<ClientProduct[]> {
  const { rows } = await tx.execute<ClientProduct>(
    sql`${SELECT} where cp.deleted_at is null and ${where} order by cp.id`,
  );
  return rows;
}

export const clientProductsOfClient = (tx: Tx, clientId: number) =>
  select(tx, sql`cp.client_id = ${clientId}`);
export const clientProductsOfProduct = (tx: Tx, productId: number) =>
  select(tx, sql`cp.product_id = ${productId}`);
export const findClientProduct = async (tx: Tx, id: number) => (await select(tx, sql`cp.id = ${id}`))[0];
