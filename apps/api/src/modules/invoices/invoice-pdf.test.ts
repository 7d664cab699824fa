import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, countRows, outboxMessage, pdfText, type Session } from './invoice-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clients: number[];
let ukClients: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  clients = await call.clientIds(za);
  ukClients = await call.clientIds(uk);
});
afterAll(() => ctx.close());

async function download(id: number, who: Session) {
  const res = await call.get(`/api/invoice1/download/${id}`, who);
  expect(res.statusCode).toBe(200);
  return { res, text: await pdfText(res.rawPayload) };
}

describe('invoice PDF', () => {
  it('is a tax invoice for a registered company: VAT number, lines, VAT per rate, totals', async () => {
    const inv = (
      await call.createInvoice(za, {
        clientId: clients[0],
        invoiced: '2026-02-01',
        lines: [
          { description: 'Initial consultation', quantity: 1, unitPriceCents: 75_000 },
          { description: 'Follow-up treatment', quantity: 3, unitPriceCents: 52_033 },
        ],
      })
    ).json();
    const { res, text } = await download(inv.id, za);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${inv.reference}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toMatch(/^Tax invoice/);
    expect(text).toContain('Rosebank Physiotherapy Practice');
    expect(text).toContain('VAT registration number: 4123456789');
    expect(text).toContain(`Invoice number: ${inv.reference}`);
    expect(text).toContain('Invoice date: 2026-02-01');
    expect(text).toContain(inv.clientName);
    // Lines: 750.00 and 3 × 520.33 = 1,560.99; VAT 112.50 + 234.15 (234.1485 rounded half up per line).
    expect(text).toMatch(/Follow-up treatment 3 520,33 15% 1 560,99/);
    expect(text).toContain('Subtotal (excl. VAT) R 2 310,99');
    expect(text).toContain('VAT at 15% on 2 310,99 R 346,65');
    expect(text).toContain('Total R 2 657,64');
    expect(text).toContain('Amount due R 2 657,64');
    expect(inv).toMatchObject({ subtotalCents: 231_099, vatCents: 34_665, totalCents: 265_764 });
  });

  it('shows what is paid and due, and the RAF link number of a Road Accident Fund client', async () => {
    const clientId = clients[1] ?? 0;
    const config = await call.call('PUT', `/api/client1/${clientId}/config`, za, {
      rafLinkNumber: 'RAF-2026-00417',
    });
    expect(config.statusCode).toBe(200);
    const inv = (
      await call.createInvoice(za, {
        clientId,
        invoiced: '2026-02-02',
        lines: [{ description: 'Rehabilitation', quantity: 1, unitPriceCents: 100_000 }],
      })
    ).json();
    await call.call('POST', `/api/invoice1/payment/${inv.id}`, za, {
      amount: 15_000,
      date: '2026-02-03',
      method: 'eft',
    });
    const { text } = await download(inv.id, za);
    expect(text).toContain('Road Accident Fund link number: RAF-2026-00417');
    expect(text).toContain('Total R 1 150,00');
    expect(text).toContain('Paid R 150,00');
    expect(text).toContain('Amount due R 1 000,00');
  });

  it('names the paying client and the client when a billing client pays', async () => {
    const [payer, patient] = [clients[2] ?? 0, clients[3] ?? 0];
    await call.call('PUT', `/api/client1/${patient}`, za, { billingClientId: payer });
    const inv = (
      await call.createInvoice(za, {
        clientId: patient,
        invoiced: '2026-02-02',
        lines: [{ description: 'Session', quantity: 1, unitPriceCents: 10_000 }],
      })
    ).json();
    const { text } = await download(inv.id, za);
    expect(text).toContain('Bill to');
    expect(text).toContain('For client');
    expect(text).toContain(inv.billToClientName);
    expect(text).toContain(inv.clientName);
  });

  it('is a plain invoice without VAT for a company that is not tax registered', async () => {
    const inv = (
      await call.createInvoice(uk, {
        clientId: ukClients[0],
        invoiced: '2026-02-01',
        lines: [{ description: 'Annual review', quantity: 1, unitPriceCents: 45_000 }],
      })
    ).json();
    const { text } = await download(inv.id, uk);
    expect(text).toMatch(/^Invoice/);
    expect(text).not.toContain('Tax invoice');
    expect(text).not.toContain('VAT at');
    expect(text).toContain('Total £450.00');
  });

  it("prints the client's tax number when the client is tax registered, whatever the company's value (issue 12)", async () => {
    const [registered, notRegistered] = [ukClients[1] ?? 0, ukClients[2] ?? 0];
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update clients set tax_registered = case when id = ${registered} then 'Y' else 'N' end,
                       tax_number = 'GB123456789', billing_client_id = null
                     where id in (${registered}, ${notRegistered})`),
    );
    for (const [clientId, shown] of [
      [registered, true],
      [notRegistered, false],
    ] as const) {
      const inv = (
        await call.createInvoice(uk, {
          clientId,
          invoiced: '2026-02-01',
          lines: [{ description: 'Review', quantity: 1, unitPriceCents: 100 }],
        })
      ).json();
      const { text } = await download(inv.id, uk);
      // The UK company is not tax registered: no company VAT number, yet a registered client's own shows.
      expect(text.includes('VAT number: GB123456789'), `client ${clientId}`).toBe(shown);
    }
  });

  it('is not served for another company’s invoice', async () => {
    const inv = (
      await call.createInvoice(za, {
        clientId: clients[0],
        invoiced: '2026-02-01',
        lines: [{ description: 'x', quantity: 1, unitPriceCents: 1 }],
      })
    ).json();
    expect((await call.get(`/api/invoice1/download/${inv.id}`, uk)).statusCode).toBe(404);
  });

  it('is e-mailed to whom it is billed, attached, through the outbox; audited', async () => {
    const inv = (
      await call.createInvoice(za, {
        clientId: clients[4],
        invoiced: '2026-02-05',
        lines: [{ description: 'Assessment', quantity: 1, unitPriceCents: 75_000 }],
      })
    ).json();
    const res = await call.call('POST', `/api/invoice1/email/${inv.id}`, za, {});
    expect(res.statusCode).toBe(202);
    const message = await outboxMessage(ctx, res.json().messageId);
    expect(message.subject).toBe(`Tax invoice ${inv.reference} from Rosebank Physiotherapy Practice`);
    // Messages write money as the screens do (issue 13); the PDF's columns keep the code.
    expect(message.content?.replace(/\s/g, ' ')).toContain('R 862,50 due by 2026-03-07');
    expect(message.attachment).toMatchObject({
      filename: `${inv.reference}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(message.pdf ?? new Uint8Array());
    expect(text).toContain(`Invoice number: ${inv.reference}`);
    expect(text).toContain('Total R 862,50');
  });

  it('is not e-mailed to a client without an address (400) nor for another company (404); nothing queued', async () => {
    const clientId = clients[5] ?? 0;
    // The form requires an e-mail address, but imported clients may lack one.
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update clients set email = null where id = ${clientId}`),
    );
    const inv = (
      await call.createInvoice(za, {
        clientId,
        invoiced: '2026-02-05',
        lines: [{ description: 'x', quantity: 1, unitPriceCents: 100 }],
      })
    ).json();
    const before = await countRows(ctx, 'messages');
    const none = await call.call('POST', `/api/invoice1/email/${inv.id}`, za, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_RECIPIENT');
    expect((await call.call('POST', `/api/invoice1/email/${inv.id}`, uk, {})).statusCode).toBe(404);
    expect(await countRows(ctx, 'messages')).toBe(before);
  });
});
