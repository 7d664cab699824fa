import { todayIn } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, outboxMessage, pdfText, type Session } from '../invoices/invoice-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clientId: number;
const totals: number[] = [];

const period = { type: 'C', startDate: '2026-01-01', endDate: '2026-01-31' };
const statement = (body: object, id = clientId, who = za) =>
  call.call('POST', `/api/statement/${id}`, who, body);

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  clientId = (await call.clientIds(za))[7] ?? 0;
  const invoice = async (invoiced: string, cents: number) => {
    const res = await call.createInvoice(za, {
      clientId,
      invoiced,
      lines: [{ description: `Visit ${invoiced}`, quantity: 1, unitPriceCents: cents }],
    });
    totals.push(res.json().totalCents);
    return res.json().id as number;
  };
  const pay = (id: number, amount: number, date: string) =>
    call.call('POST', `/api/invoice1/payment/${id}`, za, {
      amount,
      date,
      method: 'eft',
      reference: `R${amount}`,
    });
  const before = await invoice('2025-11-10', 100_000); // 1,150.00
  await pay(before, 50_000, '2025-11-20');
  const inPeriod = await invoice('2026-01-05', 20_000); // 230.00
  await pay(inPeriod, 10_000, '2026-01-15');
  await invoice('2026-01-20', 40_000); // 460.00
  const cancelled = await invoice('2026-01-21', 99_900);
  await call.call('DELETE', `/api/invoice1/${cancelled}`, za);
  await invoice('2026-02-10', 10_000); // after the period
});
afterAll(() => ctx.close());

