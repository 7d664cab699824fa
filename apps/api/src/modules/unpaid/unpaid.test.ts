import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, countRows, pdfText, type Session } from '../invoices/invoice-test-support.ts';
import { newClient, pastInvoice, system } from './unpaid-test-support.ts';

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
});
afterAll(() => ctx.close());

const notice = (who: Session, clientId: number, body: object) =>
  call.call('POST', `/api/unpaid/client/${clientId}`, who, body);

async function attachmentOf(messageId: number) {
  const [row] = await system<{ attachments: string; recipient: string; subject: string }>(
    ctx,
    sql`select attachments, recipient, subject from messages where id = ${messageId}`,
  );
  const [file] = JSON.parse(row?.attachments ?? '[]') as {
    filename: string;
    contentType: string;
    base64: string;
  }[];
  return { row, file, bytes: Buffer.from(file?.base64 ?? '', 'base64') };
}

describe('unpaid notice (tab 16)', () => {
  it('creates a gentle notice by default, queues the e-mail with the PDF letter, and audits it', async () => {
    const clientId = await newClient(ctx, za);
    const inv = await pastInvoice(ctx, za, clientId, 123_456);
    const res = await notice(za, clientId, { unpaidAmountOutstanding: 100_000 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(SUCCESS_MESSAGES.createUnpaidNotice);
    expect(body.emailed).toBe(true);
    expect(body.writtenOffCents).toBe(0);
    expect(body.notice).toMatchObject({
      clientId,
      unpaidType: 'G',
      unpaidTypeName: 'gentle notice',
      amountOutstandingCents: 100_000,
      currency: 'ZAR',
      recipient: 'debtor@example.com',
      messageStatus: 'queued',
      invoices: [{ invoiceId: inv.id, reference: inv.reference, outstandingCents: 123_456 }],
    });
    const { row, file, bytes } = await attachmentOf(body.notice.messageId);
    expect(row?.recipient).toBe('debtor@example.com');
    expect(row?.subject).toContain('Friendly reminder');
    expect(file).toMatchObject({
      filename: `unpaid-notice-${body.notice.id}.pdf`,
      contentType: 'application/pdf',
    });
    const text = await pdfText(bytes);
    expect(text).toContain('Rosebank Physiotherapy Practice');
    expect(text).toContain('Friendly reminder');
    expect(text).toContain('R 1 000,00');
    expect(text).toContain(inv.reference);
    // The download is the same letter.
    const download = await call.get(`/api/unpaid/download/${body.notice.id}`, za);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(download.rawPayload)).toBe(text);
    const audit = (await call.get(`/api/client1/${clientId}/audittrail`, za)).json();
    expect(audit[0]).toMatchObject({ subProcess: 'Unpaids Management', action: 'unpaid.notice' });
    expect(audit[0].description).toContain('e-mailed to debtor@example.com');
    const list = (await call.get(`/api/unpaid/client/${clientId}`, za)).json();
    expect(list.map((n: { id: number }) => n.id)).toEqual([body.notice.id]);
  });

  it('words the letter by type: the wording escalates', async () => {
    const clientId = await newClient(ctx, za);
    await pastInvoice(ctx, za, clientId, 50_000);
    const headings = {
      F: 'First notice of overdue account',
      S: 'Final notice before legal action',
      L: 'Notice of litigation',
      M: 'Member liable',
    };
    for (const [type, heading] of Object.entries(headings)) {
      const res = await notice(za, clientId, { unpaidType: type, unpaidAmountOutstanding: 50_000 });
      expect(res.statusCode).toBe(201);
      const text = await pdfText(
        (await call.get(`/api/unpaid/download/${res.json().notice.id}`, za)).rawPayload,
      );
      expect(text).toContain(heading);
      expect(text).toContain('R 500,00');
    }
  });

  it('writes off with type C: write_off payments oldest first, exactly the amount; one transaction', async () => {
    const clientId = await newClient(ctx, za);
    const older = await pastInvoice(ctx, za, clientId, 30_000, '2026-01-05');
    const newer = await pastInvoice(ctx, za, clientId, 50_000, '2026-02-05');
    const res = await notice(za, clientId, { unpaidType: 'C', unpaidAmountOutstanding: 45_000 });
    expect(res.statusCode).toBe(201);
    expect(res.json().writtenOffCents).toBe(45_000);
    const a = (await call.get(`/api/invoice1/specific/${older.id}`, za)).json();
    const b = (await call.get(`/api/invoice1/specific/${newer.id}`, za)).json();
    expect(a).toMatchObject({ status: 'paid', paidCents: 30_000, outstandingCents: 0 });
    expect(a.payments).toMatchObject([{ amount: 30_000, method: 'write_off' }]);
    expect(b).toMatchObject({ paidCents: 15_000, outstandingCents: 35_000 });
    expect(b.payments).toMatchObject([{ amount: 15_000, method: 'write_off' }]);
    const text = await pdfText(
      (await call.get(`/api/unpaid/download/${res.json().notice.id}`, za)).rawPayload,
    );
    expect(text).toContain('Account written off');
    // What is left is all that can still be noticed.
    const more = await notice(za, clientId, { unpaidType: 'C', unpaidAmountOutstanding: 35_001 });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBeTruthy();
  });

  it('refuses an amount more than owed, negative, missing or fractional, changing nothing', async () => {
    const clientId = await newClient(ctx, za);
    await pastInvoice(ctx, za, clientId, 10_000);
    // Not owed yet: an invoice dated in the future.
    await pastInvoice(ctx, za, clientId, 99_000, '2027-06-01');
    const before = await Promise.all(
      ['unpaid_notices', 'messages', 'payments', 'audit_entries'].map((t) => countRows(ctx, t)),
    );
    for (const body of [
      { unpaidAmountOutstanding: 10_001 },
      { unpaidAmountOutstanding: -5 },
      { unpaidAmountOutstanding: 0 },
      { unpaidAmountOutstanding: 10.5 },
      { unpaidType: 'C', unpaidAmountOutstanding: 20_000 },
      { unpaidType: 'X', unpaidAmountOutstanding: 100 },
      {},
    ]) {
      const res = await notice(za, clientId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const fields = res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .join(',');
      expect(fields, JSON.stringify(body)).toMatch(/unpaid(Type|AmountOutstanding)/);
    }
    const over = await notice(za, clientId, { unpaidAmountOutstanding: 10_001 });
    // Money as the screens write it (issue 13), the same figure the panel shows before submitting.
    expect(over.json().fields[0].message.replace(/\s/g, ' ')).toBe(
      'The amount is more than the R 100,00 the client owes.',
    );
    const owed = await call.get(`/api/unpaid/client/${clientId}/owed`, za);
    expect(owed.statusCode).toBe(200);
    expect(owed.json()).toEqual({ owedCents: 10_000, currency: 'ZAR' });
    expect((await call.get(`/api/unpaid/client/${clientId}/owed`, uk)).statusCode).toBe(404);
    const missing = await notice(za, clientId, {});
    expect(missing.json().fields[0].message).toBe('Field is required.');
    const after = await Promise.all(
      ['unpaid_notices', 'messages', 'payments', 'audit_entries'].map((t) => countRows(ctx, t)),
    );
    expect(after).toEqual(before);
    expect(ERROR_MESSAGES.createUnpaidNotice).toBe('Failed to create unpaid notice. Please try again.');
  });

  it("answers 404 for another company's client and its notices, writing nothing", async () => {
    const ukClient = (await call.clientIds(uk))[0] ?? 0;
    const before = await countRows(ctx, 'unpaid_notices');
    expect((await notice(za, ukClient, { unpaidAmountOutstanding: 100 })).statusCode).toBe(404);
    expect((await call.get(`/api/unpaid/client/${ukClient}`, za)).statusCode).toBe(404);
    const clientId = await newClient(ctx, za);
    await pastInvoice(ctx, za, clientId, 10_000);
    const mine = (await notice(za, clientId, { unpaidAmountOutstanding: 100 })).json();
    expect((await call.get(`/api/unpaid/download/${mine.notice.id}`, uk)).statusCode).toBe(404);
    expect(await countRows(ctx, 'unpaid_notices')).toBe(before + 1);
  });

  it('creates the notice of a client without e-mail, says it was not e-mailed; the letter downloads', async () => {
    const clientId = await newClient(ctx, za, null);
    await pastInvoice(ctx, za, clientId, 20_000);
    const res = await notice(za, clientId, { unpaidType: 'F', unpaidAmountOutstanding: 20_000 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ emailed: false, notice: { messageId: null, recipient: null } });
    expect(body.message).toContain(SUCCESS_MESSAGES.createUnpaidNotice);
    expect(body.message).toContain('not e-mailed');
    const download = await call.get(`/api/unpaid/download/${body.notice.id}`, za);
    expect(await pdfText(download.rawPayload)).toContain('First notice of overdue account');
    const audit = (await call.get(`/api/client1/${clientId}/audittrail`, za)).json();
    expect(audit[0].description).toContain('not e-mailed');
  });
});
