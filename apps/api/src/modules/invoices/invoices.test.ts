import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, countRows, lastNumber, type Session } from './invoice-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session; // za.admin: tax-registered healthcare practice, VAT 15%
let rise: Session; // za.rise: enableInvoicing N
let uk: Session; // uk.admin: adviser, not tax registered
let ukRise: Session; // uk.adviser: ROLE_ISORISE with invoicing
let clients: number[];
let ukClients: number[];
let cp: { id: number; premium: number; uniqueId: string; name: string };
let ukCp: { id: number; premium: number };
let first: number; // the number of the first invoice this file creates

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  rise = await login(ctx.app, 'za.rise');
  uk = await login(ctx.app, 'uk.admin');
  ukRise = await login(ctx.app, 'uk.adviser');
  clients = await call.clientIds(za);
  ukClients = await call.clientIds(uk);
  const [product] = await call.products(za);
  cp = await call.clientProduct(za, clients[0] ?? 0, product?.id ?? 0);
  const [ukProduct] = await call.products(uk);
  ukCp = await call.clientProduct(uk, ukClients[0] ?? 0, ukProduct?.id ?? 0);
});
afterAll(() => ctx.close());

describe('create invoice (tab 17: invoiced date, a client product, the use-tax-rate choice)', () => {
  it('numbers it, adds VAT per line at the company rate by default, audits it', async () => {
    const auditsBefore = await countRows(ctx, 'audit_entries');
    first = (await lastNumber(ctx, za.user.companyId)) + 1;
    const res = await call.createInvoice(za, {
      clientId: clients[0],
      clientProductId: cp.id,
      invoiced: '2026-01-15',
    });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      number: first,
      reference: `INV-${String(first).padStart(6, '0')}`,
      status: expect.stringMatching(/active|unpaid/),
      invoiced: '2026-01-15',
      due: '2026-02-14', // 30 days' terms
      useTaxRate: 'Y',
      currency: 'ZAR',
      subtotalCents: cp.premium,
      vatCents: Math.round(cp.premium * 0.15),
      totalCents: cp.premium + Math.round(cp.premium * 0.15),
      paidCents: 0,
      clientId: clients[0],
      billToClientId: clients[0],
    });
    expect(inv.lines).toEqual([
      expect.objectContaining({ description: `${cp.name} (${cp.uniqueId})`, quantity: 1, vatRateBps: 1500 }),
    ]);
    expect(await countRows(ctx, 'audit_entries')).toBe(auditsBefore + 1);
  });

  it('rounds VAT half up per line and sums the lines', async () => {
    const res = await call.createInvoice(za, {
      clientId: clients[1],
      invoiced: '2026-01-20',
      lines: [
        { description: 'Odd', quantity: 3, unitPriceCents: 1 }, // 3 cents: VAT 0.45 -> 0
        { description: 'Half', quantity: 1, unitPriceCents: 10 }, // VAT 1.5 -> 2
        { description: 'Plain', quantity: 2, unitPriceCents: 33_333 }, // 66,666: VAT 9,999.9 -> 10,000
      ],
    });
    expect(res.statusCode).toBe(201);
    const inv = res.json();
    expect(inv.lines.map((l: { vatCents: number }) => l.vatCents)).toEqual([0, 2, 10_000]);
    expect(inv).toMatchObject({ subtotalCents: 66_679, vatCents: 10_002, totalCents: 76_681 });
  });

  it('bills the client’s billing client when one is set', async () => {
    const [payer, patient] = [clients[2] ?? 0, clients[3] ?? 0];
    const set = await call.call('PUT', `/api/client1/${patient}`, za, { billingClientId: payer });
    expect(set.statusCode).toBe(200);
    const res = await call.createInvoice(za, {
      clientId: patient,
      invoiced: '2026-01-21',
      lines: [{ description: 'Session', quantity: 1, unitPriceCents: 50_000 }],
    });
    expect(res.json()).toMatchObject({ clientId: patient, billToClientId: payer });
  });

  it('refuses the tax rate for a company that is not tax registered (400), and defaults to N there', async () => {
    const before = await lastNumber(ctx, uk.user.companyId);
    const bad = await call.createInvoice(uk, {
      clientId: ukClients[0],
      clientProductId: ukCp.id,
      invoiced: '2026-01-15',
      useTaxRate: 'Y',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: 'useTaxRate' })]);
    expect(await lastNumber(ctx, uk.user.companyId)).toBe(before);
    const ok = await call.createInvoice(ukRise, {
      clientId: ukClients[0],
      clientProductId: ukCp.id,
      invoiced: '2026-01-15',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ useTaxRate: 'N', vatCents: 0, currency: 'GBP', number: before + 1 });
  });

  it('follows the row-action rule: enableInvoicing N is refused (403) and nothing is written', async () => {
    const before = await countRows(ctx, 'invoices');
    const res = await call.createInvoice(rise, {
      clientId: clients[0],
      clientProductId: cp.id,
      invoiced: '2026-01-15',
    });
    expect(res.statusCode).toBe(403);
    const path = await call.call('POST', `/api/invoice1/product/${clients[0]}/Y/${cp.id}`, rise);
    expect(path.statusCode).toBe(403);
    expect(await countRows(ctx, 'invoices')).toBe(before);
  });

  it('refuses bad input with the field named and writes nothing', async () => {
    const before = await countRows(ctx, 'invoices');
    const cases: [object, string][] = [
      [
        {
          clientId: clients[0],
          invoiced: '2026-01-15',
          lines: [{ description: 'x', quantity: 1, unitPriceCents: -1 }],
        },
        'body.lines.0.unitPriceCents',
      ],
      [{ clientId: clients[0], invoiced: '2026-01-15' }, 'body.clientProductId'],
      [{ clientId: clients[0], invoiced: '15-01-2026', clientProductId: cp.id }, 'body.invoiced'],
      [
        { clientId: clients[0], invoiced: '2026-01-15', due: '2026-01-01', clientProductId: cp.id },
        'body.due',
      ],
    ];
    for (const [body, path] of cases) {
      const res = await call.createInvoice(za, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await countRows(ctx, 'invoices')).toBe(before);
  });

  it('answers 404 for another company’s client or client product, writing nothing', async () => {
    const before = await countRows(ctx, 'invoices');
    const foreignClient = await call.createInvoice(za, {
      clientId: ukClients[0],
      clientProductId: cp.id,
      invoiced: '2026-01-15',
    });
    expect(foreignClient.statusCode).toBe(404);
    const foreignProduct = await call.createInvoice(za, {
      clientId: clients[0],
      clientProductId: ukCp.id,
      invoiced: '2026-01-15',
    });
    expect(foreignProduct.statusCode).toBe(404);
    const otherClientsProduct = await call.createInvoice(za, {
      clientId: clients[1],
      clientProductId: cp.id,
      invoiced: '2026-01-15',
    });
    expect(otherClientsProduct.statusCode).toBe(404);
    const foreignCompany = await call.call('POST', `/api/invoice1/${uk.user.companyId}`, za, {
      clientId: clients[0],
      clientProductId: cp.id,
      invoiced: '2026-01-15',
    });
    expect(foreignCompany.statusCode).toBe(404);
    expect(await countRows(ctx, 'invoices')).toBe(before);
  });
});

