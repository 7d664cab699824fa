/**
 * Billing run benchmark (issue 6): a company with N client products on a monthly plan (default 10,000),
 * billed by one billing run; then the same period again (once only: nothing new). Budget: < 30 s.
 *
 *   npx tsx scripts/bench/billing-run.ts [--products 10000]                          # embedded PostgreSQL
 *   PD_TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx scripts/bench/billing-run.ts                                          # PostgreSQL server
 *
 * Runs on a scratch database (the test harness's: memory:// or a database created and dropped on the server)
 * seeded with the demo data; the products are spread over the ZA demo company's clients.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
import { runBilling } from '../../apps/api/src/modules/billing-runs/billing-run.service.ts';
import { createTestContext, TEST_ENGINE } from '../../apps/api/src/test/harness.ts';

const { values } = parseArgs({ options: { products: { type: 'string', default: '10000' } } });
const products = Number(values.products);
const ctx = await createTestContext();
try {
  const db = ctx.database.db;
  const setup = Date.now();
  const { companyId, userId } = await withSystem(db, async (tx) => {
    const { rows } = await tx.execute<{ companyId: number; userId: number }>(sql`
      select c.id as "companyId", u.id as "userId" from companies c join users u on u.company_id = c.id
       where u.username = 'za.admin'`);
    const me = rows[0];
    if (!me) throw new Error('demo company missing');
    const plan = await tx.execute<{ id: number }>(sql`
      insert into billing_plans (company_id, name, amount, frequency) values (${me.companyId}, 'Bench monthly', 45000, 'monthly')
      returning id`);
    const planId = plan.rows[0]?.id;
    const product = await tx.execute<{ id: number }>(sql`
      insert into products (company_id, name, billing_plan_id, premium, value)
      values (${me.companyId}, 'Bench cover', ${planId}, 45000, 0) returning id`);
    await tx.execute(sql`
      with cl as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n
                    from clients where company_id = ${me.companyId} and deleted_at is null)
      insert into client_products (company_id, client_id, product_id, unique_id, name, billing_plan_id, premium, inception)
      select ${me.companyId}, cl.id, ${product.rows[0]?.id}, 'BENCH' || g, 'Bench cover', ${planId},
             40000 + (g % 100) * 100, date '2029-06-01'
        from generate_series(1, ${products}) g join cl on cl.k = g % cl.n`);
    return { companyId: Number(me.companyId), userId: Number(me.userId) };
  });
  console.log(
    `engine ${TEST_ENGINE}; ${products} client products set up in ${Date.now() - setup} ms; load ${loadavg()[0]?.toFixed(1)}`,
  );

  const timed = async (period: string) => {
    const t = performance.now();
    const outcome = await runBilling(db, companyId, period, userId);
    return { ...outcome, ms: performance.now() - t };
  };
  // Cold: the invoices table was small when the run began (no statistics for the 10,000 new rows).
  const first = await timed('2030-01');
  const again = await timed('2030-01');
  // Warm: statistics as autovacuum leaves them after the first month; then the next month.
  await ctx.database.pool.query('analyze invoices; analyze invoice_lines; analyze client_products');
  const next = await timed('2030-02');
  const [check] = await withSystem(db, async (tx) => {
    const { rows } = await tx.execute<{
      invoices: number;
      lines: number;
      audits: number;
      numbers: boolean;
    }>(sql`
      select (select count(*)::int from invoices where billing_run_id = ${first.runId}) as invoices,
             (select count(*)::int from invoice_lines l join invoices i on i.id = l.invoice_id
               where i.billing_run_id = ${first.runId}) as lines,
             (select count(*)::int from audit_entries where action = 'invoice.create'
               and (changes->>'billingRunId')::bigint = ${first.runId}) as audits,
             (select max(number) = (select last_invoice_number from billing_settings where company_id = ${companyId})
                 and count(distinct number) = count(*) from invoices where company_id = ${companyId} and number is not null) as numbers`);
    return rows;
  });
  const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`first run (cold statistics): ${first.created} invoices in ${secs(first.ms)} (budget 30 s)`);
  console.log(`second run, same period: ${again.created} invoices in ${secs(again.ms)}`);
  console.log(`next month (statistics current): ${next.created} invoices in ${secs(next.ms)} (budget 30 s)`);
  console.log(
    `check: ${check?.invoices} invoices, ${check?.lines} lines, ${check?.audits} audit entries, numbers gapless and unique: ${check?.numbers}`,
  );
  if (first.created < products || again.created !== 0 || next.created < products || next.ms > 30_000) {
    process.exitCode = 1;
  }
} finally {
  await ctx.close();
}
