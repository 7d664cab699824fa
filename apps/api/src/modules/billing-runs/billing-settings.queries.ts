import type { BillingSettings, BillingSettingsUpdate, RunSummary } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { written } from '../../lib/errors.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const SETTINGS = sql`payment_terms_days as "paymentTermsDays", unpaid_ladder as "unpaidLadder",
  unpaid_interval_days as "unpaidIntervalDays", billing_day as "billingDay"`;

/** The company's billing settings, created with the defaults on first use. */
export async function billingSettings(tx: Tx, companyId: number): Promise<BillingSettings> {
  await tx.execute(
    sql`insert into billing_settings (company_id) values (${companyId}) on conflict do nothing`,
  );
  const { rows } = await tx.execute<BillingSettings>(
    sql`select ${SETTINGS} from billing_settings where company_id = ${companyId}`,
  );
  return written(rows[0], 'billing settings');
}

export async function updateBillingSettings(tx: Tx, companyId: number, patch: BillingSettingsUpdate) {
  await billingSettings(tx, companyId);
  await tx.execute(sql`
    update billing_settings set
      payment_terms_days = coalesce(${patch.paymentTermsDays ?? null}::int, payment_terms_days),
      unpaid_ladder = coalesce(${patch.unpaidLadder ? sql.param(patch.unpaidLadder) : null}::text[], unpaid_ladder),
      unpaid_interval_days = coalesce(${patch.unpaidIntervalDays ?? null}::int, unpaid_interval_days),
      billing_day = coalesce(${patch.billingDay ?? null}::int, billing_day),
      updated_at = now()
     where company_id = ${companyId}`);
}

/** Billing and unpaid runs of the tenant, newest first. */
export async function recentRuns(tx: Tx, kind: 'billing' | 'unpaid', limit = 100): Promise<RunSummary[]> {
  const { rows } = await tx.execute<RunSummary>(
    kind === 'billing'
      ? sql`select id as "runId", 'billing' as kind, status, to_char(period_start, 'YYYY-MM-DD') as "periodStart",
              to_char(period_end, 'YYYY-MM-DD') as "periodEnd", invoices_created as created,
              started_by as "startedBy", ${iso(sql`started_at`)} as started, ${iso(sql`finished_at`)} as finished, error
              from billing_runs order by started_at desc, id desc limit ${limit}`
      : sql`select id as "runId", 'unpaid' as kind, status, null as "periodStart", null as "periodEnd",
              notices_created as created, started_by as "startedBy", ${iso(sql`started_at`)} as started,
              ${iso(sql`finished_at`)} as finished, error
              from unpaid_runs order by started_at desc, id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    ...r,
    runId: Number(r.runId),
    startedBy: r.startedBy === null ? null : Number(r.startedBy),
  }));
}