describe('create from a product, a client product or a billing plan (no body)', () => {
  it('POST /{companyId}/product/{clientId}/{productId} invoices a company product today', async () => {
    const [product] = await call.products(za);
    const res = await call.call(
      'POST',
      `/api/invoice1/${za.user.companyId}/product/${clients[4]}/${product?.id}`,
      za,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientId: clients[4],
      subtotalCents: product?.premium,
      useTaxRate: 'Y',
    });
  });

  it('POST /product/{clientId}/{useTaxRate}/{clientProductId} takes the choice from the path', async () => {
    const res = await call.call('POST', `/api/invoice1/product/${clients[0]}/N/${cp.id}`, za);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientProductId: cp.id,
      useTaxRate: 'N',
      vatCents: 0,
      totalCents: cp.premium,
    });
    const bad = await call.call('POST', `/api/invoice1/product/${clients[0]}/maybe/${cp.id}`, za);
    expect(bad.statusCode).toBe(400);
  });

  it('POST /billingplan/{clientId}/{useTaxRate}/{billingPlanId} bills the plan amount', async () => {
    const [plan] = await call.plans(za);
    const res = await call.call('POST', `/api/invoice1/billingplan/${clients[5]}/Y/${plan?.id}`, za);
    expect(res.statusCode).toBe(201);
    const amount = plan?.amount ?? 0;
    expect(res.json()).toMatchObject({
      billingPlanId: plan?.id,
      subtotalCents: amount,
      vatCents: Math.round(amount * 0.15),
    });
    const foreign = await call.call('POST', `/api/invoice1/billingplan/${ukClients[0]}/Y/${plan?.id}`, za);
    expect(foreign.statusCode).toBe(404);
  });
});

