import { type AuditEntry, auditEntrySchema } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditEntries } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

import { mustExist, selectRow, selectRows } from '../../lib/sql.ts';
import { containsPattern } from '../../lib/text-search.ts';

export async function insertAuditEntry(tx: Tx, values: typeof auditEntries.$inferInsert): Promise<number> {
  const [row] = await tx.insert(auditEntries).values(values).returning({ id: auditEntries.id });
  return mustExist(row, 'audit entry').id;
}

const FROM = sql`from audit_entries a
  left join users u on u.company_id = a.company_id and u.id = a.user_id
  left join clients c on c.company_id = a.company_id and c.id = a.client_id`;

const ENTRY = sql`a.id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, a.user_id as "userId",
  coalesce(u.display_name, u.username) as "user", a.client_id as "clientId", c.name as "clientName",
  a.sub_process as "subProcess", a.action, a.description, a.changes ${FROM}`;

export function auditEntryById(tx: Tx, companyId: number, id: number): Promise<AuditEntry | undefined> {
  return selectRow(
    tx,
    auditEntrySchema,
    sql`select ${ENTRY} where a.company_id = ${companyId} and a.id = ${id}`,
  );
}

/** A client's entries, newest first (the most recent 500). */
export function clientAuditEntries(tx: Tx, companyId: number, clientId: number): Promise<AuditEntry[]> {
  return selectRows(
    tx,
    auditEntrySchema,
    sql`select ${ENTRY} where a.company_id = ${companyId} and a.client_id = ${clientId}
         order by a.at desc, a.id desc limit 500`,
  );
}

export interface AuditFilter {
  search?: string | undefined;
  /** The first instant of the first day shown, and the first instant after the last one. */
  from?: Date | undefined;
  until?: Date | undefined;
  clientId?: number | undefined;
  page: number;
  size: number;
}

const counted = z.object({ n: z.number().int() });

/** The company's entries, newest first, and how many match. */
export async function companyAuditPage(tx: Tx, companyId: number, f: AuditFilter) {
  const where: SQL[] = [sql`a.company_id = ${companyId}`];
  if (f.clientId) where.push(sql`a.client_id = ${f.clientId}`);
  if (f.from) where.push(sql`a.at >= ${f.from.toISOString()}::timestamptz`);
  if (f.until) where.push(sql`a.at < ${f.until.toISOString()}::timestamptz`);
  if (f.search) {
    const p = containsPattern(f.search);
    where.push(sql`(a.description ilike ${p} or a.action ilike ${p} or a.sub_process ilike ${p}
      or u.display_name ilike ${p} or u.username ilike ${p} or c.name ilike ${p})`);
  }
  const condition = sql.join(where, sql` and `);
  const content = await selectRows(
    tx,
    auditEntrySchema,
    sql`select ${ENTRY} where ${condition} order by a.at desc, a.id desc
         limit ${f.size} offset ${(f.page - 1) * f.size}`,
  );
  const total = await selectRow(tx, counted, sql`select count(*)::int as n ${FROM} where ${condition}`);
  return { content, totalElements: total?.n ?? 0 };
}
