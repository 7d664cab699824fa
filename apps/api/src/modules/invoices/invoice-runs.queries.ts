import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';

/** The invoices an unpaid run's notices named. */
export const unpaidRunScope = (runId: number): SQL => sql`i.id in (
  select uni.invoice_id from unpaid_notice_invoices uni
    join unpaid_notices n on n.company_id = uni.company_id and n.id = uni.notice_id
   where n.unpaid_run_id = ${runId})`;

export const billingRunScope = (runId: number): SQL => sql`i.billing_run_id = ${runId}`;

type RunInfoRow = {
  runId: number;
  kind: 'billing' | 'unpaid';
  status: string;
  periodStart: string | null;
  periodEnd: string | null;
  started: string;
  finished: string | null;
  notices: number | null;
  invoices: number;
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
  error: string | null;
};

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function totals(scope: SQL) {
  return sql`(select count(*)::int from invoices i where ${scope}) as invoices,
    (select coalesce(sum(i.total_cents), 0)::float8 from invoices i where ${scope} and i.status <> 'cancelled') as "totalCents",
    (select coalesce(sum(i.paid_cents), 0)::float8 from invoices i where ${scope} and i.status <> 'cancelled') as "paidCents"`;
}

/** A billing run and the invoices it created: how many, their total, what is paid and outstanding. */
export async function billingRunInfo(tx: Tx, runId: number): Promise<RunInfoRow | undefined> {
  const { rows } = await tx.execute<RunInfoRow>(sql`
    select r.id as "runId", 'billing' as kind, r.status, to_char(r.period_start, 'YYYY-MM-DD') as "periodStart",
           to_char(r.period_end, 'YYYY-MM-DD') as "periodEnd", ${iso(sql`r.started_at`)} as started,
           ${iso(sql`r.finished_at`)} as finished, null::int as notices, r.error, ${totals(billingRunScope(runId))}
      from billing_runs r where r.id = ${runId}`);
  return withOutstanding(rows[0]);
}

/** An unpaid run: its notices and the overdue invoices they named. */
export async function unpaidRunInfo(tx: Tx, runId: number): Promise<RunInfoRow | undefined> {
  const { rows } = await tx.execute<RunInfoRow>(sql`
    select r.id as "runId", 'unpaid' as kind, r.status, null as "periodStart", null as "periodEnd",
           ${iso(sql`r.started_at`)} as started, ${iso(sql`r.finished_at`)} as finished,
           (select count(*)::int from unpaid_notices n where n.unpaid_run_id = r.id) as notices, r.error,
           ${totals(unpaidRunScope(runId))}
      from unpaid_runs r where r.id = ${runId}`);
  return withOutstanding(rows[0]);
}

function withOutstanding(row: RunInfoRow | undefined): RunInfoRow | undefined {
  return row && { ...row, outstandingCents: row.totalCents - row.paidCents };
}