describe('lists', () => {
  it('the lazy list pages, sorts by invoiced desc by default and counts', async () => {
    const draft = await call.createInvoice(za, {
      clientId: clients[1],
      invoiced: '2026-01-02',
      draft: true,
      lines: [{ description: 'Draft', quantity: 1, unitPriceCents: 100 }],
    });
    expect(draft.json().number).toBeNull(); // counted too, though it has no number
    const page = await call.get(`/api/invoice1/all/lazyloading/${za.user.companyId}?size=10`, za);
    expect(page.statusCode).toBe(200);
    const { data, totalElements } = page.json();
    expect(totalElements).toBe(await countZa());
    const dates = data.map((i: { invoiced: string }) => i.invoiced);
    expect(dates).toEqual([...dates].sort().reverse());
    const asc = (
      await call.get(
        `/api/invoice1/all/lazyloading/${za.user.companyId}?sortField=number&sortOrder=asc&size=10&page=1`,
        za,
      )
    ).json();
    expect(asc.data[0].number).toBe(1); // the demo data's first
    const byNumber = (
      await call.get(
        `/api/invoice1/all/lazyloading/${za.user.companyId}?search=INV-${String(first).padStart(6, '0')}`,
        za,
      )
    ).json();
    expect(byNumber.data.map((i: { number: number }) => i.number)).toEqual([first]);
    const filtered = await call.get(
      `/api/invoice1/all/lazyloading/${za.user.companyId}?filters=${encodeURIComponent(`{"clientId":${clients[0]}}`)}`,
      za,
    );
    expect(filtered.json().data.every((i: { clientId: number }) => i.clientId === clients[0])).toBe(true);
    const ranged = (
      await call.get(`/api/invoice1/all/lazyloading/${za.user.companyId}?start=2026-01-16&end=2026-01-20`, za)
    ).json();
    expect(ranged.data.map((i: { invoiced: string }) => i.invoiced)).toEqual(['2026-01-20']);
  });

  it('searches the client’s and the paying client’s names (contains, any case), or the number', async () => {
    const [payer, patient] = [clients[2] ?? 0, clients[3] ?? 0]; // billed to payer (test above)
    const { rows } = await ctx.database.pool.query<{ name: string }>(
      'select name from clients where id = $1',
      [payer],
    );
    const name = rows[0]?.name ?? '';
    const search = async (text: string, filters?: object) => {
      const query = new URLSearchParams({ size: '100', search: text });
      if (filters) query.set('filters', JSON.stringify(filters));
      const res = await call.get(`/api/invoice1/all/lazyloading/${za.user.companyId}?${query}`, za);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        data: { clientId: number; billToClientId: number; number: number }[];
        totalElements: number;
      };
    };
    const middle = name.slice(1, 5).toUpperCase(); // three or more characters: the invoices' trigram index
    const found = await search(middle, { clientId: patient });
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((i) => i.clientId === patient && i.billToClientId === payer)).toBe(true);
    const two = await search(name.slice(1, 3), { clientId: patient }); // two: the clients' pairs index
    expect(two.data.map((i) => i.billToClientId)).toContain(payer);
    const all = await search(middle);
    expect(all.totalElements).toBe(all.data.length);
    expect(all.totalElements).toBeGreaterThanOrEqual(found.totalElements);
    expect((await search('zzqxj')).totalElements).toBe(0);
    // Renaming the paying client renames it in the search too (migration 0018's triggers).
    const renamed = await call.call('PUT', `/api/client1/${payer}`, za, { lastName: 'Zebedee' });
    expect(renamed.statusCode).toBe(200);
    const payerName: string = renamed.json().name;
    expect(payerName).toMatch(/ Zebedee$/);
    const byNewName = await search('ZEBEDEE', { clientId: patient });
    expect(byNewName.data.map((i) => i.billToClientId)).toContain(payer);
    // Across the two names is no match: they are kept on separate lines.
    const patientName = (
      await ctx.database.pool.query<{ name: string }>('select name from clients where id = $1', [patient])
    ).rows[0]?.name;
    const across = `${patientName?.slice(-3)} ${payerName.slice(0, 3)}`;
    expect((await search(across, { clientId: patient })).totalElements).toBe(0);
    expect((await search(`inv ${first}`)).data.map((i) => i.number)).toEqual([first]);
  });

  it('refuses an unknown sort field, end before start and a foreign company', async () => {
    const base = `/api/invoice1/all/lazyloading/${za.user.companyId}`;
    expect((await call.get(`${base}?sortField=password`, za)).statusCode).toBe(400);
    const range = await call.get(`${base}?start=2026-02-01&end=2026-01-01`, za);
    expect(range.statusCode).toBe(400);
    expect(range.json().fields[0].path).toContain('end');
    expect((await call.get(`${base}?size=7`, za)).statusCode).toBe(400);
    expect((await call.get(`/api/invoice1/all/lazyloading/${uk.user.companyId}`, za)).statusCode).toBe(404);
  });

  it('derives unpaid: issued, past due, something outstanding; the five lists', async () => {
    const old = await call.createInvoice(za, {
      clientId: clients[6],
      invoiced: '2025-01-01',
      lines: [{ description: 'Old', quantity: 1, unitPriceCents: 1000 }],
    });
    const future = await call.createInvoice(za, {
      clientId: clients[6],
      invoiced: '2099-01-01',
      lines: [{ description: 'Later', quantity: 1, unitPriceCents: 1000 }],
    });
    expect(old.json().status).toBe('unpaid');
    expect(future.json().status).toBe('active');
    const ids = async (list: string) =>
      (await call.get(`/api/invoice1/${list}/${za.user.companyId}`, za))
        .json()
        .map((i: { id: number }) => i.id);
    expect(await ids('unpaid')).toContain(old.json().id);
    expect(await ids('active')).not.toContain(old.json().id);
    expect(await ids('active')).toContain(future.json().id);
    expect(await ids('paid')).not.toContain(old.json().id);
    expect(await ids('archived')).toEqual([]);
    expect((await ids('all')).length).toBe(await countZa());
    const unpaidPage = await call.get(
      `/api/invoice1/all/lazyloading/${za.user.companyId}?filters=${encodeURIComponent('{"status":"unpaid"}')}`,
      za,
    );
    expect(unpaidPage.json().data.map((i: { id: number }) => i.id)).toContain(old.json().id);
  });

  it('practitioner, affiliate, specific and appointment lookups', async () => {
    const mine = await call.get(`/api/invoice1/all/practitioner/${za.user.id}`, za);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().length).toBeGreaterThan(0);
    const lazy = await call.get(`/api/invoice1/all/practitioner/lazyloading/${za.user.id}?size=10`, za);
    expect(lazy.json().totalElements).toBe(mine.json().length);
    expect((await call.get(`/api/invoice1/all/practitioner/${uk.user.id}`, za)).statusCode).toBe(404);
    const affiliate = await call.get(`/api/invoice1/${za.user.companyId}/affiliate/${clients[0]}`, za);
    expect(affiliate.json()).toEqual([]);
    const one = mine.json()[0];
    const specific = await call.get(`/api/invoice1/specific/${one.id}`, za);
    expect(specific.json()).toMatchObject({ id: one.id, lines: expect.any(Array), payments: [] });
    expect((await call.get(`/api/invoice1/specific/${one.id}`, uk)).statusCode).toBe(404);
    expect((await call.get(`/api/invoice1/appointment/${one.id}`, za)).statusCode).toBe(404);
    expect((await call.get(`/api/invoice1/${za.user.companyId}/billingrun/1`, za)).statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('each demo company has paid, unpaid and active invoices to show', async () => {
    for (const who of [za, uk]) {
      const statuses = (await call.get(`/api/invoice1/all/${who.user.companyId}`, who))
        .json()
        .map((i: { status: string }) => i.status);
      expect(statuses).toEqual(expect.arrayContaining(['paid', 'unpaid', 'active']));
    }
  });
});

async function countZa(): Promise<number> {
  const all = await call.get(`/api/invoice1/all/${za.user.companyId}`, za);
  return all.json().length;
}
