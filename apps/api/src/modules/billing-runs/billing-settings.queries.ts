import {
  type BillingSettings,
  type BillingSettingsUpdate,
  billingSettingsSchema,
  type RunSummary,
  runSummarySchema,
} from '@pd/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { billingSettings as billingSettingsTable } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRows } from '../../lib/sql.ts';

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const SETTINGS = {
  paymentTermsDays: billingSettingsTable.paymentTermsDays,
  unpaidLadder: billingSettingsTable.unpaidLadder,
  unpaidIntervalDays: billingSettingsTable.unpaidIntervalDays,
  billingDay: billingSettingsTable.billingDay,
};

/** The company's billing settings, created with the defaults on first use. */
export async function billingSettings(tx: Tx, companyId: number): Promise<BillingSettings> {
  await tx.insert(billingSettingsTable).values({ companyId }).onConflictDoNothing();
  const [row] = await tx
    .select(SETTINGS)
    .from(billingSettingsTable)
    .where(eq(billingSettingsTable.companyId, companyId));
  // The ladder column is text[]: its codes are checked like any raw row.
  return billingSettingsSchema.parse(mustExist(row, 'Billing settings'));
}

/** Absent fields keep their value. */
export async function updateBillingSettings(tx: Tx, companyId: number, patch: BillingSettingsUpdate) {
  await billingSettings(tx, companyId);
  // Drizzle leaves a field whose value is undefined out of the SET list.
  await tx
    .update(billingSettingsTable)
    .set({
      paymentTermsDays: patch.paymentTermsDays,
      unpaidLadder: patch.unpaidLadder,
      unpaidIntervalDays: patch.unpaidIntervalDays,
      billingDay: patch.billingDay,
      updatedAt: sql`now()`,
    })
    .where(eq(billingSettingsTable.companyId, companyId));
}

/** Billing and unpaid runs of the company, newest first. */
export function recentRuns(
  tx: Tx,
  companyId: number,
  kind: 'billing' | 'unpaid',
  limit = 100,
): Promise<RunSummary[]> {
  return selectRows(
    tx,
    runSummarySchema,
    kind === 'billing'
      ? sql`select id as "runId", 'billing' as kind, status, to_char(period_start, 'YYYY-MM-DD') as "periodStart",
              to_char(period_end, 'YYYY-MM-DD') as "periodEnd", invoices_created as created,
              started_by as "startedBy", ${iso(sql`started_at`)} as started, ${iso(sql`finished_at`)} as finished, error
              from billing_runs where company_id = ${companyId} order by started_at desc, id desc limit ${limit}`
      : sql`select id as "runId", 'unpaid' as kind, status, null as "periodStart", null as "periodEnd",
              notices_created as created, started_by as "startedBy", ${iso(sql`started_at`)} as started,
              ${iso(sql`finished_at`)} as finished, error
              from unpaid_runs where company_id = ${companyId} order by started_at desc, id desc limit ${limit}`,
  );
}
