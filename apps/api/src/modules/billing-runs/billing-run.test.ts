import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, lastNumber, type Session } from '../invoices/invoice-test-support.ts';
import { newClient, system } from '../unpaid/unpaid-test-support.ts';
import { monthPeriod } from './billing-run.service.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clientId: number;
const cp: Record<string, number> = {};

/** A plan of each frequency, a product on it, and the new client holding each product from 15 October 2026. */
beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  clientId = await newClient(ctx, za);
  const co = za.user.companyId;
  for (const [i, frequency] of ['monthly', 'quarterly', 'annually', 'once'].entries()) {
    const plan = (
      await call.call('POST', `/api/billingplan/${co}`, za, {
        name: `Run ${frequency}`,
        amount: 1,
        frequency,
      })
    ).json();
    const product = (
      await call.call('POST', `/api/product1/${co}`, za, {
        name: `Run product ${frequency}`,
        premium: 10_000 * (i + 1),
        value: 1,
        billingPlanId: plan.id,
      })
    ).json();
    const held = await call.clientProduct(za, clientId, product.id);
    const put = await call.call('PUT', `/api/clientproduct/${held.id}`, za, { inception: '2026-10-15' });
    expect(put.statusCode).toBe(200);
    cp[frequency] = held.id;
  }
}, 180_000);
afterAll(() => ctx.close());

const start = (period: string, who = za) =>
  call.call('POST', `/api/billingrun/${who.user.companyId}`, who, { period });
const billedOf = async (runId: number) =>
  (await call.get(`/api/invoice1/${za.user.companyId}/billingrun/${runId}`, za)).json() as {
    id: number;
    clientId: number;
    clientProductId: number;
    number: number;
    billingPeriod: string;
    invoiced: string;
    due: string;
    subtotalCents: number;
    vatCents: number;
    totalCents: number;
  }[];
const mine = (rows: Awaited<ReturnType<typeof billedOf>>) =>
  rows
    .filter((r) => r.clientId === clientId)
    .map((r) => Object.entries(cp).find(([, id]) => id === r.clientProductId)?.[0])
    .sort();

