import { UNPAID_TYPE_CODES } from '@pd/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { unpaidRuns } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRows } from '../../lib/sql.ts';
import { unpaidCondition } from '../invoices/invoice.queries.ts';

const runCandidateRow = z.object({
  clientId: z.number(),
  /** The earliest due date among the client's overdue invoices. */
  oldestDue: z.string(),
  /** The client's latest notice of a ladder type, and its date (company time zone). */
  lastLadderType: z.enum(UNPAID_TYPE_CODES).nullable(),
  lastLadderDate: z.string().nullable(),
  /** The date of the client's latest notice of any type (company time zone). */
  lastNoticeDate: z.string().nullable(),
});
export type RunCandidate = z.infer<typeof runCandidateRow>;

/** Clients (as the payer: bill_to) with overdue invoices, with their notice history. */
export function runCandidates(
  tx: Tx,
  companyId: number,
  today: string,
  timeZone: string,
  ladder: readonly string[],
): Promise<RunCandidate[]> {
  const local = sql`to_char(n.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return selectRows(
    tx,
    runCandidateRow,
    sql`
    select o.client_id as "clientId", to_char(o.oldest_due, 'YYYY-MM-DD') as "oldestDue",
           l.unpaid_type as "lastLadderType", l.local_date as "lastLadderDate", a.local_date as "lastNoticeDate"
      from (select i.bill_to_client_id as client_id, min(i.due) as oldest_due
              from invoices i join clients c on c.company_id = i.company_id and c.id = i.bill_to_client_id
             where i.company_id = ${companyId} and ${unpaidCondition(today)} and c.deleted_at is null
             group by i.bill_to_client_id) o
      left join lateral (select n.unpaid_type, ${local} as local_date from unpaid_notices n
                          where n.company_id = ${companyId} and n.client_id = o.client_id and n.unpaid_type = any(${sql.param([...ladder])}::text[])
                          order by n.created_at desc, n.id desc limit 1) l on true
      left join lateral (select ${local} as local_date from unpaid_notices n
                          where n.company_id = ${companyId} and n.client_id = o.client_id order by n.created_at desc, n.id desc limit 1) a on true
     order by o.client_id`,
  );
}

export async function insertUnpaidRun(tx: Tx, companyId: number, userId: number | null): Promise<number> {
  const [row] = await tx
    .insert(unpaidRuns)
    .values({ companyId, startedBy: userId })
    .returning({ id: unpaidRuns.id });
  return mustExist(row, 'Unpaid run').id;
}

const runOf = (companyId: number, runId: number) =>
  and(eq(unpaidRuns.companyId, companyId), eq(unpaidRuns.id, runId));

export async function finishUnpaidRun(tx: Tx, companyId: number, runId: number, notices: number) {
  await tx
    .update(unpaidRuns)
    .set({ status: 'done', noticesCreated: notices, finishedAt: sql`now()` })
    .where(runOf(companyId, runId));
}

/** A run that failed: its row, written after the failed transaction rolled back, saying why. */
export async function recordFailedUnpaidRun(tx: Tx, companyId: number, userId: number | null, error: string) {
  await tx.insert(unpaidRuns).values({
    companyId,
    startedBy: userId,
    status: 'failed',
    error: error.slice(0, 2000),
    finishedAt: sql`now()`,
  });
}
