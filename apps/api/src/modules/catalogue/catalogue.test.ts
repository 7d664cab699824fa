import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let staff: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  companyId = admin.user.companyId;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who = admin, payload?: object) =>
  ctx.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });

describe('billing plans', () => {
  it('lists all, active, bookable and by name; everyone may read', async () => {
    const all = (await call('GET', `/api/billingplan/${companyId}`, staff)).json();
    expect(all.map((p: { name: string }) => p.name)).toEqual([
      'Follow-up treatment',
      'Initial consultation',
      'Rehabilitation programme (monthly)',
    ]);
    const bookings = (await call('GET', `/api/billingplan/bookings/${companyId}`, staff)).json();
    expect(bookings.every((p: { bookable: string }) => p.bookable === 'Y')).toBe(true);
    expect(bookings).toHaveLength(2);
    const found = (await call('GET', `/api/billingplan/search/${companyId}/REHAB`, staff)).json();
    expect(found.map((p: { name: string }) => p.name)).toEqual(['Rehabilitation programme (monthly)']);
    const one = (await call('GET', `/api/billingplan/specific/${found[0].id}`, staff)).json();
    expect(one).toMatchObject({ amount: 180_000, frequency: 'monthly', active: 'Y' });
  });

  it('only rights A may create, change or delete; bad amounts change nothing', async () => {
    const body = { name: 'Home visit', amount: 95_000, frequency: 'once', bookable: 'Y' };
    expect((await call('POST', `/api/billingplan/${companyId}`, staff, body)).statusCode).toBe(403);
    for (const bad of [
      { ...body, amount: -1 },
      { ...body, amount: 10.5 },
      { ...body, frequency: 'weekly' },
      { ...body, name: ' ' },
    ]) {
      expect((await call('POST', `/api/billingplan/${companyId}`, admin, bad)).statusCode).toBe(400);
    }
    const created = await call('POST', `/api/billingplan/${companyId}`, admin, body);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ...body, active: 'Y' });
    const id = created.json().id;
    const updated = await call('PUT', `/api/billingplan/${id}`, admin, { ...body, active: 'N' });
    expect(updated.json().active).toBe('N');
    expect(
      (await call('GET', `/api/billingplan/active/${companyId}`)).json().map((p: { id: number }) => p.id),
    ).not.toContain(id);
    expect((await call('DELETE', `/api/billingplan/${id}`, staff)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/billingplan/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/billingplan/specific/${id}`)).statusCode).toBe(404);
  });

  it('a plan in use by a product is not deleted (409)', async () => {
    const plan = (await call('GET', `/api/billingplan/search/${companyId}/initial`)).json()[0];
    const res = await call('DELETE', `/api/billingplan/${plan.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CONFLICT');
    expect((await call('GET', `/api/billingplan/specific/${plan.id}`)).statusCode).toBe(200);
  });
});

describe('company products', () => {
  it('lists with the billing plan name, searches by name, reads one', async () => {
    const all = (await call('GET', `/api/product1/${companyId}`, staff)).json();
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({
      name: 'Physiotherapy assessment',
      billingPlanName: 'Initial consultation',
      premium: 75_000,
    });
    const found = (await call('GET', `/api/product1/${companyId}/sports`, staff)).json();
    expect(found.map((p: { name: string }) => p.name)).toEqual(['Sports injury rehabilitation']);
    expect((await call('GET', `/api/product1/specific/${found[0].id}`, staff)).json().value).toBe(1_080_000);
  });

  it('refuses another company’s billing plan and changes nothing', async () => {
    const ukPlan = (await call('GET', `/api/billingplan/${uk.user.companyId}`, uk)).json()[0];
    const res = await call('POST', `/api/product1/${companyId}`, admin, {
      name: 'Smuggled',
      billingPlanId: ukPlan.id,
      premium: 1,
      value: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.billingPlanId', message: 'Choose a billing plan of this company.' },
    ]);
    expect((await call('GET', `/api/product1/${companyId}/smuggled`)).json()).toEqual([]);
  });

  it('creates, updates and deletes for rights A only', async () => {
    const body = { name: 'Dry needling', description: 'Add-on', premium: 30_000, value: 30_000 };
    expect((await call('POST', `/api/product1/${companyId}`, staff, body)).statusCode).toBe(403);
    const created = await call('POST', `/api/product1/${companyId}`, admin, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(
      (await call('PUT', `/api/product1/${id}`, admin, { ...body, premium: 35_000 })).json().premium,
    ).toBe(35_000);
    expect((await call('DELETE', `/api/product1/${id}`)).statusCode).toBe(204);
  });
});

describe('client products', () => {
  let clientId: number;
  let productId: number;
  beforeAll(async () => {
    clientId = (await call('GET', `/api/client1/company/${companyId}/lazy?search=zulu`)).json().content[0].id;
    productId = (await call('GET', `/api/product1/${companyId}/assessment`)).json()[0].id;
  });

  it('adds a company product to a client with a unique number, its terms and today as inception', async () => {
    const res = await call('POST', `/api/clientproduct/${clientId}/${productId}`, staff);
    expect(res.statusCode).toBe(201);
    const cp = res.json();
    expect(cp.uniqueId).toMatch(/^CP-\d{6}$/);
    expect(cp).toMatchObject({
      clientId,
      productId,
      name: 'Physiotherapy assessment',
      billingPlanName: 'Initial consultation',
      premium: 75_000,
      status: 'A',
    });
    expect(cp.inception).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const second = (await call('POST', `/api/clientproduct/${clientId}/${productId}`, staff)).json();
    expect(second.uniqueId).not.toBe(cp.uniqueId);
    const list = (await call('GET', `/api/clientproduct/${clientId}`, staff)).json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([cp.id, second.id]);
    const byProduct = (await call('GET', `/api/clientproduct/product/${productId}`, staff)).json();
    expect(byProduct.length).toBeGreaterThanOrEqual(2);
  });

  it('updates its fields and dates; termination before inception changes nothing', async () => {
    const cp = (await call('GET', `/api/clientproduct/${clientId}`, staff)).json()[0];
    const res = await call('PUT', `/api/clientproduct/${cp.id}`, staff, {
      premium: 80_000,
      inception: '2026-01-01',
      termination: '2026-12-31',
      status: 'P',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      premium: 80_000,
      inception: '2026-01-01',
      termination: '2026-12-31',
      status: 'P',
    });
    const bad = await call('PUT', `/api/clientproduct/${cp.id}`, staff, {
      termination: '2025-01-01',
      premium: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields[0].path).toBe('body.termination');
    expect((await call('GET', `/api/clientproduct/${clientId}`, staff)).json()[0].premium).toBe(80_000);
    for (const field of [{ created: '2020-01-01T00:00:00Z' }, { premium: -5 }, { status: 'X' }]) {
      expect((await call('PUT', `/api/clientproduct/${cp.id}`, staff, field)).statusCode).toBe(400);
    }
  });

  it('deletes only with the answer Y', async () => {
    const cp = (await call('GET', `/api/clientproduct/${clientId}`, staff)).json()[1];
    expect((await call('DELETE', `/api/clientproduct/${cp.id}`, staff)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/clientproduct/${cp.id}?answer=Y`, staff)).statusCode).toBe(204);
    const ids = (await call('GET', `/api/clientproduct/${clientId}`, staff))
      .json()
      .map((p: { id: number }) => p.id);
    expect(ids).not.toContain(cp.id);
  });

  it('another company’s client or product answers 404 and adds nothing', async () => {
    const ukClient = (await call('GET', `/api/client1/company/${uk.user.companyId}/lazy`, uk)).json()
      .content[0].id;
    const ukProduct = (await call('GET', `/api/product1/${uk.user.companyId}`, uk)).json()[0].id;
    expect((await call('POST', `/api/clientproduct/${ukClient}/${productId}`, staff)).statusCode).toBe(404);
    expect((await call('POST', `/api/clientproduct/${clientId}/${ukProduct}`, staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/clientproduct/${ukClient}`, staff)).statusCode).toBe(404);
    expect((await call('GET', `/api/clientproduct/${ukClient}`, uk)).json()).toEqual([]);
  });
});
