import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, countRows, type Session } from './invoice-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let rise: Session;
let uk: Session;
let clients: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  rise = await login(ctx.app, 'za.rise');
  uk = await login(ctx.app, 'uk.admin');
  clients = await call.clientIds(za);
});
afterAll(() => ctx.close());

/** An issued invoice of 1,000.00 + 150.00 VAT = 1,150.00, invoiced 2026-01-10. */
async function issued(extra: object = {}) {
  const res = await call.createInvoice(za, {
    clientId: clients[0],
    invoiced: '2026-01-10',
    lines: [{ description: 'Treatment', quantity: 2, unitPriceCents: 50_000 }],
    ...extra,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; number: number | null; totalCents: number; status: string };
}
const pay = (id: number, body: object, who = za) =>
  call.call('POST', `/api/invoice1/payment/${id}`, who, body);
const specific = async (id: number) => (await call.get(`/api/invoice1/specific/${id}`, za)).json();

describe('payments', () => {
  it('part payments leave it outstanding; the last one marks it paid', async () => {
    const inv = await issued();
    expect(inv.totalCents).toBe(115_000);
    const first = await pay(inv.id, {
      amount: 15_000,
      date: '2026-01-12',
      method: 'eft',
      reference: 'EFT 1',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ paidCents: 15_000, outstandingCents: 100_000 });
    expect(first.json().status).not.toBe('paid');
    const last = await pay(inv.id, { amount: 100_000, date: '2026-01-13', method: 'card' });
    expect(last.json()).toMatchObject({ status: 'paid', paidCents: 115_000, outstandingCents: 0 });
    expect(last.json().payments).toEqual([
      expect.objectContaining({ amount: 15_000, date: '2026-01-12', method: 'eft', reference: 'EFT 1' }),
      expect.objectContaining({ amount: 100_000, date: '2026-01-13', method: 'card', reference: null }),
    ]);
    const paidList = (await call.get(`/api/invoice1/paid/${za.user.companyId}`, za)).json();
    expect(paidList.map((i: { id: number }) => i.id)).toContain(inv.id);
    const again = await pay(inv.id, { amount: 1, date: '2026-01-13', method: 'cash' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses overpaying, zero, negative amounts, bad dates and methods: 400, nothing written', async () => {
    const inv = await issued();
    const before = await countRows(ctx, 'payments');
    const audits = await countRows(ctx, 'audit_entries');
    const cases: [object, string][] = [
      [{ amount: 115_001, date: '2026-01-12', method: 'cash' }, 'body.amount'],
      [{ amount: 0, date: '2026-01-12', method: 'cash' }, 'body.amount'],
      [{ amount: -100, date: '2026-01-12', method: 'cash' }, 'body.amount'],
      [{ amount: 10.5, date: '2026-01-12', method: 'cash' }, 'body.amount'],
      [{ amount: 100, date: '2026-01-09', method: 'cash' }, 'body.date'],
      [{ amount: 100, date: '2999-01-01', method: 'cash' }, 'body.date'],
      [{ amount: 100, date: '2026-01-12', method: 'cheque' }, 'body.method'],
    ];
    for (const [body, path] of cases) {
      const res = await pay(inv.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await countRows(ctx, 'payments')).toBe(before);
    expect(await countRows(ctx, 'audit_entries')).toBe(audits);
    expect((await specific(inv.id)).paidCents).toBe(0);
  });

  it('refuses paying a cancelled invoice (409) and another company’s (404); enableInvoicing N (403)', async () => {
    const inv = await issued();
    expect((await call.call('DELETE', `/api/invoice1/${inv.id}`, za)).statusCode).toBe(204);
    const before = await countRows(ctx, 'payments');
    const cancelled = await pay(inv.id, { amount: 100, date: '2026-01-12', method: 'cash' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe('A cancelled invoice cannot be paid.');
    const other = await issued();
    expect((await pay(other.id, { amount: 100, date: '2026-01-12', method: 'cash' }, uk)).statusCode).toBe(
      404,
    );
    expect((await pay(other.id, { amount: 100, date: '2026-01-12', method: 'cash' }, rise)).statusCode).toBe(
      403,
    );
    expect(await countRows(ctx, 'payments')).toBe(before);
  });
});

describe('update', () => {
  it('recomputes totals from new lines and the tax choice; audits the change', async () => {
    const inv = await issued();
    const res = await call.call('PUT', `/api/invoice1/${inv.id}`, za, {
      lines: [{ description: 'Longer treatment', quantity: 1, unitPriceCents: 200_000 }],
      notes: 'Changed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subtotalCents: 200_000,
      vatCents: 30_000,
      totalCents: 230_000,
      notes: 'Changed',
    });
    const noTax = await call.call('PUT', `/api/invoice1/${inv.id}`, za, { useTaxRate: 'N' });
    expect(noTax.json()).toMatchObject({ useTaxRate: 'N', vatCents: 0, totalCents: 200_000 });
    expect(noTax.json().lines[0].description).toBe('Longer treatment');
  });

  it('is refused once the invoice is paid or cancelled (409), and for another company (404)', async () => {
    const paid = await issued();
    await pay(paid.id, { amount: paid.totalCents, date: '2026-01-11', method: 'cash' });
    const res = await call.call('PUT', `/api/invoice1/${paid.id}`, za, { notes: 'late' });
    expect(res.statusCode).toBe(409);
    const cancelled = await issued();
    await call.call('DELETE', `/api/invoice1/${cancelled.id}`, za);
    expect((await call.call('PUT', `/api/invoice1/${cancelled.id}`, za, { notes: 'x' })).statusCode).toBe(
      409,
    );
    expect((await call.call('PUT', `/api/invoice1/${cancelled.id}`, uk, { notes: 'x' })).statusCode).toBe(
      404,
    );
    expect((await specific(cancelled.id)).notes).toBeNull();
  });

  it('refuses a total below what is paid (409), a due date before the invoiced date (400)', async () => {
    const inv = await issued();
    await pay(inv.id, { amount: 100_000, date: '2026-01-11', method: 'cash' });
    const lower = await call.call('PUT', `/api/invoice1/${inv.id}`, za, {
      lines: [{ description: 'Cheaper', quantity: 1, unitPriceCents: 100 }],
    });
    expect(lower.statusCode).toBe(409);
    const due = await call.call('PUT', `/api/invoice1/${inv.id}`, za, { due: '2026-01-01' });
    expect(due.statusCode).toBe(400);
    expect((await specific(inv.id)).totalCents).toBe(115_000);
  });
});

describe('delete: cancel an issued invoice, delete a draft', () => {
  it('cancels an issued invoice: kept, cancelled, its number never reused', async () => {
    const inv = await issued();
    expect((await call.call('DELETE', `/api/invoice1/${inv.id}`, za)).statusCode).toBe(204);
    expect(await specific(inv.id)).toMatchObject({ status: 'cancelled', number: inv.number });
    const next = await issued();
    expect(next.number).toBe((inv.number ?? 0) + 1);
    expect((await call.call('DELETE', `/api/invoice1/${inv.id}`, za)).statusCode).toBe(409);
  });

  it('deletes a draft, which never had a number; issuing a draft takes the next number', async () => {
    const draft = await issued({ draft: true });
    expect(draft).toMatchObject({ number: null, status: 'draft' });
    expect((await call.call('DELETE', `/api/invoice1/${draft.id}`, za)).statusCode).toBe(204);
    expect((await call.get(`/api/invoice1/specific/${draft.id}`, za)).statusCode).toBe(404);
    const other = await issued({ draft: true });
    const latest = await issued();
    const issuedDraft = await call.call('PUT', `/api/invoice1/${other.id}`, za, { status: 'active' });
    expect(issuedDraft.json()).toMatchObject({ number: (latest.number ?? 0) + 1 });
  });

  it('refuses cancelling an invoice with payments (409), another company’s (404), without invoicing (403)', async () => {
    const inv = await issued();
    await pay(inv.id, { amount: 100, date: '2026-01-11', method: 'cash' });
    expect((await call.call('DELETE', `/api/invoice1/${inv.id}`, za)).statusCode).toBe(409);
    const open = await issued();
    expect((await call.call('DELETE', `/api/invoice1/${open.id}`, uk)).statusCode).toBe(404);
    expect((await call.call('DELETE', `/api/invoice1/${open.id}`, rise)).statusCode).toBe(403);
    expect((await specific(open.id)).status).not.toBe('cancelled');
  });

  it('archives an issued invoice into the archived list', async () => {
    const inv = await issued();
    const res = await call.call('PUT', `/api/invoice1/${inv.id}`, za, { status: 'archived' });
    expect(res.json().status).toBe('archived');
    const archived = (await call.get(`/api/invoice1/archived/${za.user.companyId}`, za)).json();
    expect(archived.map((i: { id: number }) => i.id)).toEqual([inv.id]);
  });
});