describe('billing run', () => {
  it('bills each due client product once per period, numbered gaplessly, VAT per line, audited', async () => {
    const before = await lastNumber(ctx, za.user.companyId);
    const res = await start('2027-01');
    expect(res.statusCode).toBe(201);
    const info = res.json();
    expect(info).toMatchObject({
      kind: 'billing',
      status: 'done',
      periodStart: '2027-01-01',
      periodEnd: '2027-01-31',
    });
    const rows = await billedOf(info.runId);
    expect(rows).toHaveLength(info.invoices);
    // Monthly every month; quarterly three months after October; annually not; once: its first run.
    expect(mine(rows)).toEqual(['monthly', 'once', 'quarterly']);
    const monthly = rows.find((r) => r.clientProductId === cp.monthly);
    expect(monthly).toMatchObject({
      billingPeriod: '2027-01-01',
      invoiced: '2027-01-01',
      due: '2027-01-31',
      subtotalCents: 10_000,
      vatCents: 1_500,
      totalCents: 11_500,
    });
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: rows.length }, (_, i) => before + 1 + i));
    expect(await lastNumber(ctx, za.user.companyId)).toBe(before + rows.length);
    const detail = (await call.get(`/api/invoice1/specific/${monthly?.id}`, za)).json();
    expect(detail.lines).toMatchObject([
      { quantity: 1, unitPriceCents: 10_000, vatRateBps: 1500, vatCents: 1_500 },
    ]);
    const [audits] = await system<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_entries where action = 'invoice.create'
            and (changes->>'billingRunId')::bigint = ${info.runId}`,
    );
    expect(audits?.n).toBe(rows.length);
    const [runAudit] = await system<{ description: string }>(
      ctx,
      sql`select description from audit_entries where action = 'billing.run' order by id desc limit 1`,
    );
    expect(runAudit?.description).toContain(`${rows.length} invoice(s) created`);
  });

  it('creates nothing new when run again for the same period', async () => {
    const numberBefore = await lastNumber(ctx, za.user.companyId);
    const [{ n: invoicesBefore } = { n: 0 }] = await system<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from invoices`,
    );
    const again = (await start('2027-01')).json();
    expect(again).toMatchObject({ status: 'done', invoices: 0 });
    const [{ n: invoicesAfter } = { n: 0 }] = await system<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from invoices`,
    );
    expect(invoicesAfter).toBe(invoicesBefore);
    expect(await lastNumber(ctx, za.user.companyId)).toBe(numberBefore);
  });

  it('bills a period once when two runs of it start at the same time, numbers still gapless', async () => {
    const before = await lastNumber(ctx, za.user.companyId);
    const [a, b] = (await Promise.all([start('2027-06'), start('2027-06')])).map((r) => r.json());
    expect([a.status, b.status]).toEqual(['done', 'done']);
    expect(Math.min(a.invoices, b.invoices)).toBe(0);
    const billed = a.invoices + b.invoices;
    expect(billed).toBeGreaterThanOrEqual(1); // the monthly product at least
    const [row] = await system<{ n: number; max: number }>(
      ctx,
      sql`select count(*)::int as n, max(number) as max from invoices where billing_period = '2027-06-01'`,
    );
    expect(row?.n).toBe(billed);
    expect(await lastNumber(ctx, za.user.companyId)).toBe(before + billed);
  });

  it('bills by frequency in later months', async () => {
    const feb = (await start('2027-02')).json();
    expect(mine(await billedOf(feb.runId))).toEqual(['monthly']);
    const apr = (await start('2027-04')).json();
    expect(mine(await billedOf(apr.runId))).toEqual(['monthly', 'quarterly']);
    const oct = (await start('2027-10')).json();
    expect(mine(await billedOf(oct.runId))).toEqual(['annually', 'monthly', 'quarterly']);
    // Before its inception nothing is billed.
    const sep = (await start('2026-09')).json();
    expect(mine(await billedOf(sep.runId))).toEqual([]);
    const runs = (await call.get(`/api/billingrun/${za.user.companyId}`, za)).json();
    expect(runs[0]).toMatchObject({
      runId: sep.runId,
      kind: 'billing',
      periodStart: '2026-09-01',
      created: sep.invoices,
    });
  });

  it('refuses a bad period, a user without rights A and another company', async () => {
    expect((await start('2027-13')).statusCode).toBe(400);
    expect(
      (await call.call('POST', `/api/billingrun/${za.user.companyId}`, za, { period: 'soon' })).statusCode,
    ).toBe(400);
    const reception = await login(ctx.app, 'za.reception');
    expect((await start('2027-03', reception)).statusCode).toBe(403);
    expect(
      (await call.call('POST', `/api/billingrun/${uk.user.companyId}`, za, { period: '2027-03' })).statusCode,
    ).toBe(404);
  });

  it('a large run refreshes the invoice statistics, as the app role; a small run does not', async () => {
    const refresh = (added: number) =>
      withTenant(ctx.database.db, za.user.companyId, async (tx) => {
        const { rows } = await tx.execute<{ done: boolean }>(
          sql`select pd_refresh_invoice_statistics(${added}) as done`,
        );
        return rows[0]?.done;
      });
    expect(await refresh(999)).toBe(false);
    expect(await refresh(1000)).toBe(true); // the table holds far fewer than 2,000 invoices here
    const { rows } = await ctx.database.pool.query<{ n: number }>(
      `select reltuples::float8 as n from pg_class where oid = 'public.invoices'::regclass`,
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(0); // -1 before any ANALYZE
  });

  it('knows month ends', () => {
    expect(monthPeriod('2028-02')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(monthPeriod('2027-12')).toEqual({ start: '2027-12-01', end: '2027-12-31' });
  });
});
