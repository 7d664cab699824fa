import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { billingRuns, billingSettings } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow } from '../../lib/sql.ts';

export interface BillingRunInsert {
  companyId: number;
  runId: number;
  userId: number | null;
  periodStart: string;
  periodEnd: string;
  invoiced: string;
  useTaxRate: 'Y' | 'N';
  vatRateBps: number;
  currency: string;
}

export async function insertBillingRun(
  tx: Tx,
  companyId: number,
  period: { start: string; end: string },
  userId: number | null,
): Promise<number> {
  const [row] = await tx
    .insert(billingRuns)
    .values({ companyId, periodStart: period.start, periodEnd: period.end, startedBy: userId })
    .returning({ id: billingRuns.id });
  return mustExist(row, 'Billing run').id;
}

/**
 * Takes the company's numbering lock (the billing_settings row, which every invoice create also takes) until
 * the transaction ends: the billing statement below then sees every invoice committed before it, so two runs
 * of one period never both bill a product, and numbers stay gapless.
 */
export async function lockNumbering(tx: Tx, companyId: number) {
  await tx.insert(billingSettings).values({ companyId }).onConflictDoNothing();
  await tx
    .select({ companyId: billingSettings.companyId })
    .from(billingSettings)
    .where(eq(billingSettings.companyId, companyId))
    .for('update');
}

/**
 * Months from the product's inception month (its creation date when it has none) to the period's month.
 * "Due" in a period: monthly every month from the inception month; quarterly every third month from it;
 * annually every twelfth; once in the first run on or after the inception month, and never again.
 */
const monthsSinceInception = (start: string) => sql`(
  (extract(year from ${start}::date) * 12 + extract(month from ${start}::date))
  - (extract(year from coalesce(cp.inception, cp.created_at::date)) * 12
     + extract(month from coalesce(cp.inception, cp.created_at::date))))::int`;

/**
 * One set-based statement: every due client product without an invoice for the period gets one invoice
 * (its premium, one line, VAT at the company's rate when it uses the tax rate), numbered from one block taken
 * from the settings counter (row_number order: client, product), and one audit entry per invoice.
 * Answers how many invoices it created.
 */
