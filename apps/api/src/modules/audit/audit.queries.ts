import type { AuditEntry } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';

const ENTRY = sql`a.id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, a.user_id as "userId",
  coalesce(u.display_name, u.username) as "user", a.client_id as "clientId", c.name as "clientName",
  a.sub_process as "subProcess", a.action, a.description, a.changes
  from audit_entries a
  left join users u on u.company_id = a.company_id and u.id = a.user_id
  left join clients c on c.company_id = a.company_id and c.id = a.client_id`;

export async function auditEntryById(tx: Tx, id: number): Promise<AuditEntry | undefined> {
  const { rows } = await tx.execute<AuditEntry>(sql`select ${ENTRY} where a.id = ${id}`);
  return rows[0];
}

/** A client's entries, newest first (the most recent 500). */
export async function clientAuditEntries(tx: Tx, clientId: number): Promise<AuditEntry[]> {
  const { rows } = await tx.execute<AuditEntry>(
    sql`select ${ENTRY} where a.client_id = ${clientId} order by a.at desc, a.id desc limit 500`,
  );
  return rows;
}

export interface AuditFilter {
  search?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  clientId?: number | undefined;
  page: number;
  size: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The company's entries, newest first; dates are whole days in the company's time zone. */
export async function companyAuditPage(tx: Tx, companyId: number, timeZone: string, f: AuditFilter) {
  const where: SQL[] = [sql`a.company_id = ${companyId}`];
  if (f.clientId) where.push(sql`a.client_id = ${f.clientId}`);
  if (f.start) where.push(sql`a.at >= (${f.start}::date)::timestamp at time zone ${timeZone}`);
  if (f.end) where.push(sql`a.at < (${f.end}::date + 1)::timestamp at time zone ${timeZone}`);
  if (f.search) {
    const p = likePattern(f.search);
    where.push(sql`(a.description ilike ${p} or a.action ilike ${p} or a.sub_process ilike ${p}
      or u.display_name ilike ${p} or u.username ilike ${p} or c.name ilike ${p})`);
  }
  const condition = sql.join(where, sql` and `);
  const { rows } = await tx.execute<AuditEntry>(sql`
    select ${ENTRY} where ${condition} order by a.at desc, a.id desc
     limit ${f.size} offset ${(f.page - 1) * f.size}`);
  const total = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from audit_entries a
      left join users u on u.company_id = a.company_id and u.id = a.user_id
      left join clients c on c.company_id = a.company_id and c.id = a.client_id
     where ${condition}`);
  return { content: rows, totalElements: total.rows[0]?.n ?? 0 };
}
