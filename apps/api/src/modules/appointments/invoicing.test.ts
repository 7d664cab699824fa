import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/harness.ts';
import {
  clientIdsOf,
  countRows,
  type Diary,
  makePractitioner,
  makeType,
  openDiary,
  productIdOf,
  SET_UP_TIMEOUT,
} from './appointment-test-support.ts';

let d: Diary;
let practitioner: number;
let type: number;
let bare: number;
let product: number;
let clients: number[];
beforeAll(async () => {
  d = await openDiary();
  practitioner = await makePractitioner(d, d.za, 'za.user');
  product = await productIdOf(d, d.zaCompany);
  type = await makeType(d, d.za, {
    name: 'Invoiced visit',
    productId: product,
    noShowFeeCents: 10_000,
    lateCancelFeeCents: 15_000,
    tariffCode: '72103',
  });
  bare = await makeType(d, d.za, { name: 'Free chat' });
  clients = await clientIdsOf(d, d.zaCompany);
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const book = async (start: string, typeId = type) => {
  const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.reception, {
    clientId: clients[0],
    practitionerId: practitioner,
    typeId,
    start,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const status = (id: number, body: object) =>
  d.call('POST', `/api/appointment/${id}/status`, d.reception, body);
const invoice = (id: number, who = d.reception) => d.call('POST', `/api/appointment/${id}/invoice`, who);
const get = (id: number) => d.call('GET', `/api/appointment/${id}`, d.reception).then((r) => r.json());
const invoicesOf = (id: number) => countRows(d, 'invoices', sql`appointment_id = ${id}`);

describe('invoice from the appointment', () => {
  it('invoices an arrived appointment once, for its type’s product, through the invoice service', async () => {
    const id = await book('2027-04-05T09:00');
    expect((await invoice(id)).statusCode).toBe(409); // still booked
    await status(id, { status: 'arrived' });
    const res = await invoice(id);
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json();
    expect(inv).toMatchObject({
      appointmentId: id,
      practitionerId: practitioner,
      clientId: clients[0],
      status: 'active',
    });
    expect(inv.reference).toMatch(/^INV-\d{6}$/);
    expect(inv.lines[0]).toMatchObject({ productId: product, quantity: 1 });
    expect(inv.vatCents).toBeGreaterThan(0); // the ZA demo company is VAT registered
    expect(await get(id)).toMatchObject({ invoiceStatus: 'invoiced', invoiceId: inv.id });
    const again = await invoice(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`invoice ${inv.id}`);
    expect(await invoicesOf(id)).toBe(1);
    // The invoice list routes of spec section 7 now find it.
    const byAppointment = await d.call('GET', `/api/invoice1/appointment/${id}`, d.reception);
    expect(byAppointment.json().id).toBe(inv.id);
    const byPractitioner = await d.call('GET', `/api/invoice1/all/practitioner/${practitioner}`, d.reception);
    expect(byPractitioner.json().map((i: { id: number }) => i.id)).toContain(inv.id);
    const lazy = await d.call(
      'GET',
      `/api/invoice1/all/practitioner/lazyloading/${practitioner}?page=1&size=10`,
      d.reception,
    );
    expect(lazy.json().totalElements).toBeGreaterThanOrEqual(1);
    // Paid in full: the appointment says so; an invoiced appointment keeps its status.
    const paid = await d.call('POST', `/api/invoice1/payment/${inv.id}`, d.za, {
      amount: inv.totalCents,
      date: inv.invoiced,
      method: 'card',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await get(id)).invoiceStatus).toBe('paid');
    expect((await status(id, { status: 'cancelled', cancelReason: 'client' })).statusCode).toBe(409);
    expect((await status(id, { status: 'fulfilled' })).statusCode).toBe(200);
  });

  it('a cancelled invoice frees the appointment to be invoiced again', async () => {
    const id = await book('2027-04-06T09:00');
    await status(id, { status: 'fulfilled' });
    const first = (await invoice(id)).json();
    expect((await d.call('DELETE', `/api/invoice1/${first.id}`, d.za)).statusCode).toBe(204);
    expect((await get(id)).invoiceStatus).toBe('not-invoiced');
    expect((await invoice(id)).statusCode).toBe(201);
    expect(await invoicesOf(id)).toBe(2);
  });

  it('concurrent requests create exactly one invoice', async () => {
    const id = await book('2027-04-07T09:00');
    await status(id, { status: 'arrived' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => invoice(id)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await invoicesOf(id)).toBe(1);
  });

  it('invoices the no-show and late-cancellation fees of the type, and nothing else', async () => {
    const noShow = await book('2027-04-08T09:00');
    await status(noShow, { status: 'noshow' });
    const fee = (await invoice(noShow)).json();
    expect(fee.lines[0]).toMatchObject({ unitPriceCents: 10_000 });
    expect(fee.lines[0].description).toMatch(/^No-show fee: Invoiced visit/);
    const late = await book('2027-04-08T10:00');
    await status(late, { status: 'cancelled', cancelReason: 'late' });
    expect((await invoice(late)).json().lines[0]).toMatchObject({ unitPriceCents: 15_000 });
    const early = await book('2027-04-08T11:00');
    await status(early, { status: 'cancelled', cancelReason: 'client' });
    expect((await invoice(early)).statusCode).toBe(409);
    const free = await book('2027-04-08T12:00', bare);
    await status(free, { status: 'fulfilled' });
    const none = await invoice(free);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields[0].message).toMatch(/no product or billing plan/);
  });

  it('needs a user allowed to invoice', async () => {
    const id = await book('2027-04-09T09:00');
    await status(id, { status: 'arrived' });
    const rise = await login(d.app, 'za.rise'); // enableInvoicing N
    expect((await invoice(id, rise)).statusCode).toBe(403);
    expect(await invoicesOf(id)).toBe(0);
  });

  it('lists the day’s arrived or completed appointments not yet invoiced (end of day)', async () => {
    const invoiced = await book('2027-04-12T08:00');
    const arrived = await book('2027-04-12T09:00');
    const fulfilled = await book('2027-04-12T10:00');
    await book('2027-04-12T11:00'); // still booked
    for (const id of [invoiced, arrived]) await status(id, { status: 'arrived' });
    await status(fulfilled, { status: 'fulfilled' });
    await invoice(invoiced);
    const res = await d.call(
      'GET',
      `/api/appointment/uninvoiced/${d.zaCompany}?date=2027-04-12`,
      d.reception,
    );
    expect(res.json().map((a: { id: number }) => a.id)).toEqual([arrived, fulfilled]);
    const today = await d.call('GET', `/api/appointment/uninvoiced/${d.zaCompany}`, d.reception);
    expect(today.statusCode).toBe(200);
    expect((await d.call('GET', `/api/appointment/uninvoiced/${d.ukCompany}`, d.reception)).statusCode).toBe(
      404,
    );
  });
});