export async function billDueProducts(tx: Tx, r: BillingRunInsert): Promise<number> {
  const vat = sql`((d.premium * ${r.vatRateBps}::int + 5000) / 10000)`;
  const months = monthsSinceInception(r.periodStart);
  const result = await selectRow(
    tx,
    z.object({ created: z.number() }),
    sql`
    with due as (
      select cp.id as cp_id, cp.client_id, c.affiliate_client_id,
             coalesce((select b.id from clients b where b.company_id = c.company_id and b.id = c.billing_client_id
                          and b.deleted_at is null), c.id) as bill_to,
             cp.product_id, cp.billing_plan_id, cp.premium, cp.name, cp.unique_id,
             row_number() over (order by cp.client_id, cp.id) as rn
        from client_products cp
        join clients c on c.company_id = cp.company_id and c.id = cp.client_id and c.deleted_at is null
        join billing_plans bp on bp.company_id = cp.company_id and bp.id = cp.billing_plan_id and bp.active = 'Y'
       where cp.company_id = ${r.companyId} and cp.deleted_at is null and cp.status = 'A' and cp.premium > 0
         and coalesce(cp.inception, cp.created_at::date) <= ${r.periodEnd}::date
         and (cp.termination is null or cp.termination >= ${r.periodStart}::date)
         and (bp.frequency = 'monthly'
              or (bp.frequency = 'quarterly' and ${months} % 3 = 0)
              or (bp.frequency = 'annually' and ${months} % 12 = 0)
              or (bp.frequency = 'once' and not exists (
                    select 1 from invoices x where x.company_id = cp.company_id and x.client_product_id = cp.id
                       and x.billing_period is not null and x.status <> 'cancelled')))
         and not exists (
               select 1 from invoices x where x.company_id = cp.company_id and x.client_product_id = cp.id
                  and x.billing_period = ${r.periodStart}::date and x.status <> 'cancelled')
    ),
    num as (
      update billing_settings set last_invoice_number = last_invoice_number + (select count(*) from due),
             updated_at = now()
       where company_id = ${r.companyId}::bigint
      returning last_invoice_number - (select count(*) from due) as base, payment_terms_days, invoice_prefix
    ),
    ins as (
      insert into invoices (company_id, number, client_id, bill_to_client_id, affiliate_client_id, practitioner_id,
                            client_product_id, billing_plan_id, billing_run_id, billing_period, status, invoiced, due,
                            use_tax_rate, currency, subtotal_cents, vat_cents, total_cents, created_by, issued_at)
      select ${r.companyId}::bigint, num.base + d.rn, d.client_id, d.bill_to, d.affiliate_client_id, ${r.userId}::bigint,
             d.cp_id, d.billing_plan_id, ${r.runId}::bigint, ${r.periodStart}::date, 'active', ${r.invoiced}::date,
             ${r.invoiced}::date + num.payment_terms_days, ${r.useTaxRate}::text, ${r.currency}::text, d.premium, ${vat},
             d.premium + ${vat}, ${r.userId}::bigint, now()
        from due d cross join num
      returning id, client_id, number, total_cents
    ),
    audit as (
      insert into audit_entries (company_id, user_id, client_id, sub_process, action, description, changes)
      select ${r.companyId}::bigint, ${r.userId}::bigint, ins.client_id, 'Billing Management', 'invoice.create',
             'Created invoice ' || num.invoice_prefix || '-' || lpad(ins.number::text, 6, '0') || ' in billing run '
               || ${r.runId}::text || ': ' || ${r.currency}::text || ' ' || to_char(ins.total_cents / 100.0, 'FM999,999,999,990.00') || '.',
             jsonb_build_object('invoiceId', ins.id, 'number', ins.number, 'billingRunId', ${r.runId}::bigint,
                                'billingPeriod', ${r.periodStart}::text, 'totalCents', ins.total_cents)
        from ins cross join num
    )
    select count(*)::int as created from ins`,
  );
  const created = result?.created ?? 0;
  // The lines in a statement of their own: their foreign-key checks then find invoices of an earlier command
  // (checking rows inserted by the same statement was 30 times slower).
  if (created > 0) {
    // A large first run: statistics before the lines' foreign-key checks (migration 0015 says why).
    await execute(tx, sql`select pd_refresh_invoice_statistics(${created})`);
    await execute(
      tx,
      sql`
      insert into invoice_lines (company_id, invoice_id, position, product_id, client_product_id, billing_plan_id,
                                 description, tariff_code, quantity, unit_price_cents, vat_rate_bps, net_cents,
                                 vat_cents)
      select i.company_id, i.id, 1, cp.product_id, cp.id, i.billing_plan_id,
             left(cp.name || ' (' || cp.unique_id || ')', 300), p.tariff_code, 1, i.subtotal_cents,
             ${r.vatRateBps}::int, i.subtotal_cents, i.vat_cents
        from invoices i join client_products cp on cp.company_id = i.company_id and cp.id = i.client_product_id
        left join products p on p.company_id = cp.company_id and p.id = cp.product_id
       where i.company_id = ${r.companyId}::bigint and i.billing_run_id = ${r.runId}::bigint`,
    );
  }
  return created;
}

export async function finishBillingRun(tx: Tx, companyId: number, runId: number, created: number) {
  await tx
    .update(billingRuns)
    .set({ status: 'done', invoicesCreated: created, finishedAt: sql`now()` })
    .where(and(eq(billingRuns.companyId, companyId), eq(billingRuns.id, runId)));
}

export async function recordFailedBillingRun(
  tx: Tx,
  companyId: number,
  period: { start: string; end: string },
  userId: number | null,
  error: string,
): Promise<number> {
  const [row] = await tx
    .insert(billingRuns)
    .values({
      companyId,
      periodStart: period.start,
      periodEnd: period.end,
      startedBy: userId,
      status: 'failed',
      error: error.slice(0, 2000),
      finishedAt: sql`now()`,
    })
    .returning({ id: billingRuns.id });
  return mustExist(row, 'Billing run').id;
}

/** Whether the period has a finished run already (the schedule runs each company's month once). */
export async function periodBilled(tx: Tx, companyId: number, periodStart: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: count() })
    .from(billingRuns)
    .where(
      and(
        eq(billingRuns.companyId, companyId),
        eq(billingRuns.periodStart, periodStart),
        eq(billingRuns.status, 'done'),
      ),
    );
  return (row?.n ?? 0) > 0;
}
