import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { newClient, system } from '../unpaid/unpaid-test-support.ts';
import { api, countRows, type Session } from './invoice-test-support.ts';

// Issue 12 point 0: one live invoice per client product per billing period, manual or run; point 8: a
// line's product is a product of the company.
let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clientId: number;
const cp: Record<'monthly' | 'once', number> = { monthly: 0, once: 0 };
let productId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  clientId = await newClient(ctx, za);
  const co = za.user.companyId;
  for (const frequency of ['monthly', 'once'] as const) {
    const plan = (
      await call.call('POST', `/api/billingplan/${co}`, za, {
        name: `Once ${frequency}`,
        amount: 1,
        frequency,
      })
    ).json();
    const product = (
      await call.call('POST', `/api/product1/${co}`, za, {
        name: `Once product ${frequency}`,
        premium: 25_000,
        value: 1,
        billingPlanId: plan.id,
      })
    ).json();
    productId = product.id;
    cp[frequency] = (await call.clientProduct(za, clientId, product.id)).id;
  }
}, 180_000);
afterAll(() => ctx.close());

const invoicesOf = (clientProductId: number) =>
  system<{ id: number; billing_period: string; invoiced_again: boolean; billing_run_id: number | null }>(
    ctx,
    sql`select id, to_char(billing_period, 'YYYY-MM-DD') as billing_period, invoiced_again, billing_run_id
          from invoices where client_product_id = ${clientProductId} and status <> 'cancelled' order by id`,
  );
const manual = (clientProductId: number, invoiced: string, extra: object = {}) =>
  call.createInvoice(za, { clientId, clientProductId, invoiced, useTaxRate: 'N', ...extra });
const run = (period: string) => call.call('POST', `/api/billingrun/${za.user.companyId}`, za, { period });

describe('one invoice per client product per billing period', () => {
  it('a billing run skips a once-off product invoiced by hand in its month (and any month after)', async () => {
    const made = await manual(cp.once, '2027-02-10');
    expect(made.statusCode).toBe(201);
    expect(made.json().billingPeriod).toBe('2027-02-01');
    expect((await run('2027-02')).statusCode).toBe(201);
    expect((await run('2027-03')).statusCode).toBe(201);
    expect(await invoicesOf(cp.once)).toHaveLength(1);
  });

  it('a billing run skips a monthly product invoiced by hand for the month, and bills the next month', async () => {
    expect((await manual(cp.monthly, '2027-04-20')).statusCode).toBe(201);
    expect((await run('2027-04')).statusCode).toBe(201);
    expect((await run('2027-05')).statusCode).toBe(201);
    const rows = await invoicesOf(cp.monthly);
    expect(rows.filter((r) => r.billing_period === '2027-04-01')).toHaveLength(1);
    expect(rows.filter((r) => r.billing_period === '2027-05-01' && r.billing_run_id)).toHaveLength(1);
  });

  it('a second manual invoice for the month answers 409 until "invoice again" confirms it, audited', async () => {
    const before = await countRows(ctx, 'invoices');
    const again = await manual(cp.monthly, '2027-04-28');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_INVOICED',
      message: expect.stringMatching(/already invoiced for this month: INV-\d{6}\.$/),
      fields: [{ path: 'body.clientProductId' }],
      requestId: expect.any(String),
    });
    expect(await countRows(ctx, 'invoices')).toBe(before);
    const confirmed = await manual(cp.monthly, '2027-04-28', { invoiceAgain: true });
    expect(confirmed.statusCode).toBe(201);
    const rows = (await invoicesOf(cp.monthly)).filter((r) => r.billing_period === '2027-04-01');
    expect(rows.map((r) => r.invoiced_again)).toEqual([false, true]);
    const [entry] = await system<{ description: string; changes: { invoicedAgain?: boolean } }>(
      ctx,
      sql`select description, changes from audit_entries where action = 'invoice.create'
            and (changes->>'invoiceId')::bigint = ${confirmed.json().id}`,
    );
    expect(entry?.description).toContain('Invoiced again for 2027-04: confirmed by the user.');
    expect(entry?.changes.invoicedAgain).toBe(true);
    // "Invoice again" for a month without an invoice is a first invoice, not a repeat.
    const fresh = await manual(cp.monthly, '2027-07-01', { invoiceAgain: true });
    expect((await invoicesOf(cp.monthly)).find((r) => r.id === fresh.json().id)?.invoiced_again).toBe(false);
  });

  it('five concurrent manual invoices of one client product and month: exactly one is created', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => manual(cp.monthly, '2027-09-09')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect((await invoicesOf(cp.monthly)).filter((r) => r.billing_period === '2027-09-01')).toHaveLength(1);
  });

  it('the database refuses a second live invoice of a client product and period', async () => {
    const insertCopy = system(
      ctx,
      sql`insert into invoices (company_id, number, client_id, bill_to_client_id, client_product_id, billing_period,
                                status, invoiced, due, currency)
          select company_id, null, client_id, bill_to_client_id, client_product_id, billing_period, 'draft',
                 invoiced, due, currency
            from invoices where client_product_id = ${cp.monthly} and billing_period = '2027-09-01' returning id`,
    );
    await expect(insertCopy).rejects.toThrow();
  });
});

describe("invoice lines' product ids (issue 12 point 8)", () => {
  const line = (extra: object = {}) => ({ description: 'Item', quantity: 1, unitPriceCents: 100, ...extra });

  it("refuses another company's product and an unknown one with 400 naming the line, nothing written", async () => {
    const [ukProduct] = await call.products(uk);
    const before = await countRows(ctx, 'invoices');
    const res = await call.createInvoice(za, {
      clientId,
      invoiced: '2027-01-05',
      lines: [line({ productId }), line({ productId: ukProduct?.id }), line({ productId: 987_654_321 })],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.lines.1.productId', message: 'Choose a product of this company.' },
      { path: 'body.lines.2.productId', message: 'Choose a product of this company.' },
    ]);
    expect(await countRows(ctx, 'invoices')).toBe(before);

    const ok = await call.createInvoice(za, {
      clientId,
      invoiced: '2027-01-05',
      lines: [line({ productId })],
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().id;
    const changed = await call.call('PUT', `/api/invoice1/${id}`, za, {
      lines: [line({ productId: ukProduct?.id })],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().fields).toEqual([
      { path: 'body.lines.0.productId', message: 'Choose a product of this company.' },
    ]);
    const [stored] = await system<{ product_id: number }>(
      ctx,
      sql`select product_id::int from invoice_lines where invoice_id = ${id}`,
    );
    expect(stored?.product_id).toBe(productId);
  });

  it("the database refuses a line naming another company's product", async () => {
    const [ukProduct] = await call.products(uk);
    const write = system(
      ctx,
      sql`insert into invoice_lines (company_id, invoice_id, position, product_id, description, unit_price_cents,
                                     net_cents, vat_cents)
          select company_id, id, 9, ${ukProduct?.id ?? 0}, 'x', 1, 1, 0 from invoices
           where company_id = ${za.user.companyId} limit 1 returning id`,
    );
    await expect(write).rejects.toThrow();
  });
});
