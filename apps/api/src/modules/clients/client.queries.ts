import type { Client } from '@pd/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { clients } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { listClients } from './client-list.queries.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  'id' | 'companyId' | 'searchText' | 'searchPairs'
>;

/** A live (not deleted) client of the current tenant, with the names of its related clients. */
export async function findClient(tx: Tx, id: number): Promise<Client | undefined> {
  const { rows } = await tx.execute<Client>(sql`
    select c.id, c.company_id as "companyId", c.type, c.name, c.first_name as "firstName",
           c.last_name as "lastName", c.preferred_name as "preferredName", c.email, c.mobile,
           c.id_number as "idNumber", to_char(c.dob, 'YYYY-MM-DD') as dob, c.gender,
           c.gender_other as "genderOther", c.category, c.comm_status as "commStatus",
           c.tax_registered as "taxRegistered", c.tax_number as "taxNumber",
           c.address_country as "addressCountry", c.address1, c.address2,
           c.address_region as "addressRegion", c.address_state as "addressState",
           c.address_postal_code as "addressPostalCode", c.status,
           c.billing_client_id as "billingClientId", c.admin_client_id as "adminClientId",
           c.affiliate_client_id as "affiliateClientId",
           b.name as "billingClientName", a.name as "adminClientName", f.name as "affiliateClientName",
           to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
           to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
      from clients c
      left join clients b on b.company_id = c.company_id and b.id = c.billing_client_id
      left join clients a on a.company_id = c.company_id and a.id = c.admin_client_id
      left join clients f on f.company_id = c.company_id and f.id = c.affiliate_client_id
     where c.id = ${id} and c.deleted_at is null`);
  return rows[0];
}

export async function findClientRow(tx: Tx, id: number): Promise<ClientRow | undefined> {
  const rows = await tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), isNull(clients.deletedAt)))
    .for('update');
  return rows[0];
}

/** Which of these ids are live clients of the current tenant. */
export async function existingClientIds(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`${clients.id} = any(${sql.param(ids)}::bigint[])`, isNull(clients.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

export async function insertClient(tx: Tx, companyId: number, values: ClientValues): Promise<number> {
  const [row] = await tx
    .insert(clients)
    .values({ ...values, companyId })
    .returning({ id: clients.id });
  if (!row) throw new Error('client not inserted');
  return row.id;
}

export async function updateClient(tx: Tx, id: number, values: Partial<ClientValues>): Promise<void> {
  await tx
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(clients.id, id));
}

export async function softDeleteClient(tx: Tx, id: number): Promise<void> {
  await tx.update(clients).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(clients.id, id));
}

/**
 * Type-ahead for the billing, admin and affiliate pickers: live clients whose id, name, e-mail or mobile
 * contain text, 20 at most. It is the client list's search (same index and shapes), in list order.
 */
export async function searchClients(tx: Tx, companyId: number, text: string, juristicOnly = false) {
  const page = await listClients(tx, companyId, {
    page: 1,
    size: 20,
    // Juristic clients have no last name: the affiliate picker orders by name.
    sort: juristicOnly ? 'name:asc' : 'lastName:asc,firstName:asc',
    search: text.trim().slice(0, 100),
    filter: juristicOnly ? 'juristic' : undefined,
  });
  return page.content.map(({ id, name, email }) => ({ id, name, email }));
}
