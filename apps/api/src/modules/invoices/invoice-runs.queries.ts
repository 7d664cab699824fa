import { type RunInfo, runInfoSchema } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow } from '../../lib/sql.ts';

/** The invoices an unpaid run's notices named. */
export const unpaidRunScope = (companyId: number, runId: number): SQL => sql`i.id in (
  select uni.invoice_id from unpaid_notice_invoices uni
    join unpaid_notices n on n.company_id = uni.company_id and n.id = uni.notice_id
   where n.company_id = ${companyId} and n.unpaid_run_id = ${runId})`;

export const billingRunScope = (runId: number): SQL => sql`i.billing_run_id = ${runId}`;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The run's invoices counted, and their money (cancelled ones aside), in one pass. */
function totals(companyId: number, scope: SQL) {
  const live = sql`filter (where i.status <> 'cancelled')`;
  return sql`cross join lateral (
    select count(*)::int as invoices, coalesce(sum(i.total_cents) ${live}, 0)::float8 as total,
           coalesce(sum(i.paid_cents) ${live}, 0)::float8 as paid
      from invoices i where i.company_id = ${companyId} and ${scope}) t`;
}

const TOTALS = sql`t.invoices, t.total as "totalCents", t.paid as "paidCents", t.total - t.paid as "outstandingCents"`;

/** A billing run and the invoices it created: how many, their total, what is paid and outstanding. */
export function billingRunInfo(tx: Tx, companyId: number, runId: number): Promise<RunInfo | undefined> {
  return selectRow(
    tx,
    runInfoSchema,
    sql`select r.id as "runId", 'billing' as kind, r.status, to_char(r.period_start, 'YYYY-MM-DD') as "periodStart",
               to_char(r.period_end, 'YYYY-MM-DD') as "periodEnd", ${iso(sql`r.started_at`)} as started,
               ${iso(sql`r.finished_at`)} as finished, null::int as notices, r.error, ${TOTALS}
          from billing_runs r ${totals(companyId, billingRunScope(runId))}
         where r.company_id = ${companyId} and r.id = ${runId}`,
  );
}

/** An unpaid run: its notices and the overdue invoices they named. */
export function unpaidRunInfo(tx: Tx, companyId: number, runId: number): Promise<RunInfo | undefined> {
  return selectRow(
    tx,
    runInfoSchema,
    sql`select r.id as "runId", 'unpaid' as kind, r.status, null as "periodStart", null as "periodEnd",
               ${iso(sql`r.started_at`)} as started, ${iso(sql`r.finished_at`)} as finished,
               (select count(*)::int from unpaid_notices n where n.company_id = r.company_id and n.unpaid_run_id = r.id)
                 as notices, r.error, ${TOTALS}
          from unpaid_runs r ${totals(companyId, unpaidRunScope(companyId, runId))}
         where r.company_id = ${companyId} and r.id = ${runId}`,
  );
}
