import { type Client, clientSchema } from '@pd/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { clients } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

import { mustExist, selectRow } from '../../lib/sql.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<
  typeof clients.$inferInsert,
  'id' | 'companyId' | 'searchText' | 'searchPairs'
>;

/** A live (not deleted) client of the company. */
const liveOfCompany = (companyId: number, id: number) =>
  and(eq(clients.companyId, companyId), eq(clients.id, id), isNull(clients.deletedAt));

/** A live client of the company, with the names of its related clients. */
export function findClient(tx: Tx, companyId: number, id: number): Promise<Client | undefined> {
  return selectRow(
    tx,
    clientSchema,
    sql`
    select c.id, c.company_id as "companyId", c.type, c.name, c.first_name as "firstName",
           c.last_name as "lastName", c.preferred_name as "preferredName", c.email, c.mobile,
           c.id_number as "idNumber", to_char(c.dob, 'YYYY-MM-DD') as dob, c.gender,
           c.gender_other as "genderOther", c.category, c.comm_status as "commStatus",
           c.tax_registered as "taxRegistered", c.tax_number as "taxNumber",
           c.address_country as "addressCountry", c.address1, c.address2,
           c.address_region as "addressRegion", c.address_state as "addressState",
           c.address_postal_code as "addressPostalCode", c.status, c.lifecycle,
           c.consent_state as "consentState", c.consent_channel as "consentChannel",
           to_char(c.consent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "consentAt",
           c.billing_client_id as "billingClientId", c.admin_client_id as "adminClientId",
           c.affiliate_client_id as "affiliateClientId",
           b.name as "billingClientName", a.name as "adminClientName", f.name as "affiliateClientName",
           to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
           to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"
      from clients c
      left join clients b on b.company_id = c.company_id and b.id = c.billing_client_id
      left join clients a on a.company_id = c.company_id and a.id = c.admin_client_id
      left join clients f on f.company_id = c.company_id and f.id = c.affiliate_client_id
     where c.company_id = ${companyId} and c.id = ${id} and c.deleted_at is null`,
  );
}

/** The stored row of a live client, locked for a change. */
export async function findClientRow(tx: Tx, companyId: number, id: number): Promise<ClientRow | undefined> {
  const [row] = await tx.select().from(clients).where(liveOfCompany(companyId, id)).for('update');
  return row;
}

/** A client of the company, deleted or not (its history stays readable): its id and name. */
export async function findClientEvenDeleted(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id)));
  return row;
}

/** A live client's id and name: enough to check it exists and to name it in an audit entry. */
export async function findLiveClient(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(liveOfCompany(companyId, id));
  return row;
}

/** Which of these ids are live clients of the company. */
export async function existingClientIds(tx: Tx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), inArray(clients.id, ids), isNull(clients.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Live clients of the company with this ID number or e-mail (the keys intake matches on, served by
 * clients_id_number_idx and clients_email_idx), oldest first.
 */
export function findClientsWithKeys(
  tx: Tx,
  companyId: number,
  idNumber: string | null,
  email: string | null,
) {
  const keys: SQL[] = [];
  if (idNumber) keys.push(eq(clients.idNumber, idNumber));
  if (email) keys.push(sql`lower(${clients.email}) = ${email.toLowerCase()}`);
  if (keys.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: clients.id, name: clients.name, idNumber: clients.idNumber, email: clients.email })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), isNull(clients.deletedAt), or(...keys)))
    .orderBy(clients.id)
    .limit(20);
}

export async function insertClient(tx: Tx, companyId: number, values: ClientValues): Promise<number> {
  const [row] = await tx
    .insert(clients)
    .values({ ...values, companyId })
    .returning({ id: clients.id });
  return mustExist(row, 'client').id;
}

export async function updateClient(
  tx: Tx,
  companyId: number,
  id: number,
  values: ClientValues,
): Promise<void> {
  await tx
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id)));
}

export async function softDeleteClient(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx
    .update(clients)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id)));
}
