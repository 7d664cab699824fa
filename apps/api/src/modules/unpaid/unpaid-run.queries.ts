import type { UnpaidType } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { written } from '../../lib/errors.ts';
import { unpaidCondition } from '../invoices/invoice.queries.ts';

export type RunCandidate = {
  clientId: number;
  /** The earliest due date among the client's overdue invoices. */
  oldestDue: string;
  /** The client's latest notice of a ladder type, and its date (company time zone). */
  lastLadderType: UnpaidType | null;
  lastLadderDate: string | null;
  /** The date of the client's latest notice of any type (company time zone). */
  lastNoticeDate: string | null;
};

/** Clients (as the payer: bill_to) with overdue invoices, with their notice history. */
export async function runCandidates(
  tx: Tx,
  today: string,
  timeZone: string,
  ladder: readonly string[],
): Promise<RunCandidate[]> {
  const local = sql`to_char(n.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const { rows } = await tx.execute<RunCandidate>(sql`
    select o.client_id as "clientId", to_char(o.oldest_due, 'YYYY-MM-DD') as "oldestDue",
           l.unpaid_type as "lastLadderType", l.local_date as "lastLadderDate", a.local_date as "lastNoticeDate"
      from (select i.bill_to_client_id as client_id, min(i.due) as oldest_due
              from invoices i join clients c on c.company_id = i.company_id and c.id = i.bill_to_client_id
             where ${unpaidCondition(today)} and c.deleted_at is null
             group by i.bill_to_client_id) o
      left join lateral (select n.unpaid_type, ${local} as local_date from unpaid_notices n
                          where n.client_id = o.client_id and n.unpaid_type = any(${sql.param([...ladder])}::text[])
                          order by n.created_at desc, n.id desc limit 1) l on true
      left join lateral (select ${local} as local_date from unpaid_notices n
                          where n.client_id = o.client_id order by n.created_at desc, n.id desc limit 1) a on true
     order by o.client_id`);
  return rows.map((r) => ({ ...r, clientId: Number(r.clientId) }));
}

export async function insertUnpaidRun(tx: Tx, companyId: number, userId: number | null): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into unpaid_runs (company_id, started_by) values (${companyId}, ${userId}) returning id`);
  return Number(written(rows[0], 'unpaid run').id);
}

export async function finishUnpaidRun(tx: Tx, runId: number, notices: number) {
  await tx.execute(sql`
    update unpaid_runs set status = 'done', notices_created = ${notices}, finished_at = now() where id = ${runId}`);
}

export async function failUnpaidRun(tx: Tx, runId: number, error: string) {
  await tx.execute(sql`
    update unpaid_runs set status = 'failed', error = ${error.slice(0, 2000)}, finished_at = now() where id = ${runId}`);
}