describe('statements', () => {
  it('compact: opening balance, invoiced and paid in the period, closing balance, ageing', async () => {
    const res = await statement(period);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      clientId,
      type: 'C',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      currency: 'ZAR',
      openingBalanceCents: 115_000 - 50_000,
      invoicedCents: 23_000 + 46_000,
      paidCents: 10_000,
      closingBalanceCents: 65_000 + 69_000 - 10_000,
      // At 31 January: the November invoice is 82 days old, the January ones under 30.
      ageing: { current: 13_000 + 46_000, days30: 0, days60: 65_000, days90: 0, days120: 0 },
      entries: [],
    });
  });

  it('detailed: every invoice with its lines and every payment, in date order, with a running balance', async () => {
    const { entries } = (await statement({ ...period, type: 'D' })).json();
    expect(
      entries.map((e: { date: string; kind: string; balanceCents: number }) => [
        e.date,
        e.kind,
        e.balanceCents,
      ]),
    ).toEqual([
      ['2026-01-05', 'invoice', 65_000 + 23_000],
      ['2026-01-15', 'payment', 88_000 - 10_000],
      ['2026-01-20', 'invoice', 78_000 + 46_000],
    ]);
    expect(entries[0].lines).toEqual([
      {
        description: 'Visit 2026-01-05',
        quantity: 1,
        unitPriceCents: 20_000,
        netCents: 20_000,
        vatCents: 3_000,
      },
    ]);
    expect(entries[1]).toMatchObject({ creditCents: 10_000, description: 'Payment (eft): R10000' });
  });

  it('takes start 00:00:00 and end 23:59:59 in the company’s time zone, sent as UTC', async () => {
    // Johannesburg is UTC+2: 1 January 00:00 local is 31 December 22:00 UTC.
    const res = await statement({
      type: 'C',
      startDate: '2025-12-31T22:00:00.000Z',
      endDate: '2026-01-31T21:59:59.000Z',
    });
    expect(res.json()).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      invoicedCents: 69_000,
    });
  });

  it('refuses an end before the start (400), another company’s client (404), a bad type (400)', async () => {
    const backwards = await statement({ type: 'C', startDate: '2026-02-01', endDate: '2026-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields[0].path).toBe('body.endDate');
    const [ukClient] = await call.clientIds(uk);
    expect((await statement(period, ukClient)).statusCode).toBe(404);
    expect((await call.call('POST', `/api/statement/${ukClient}/download`, za, period)).statusCode).toBe(404);
    expect((await statement({ ...period, type: 'X' })).statusCode).toBe(400);
  });

  it('downloads as {clientId}.statement.pdf with the figures printed', async () => {
    const res = await call.call('POST', `/api/statement/${clientId}/download`, za, { ...period, type: 'D' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${clientId}.statement.pdf"`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Statement of account');
    expect(text).toContain('Period: 2026-01-01 to 2026-01-31');
    expect(text).toContain('Opening balance R 650,00');
    expect(text).toContain('Closing balance R 1 240,00');
    expect(text).toMatch(/2026-01-15 INV-\d{6} Payment \(eft\): R10000 100,00 780,00/);
    expect(text).toContain('590,00 0,00 650,00 0,00 0,00'); // ageing
  });

  it('e-mails the statement as {clientId}.statement.pdf through the outbox', async () => {
    const res = await call.call('POST', `/api/statement/${clientId}/email`, za, period);
    expect(res.statusCode).toBe(202);
    const message = await outboxMessage(ctx, res.json().messageId);
    expect(message.subject).toBe(
      'Statement of account from Rosebank Physiotherapy Practice, 2026-01-01 to 2026-01-31',
    );
    expect(message.attachment?.filename).toBe(`${clientId}.statement.pdf`);
    expect(await pdfText(message.pdf ?? new Uint8Array())).toContain('Closing balance R 1 240,00');
  });
});

describe('the client account (record page)', () => {
  it('answers what is owed, what is overdue and the last payment (not a write-off); 404 for another company', async () => {
    const made = await call.call('POST', `/api/client1/${za.user.companyId}`, za, {
      type: 'J',
      name: 'Account Figures Ltd',
      email: 'accounts@figures.example',
      mobile: '+27115550198',
      address1: '1 Rivonia Road',
      addressRegion: 'Sandton',
      addressState: 'Gauteng',
      addressPostalCode: '2196',
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const account = () => call.get(`/api/statement/${id}/account`, za);
    expect((await account()).json()).toEqual({
      clientId: id,
      currency: 'ZAR',
      owedCents: 0,
      overdueCents: 0,
      openInvoices: 0,
      lastPayment: null,
    });

    const invoice = async (invoiced: string, cents: number) =>
      (
        await call.createInvoice(za, {
          clientId: id,
          invoiced,
          lines: [{ description: 'Visit', quantity: 1, unitPriceCents: cents }],
        })
      ).json() as { id: number; reference: string };
    const pay = (invoiceId: number, amount: number, date: string, method: string) =>
      call.call('POST', `/api/invoice1/payment/${invoiceId}`, za, { amount, date, method });
    const old = await invoice('2026-01-05', 20_000); // 230.00, due 4 February
    expect((await pay(old.id, 5_000, '2026-01-10', 'eft')).statusCode).toBe(201);
    expect((await pay(old.id, 3_000, '2026-02-01', 'cash')).statusCode).toBe(201);
    expect((await pay(old.id, 1_000, '2026-03-01', 'write_off')).statusCode).toBe(201);
    await invoice(todayIn('Africa/Johannesburg'), 10_000); // 115.00, not due yet

    const res = await account();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      clientId: id,
      currency: 'ZAR',
      owedCents: 23_000 - 9_000 + 11_500,
      overdueCents: 23_000 - 9_000,
      openInvoices: 2,
      lastPayment: {
        date: '2026-02-01',
        amountCents: 3_000,
        method: 'cash',
        invoiceReference: old.reference,
      },
    });

    const [ukClient] = await call.clientIds(uk);
    expect((await call.get(`/api/statement/${ukClient}/account`, za)).statusCode).toBe(404);
    expect((await call.get(`/api/statement/999999999/account`, za)).statusCode).toBe(404);
  });
});
