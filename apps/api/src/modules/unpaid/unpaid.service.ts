import { type UnpaidNotice, type UnpaidNoticeCreate, unpaidTypeName } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError, ValidationError, written } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { assertMayInvoice } from '../invoices/invoice.service.ts';
import { addPayment } from '../invoices/invoice-changes.service.ts';
import type { BillingCompany } from '../invoices/invoice-context.ts';
import { formatCents } from '../invoices/invoice-totals.ts';
import { findClientContact, insertMessage } from '../messaging/message.queries.ts';
import {
  insertNotice,
  letterClient,
  linkInvoices,
  type OwedInvoice,
  owedInvoices,
  selectNotices,
  setNoticeMessage,
} from './unpaid.queries.ts';
import { LETTER_WORDING, letterFileName, renderLetter } from './unpaid-letter.ts';

const emailAddress = z.email();

export interface NoticeOutcome {
  notice: UnpaidNotice;
  emailed: boolean;
  writtenOffCents: number;
}

/** Oldest first, as much of each invoice as the amount still covers. */
function allocate(invoices: OwedInvoice[], amount: number) {
  const out: { invoice: OwedInvoice; cents: number }[] = [];
  let left = amount;
  for (const invoice of invoices) {
    if (left <= 0) break;
    const cents = Math.min(left, invoice.outstandingCents);
    out.push({ invoice, cents });
    left -= cents;
  }
  return out;
}

export async function noticeView(tx: Tx, id: number): Promise<UnpaidNotice | undefined> {
  const row = (await selectNotices(tx, sql`n.id = ${id}`))[0];
  return row && { ...row, unpaidTypeName: unpaidTypeName(row.unpaidType) };
}

/** The letter of a stored notice (what was e-mailed, rendered again from the stored notice). */
export async function noticeLetter(tx: Tx, company: Pick<BillingCompany, 'name'>, id: number) {
  const notice = await noticeView(tx, id);
  if (!notice) throw new NotFoundError('Unpaid notice');
  const client = written(await letterClient(tx, notice.clientId), 'client');
  return {
    notice,
    client,
    fileName: letterFileName(id),
    pdf: await renderLetter({ companyName: company.name, notice, client }),
  };
}

/**
 * Tab 16: one notice to a client about what it owes (at most what it owes), in the caller's transaction.
 * Type C writes the amount off: write_off payments against the oldest outstanding invoices. The letter is
 * e-mailed when the client has an e-mail address (queued in the outbox with the PDF attached); otherwise the
 * notice stands and its letter can be downloaded. Audited (Unpaids Management).
 */
export async function createNotice(
  tx: Tx,
  principal: Principal,
  company: BillingCompany,
  clientId: number,
  input: UnpaidNoticeCreate,
  run?: { runId: number; invoices: OwedInvoice[] },
): Promise<NoticeOutcome> {
  const contact = await findClientContact(tx, clientId);
  if (!contact) throw new NotFoundError('Client');
  const type = input.unpaidType;
  if (type === 'C') assertMayInvoice(principal, company);
  const invoices = run?.invoices ?? (await owedInvoices(tx, clientId, company.today));
  const owed = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
  const amount = input.unpaidAmountOutstanding;
  if (amount > owed) {
    throw new ValidationError('Some fields are not valid.', [
      {
        path: 'body.unpaidAmountOutstanding',
        message: `The amount is more than the ${company.currency} ${formatCents(owed)} the client owes.`,
      },
    ]);
  }
  const allocation = allocate(invoices, amount);
  const noticeId = await insertNotice(tx, {
    companyId: company.id,
    clientId,
    unpaidType: type,
    amountOutstandingCents: amount,
    unpaidRunId: run?.runId ?? null,
    createdBy: principal.userId,
  });
  await linkInvoices(
    tx,
    company.id,
    noticeId,
    allocation.map((a) => ({ invoiceId: a.invoice.id, outstandingCents: a.invoice.outstandingCents })),
  );
  let writtenOffCents = 0;
  if (type === 'C') {
    for (const a of allocation) {
      await addPayment(tx, principal, company, a.invoice.id, {
        amount: a.cents,
        date: company.today,
        method: 'write_off',
        reference: `Unpaid notice ${noticeId}`,
      });
      writtenOffCents += a.cents;
    }
  }
  const letter = await noticeLetter(tx, company, noticeId);
  const to = contact.email?.trim();
  const emailed = Boolean(to && emailAddress.safeParse(to).success);
  let messageId: number | null = null;
  if (emailed && to) {
    const wording = LETTER_WORDING[type];
    messageId = written(
      await insertMessage(tx, {
        companyId: company.id,
        clientId,
        userId: principal.userId,
        channel: 'email',
        recipient: to,
        subject: `${wording.heading}: ${company.name}`,
        content: [
          `Dear ${contact.name},`,
          '',
          ...wording.body(`${company.currency} ${formatCents(amount)}`),
          '',
          'The notice is attached.',
          '',
          company.name,
        ].join('\n'),
        segments: 0,
        costCents: 0,
        idempotencyKey: null,
        attachments: JSON.stringify([
          {
            filename: letter.fileName,
            contentType: 'application/pdf',
            base64: letter.pdf.toString('base64'),
          },
        ]),
      }),
      'message',
    );
    await setNoticeMessage(tx, noticeId, messageId);
  }
  const money = `${company.currency} ${formatCents(amount)}`;
  await recordAudit(tx, principal, {
    clientId,
    subProcess: 'Unpaids Management',
    action: 'unpaid.notice',
    description:
      `Created unpaid notice ${noticeId} (${type}, ${unpaidTypeName(type)}) for ${contact.name}: ${money}` +
      (type === 'C' ? `, written off` : '') +
      (emailed ? `; e-mailed to ${to}.` : '; not e-mailed: the client has no e-mail address.'),
    changes: {
      noticeId,
      unpaidType: type,
      amountOutstandingCents: amount,
      unpaidRunId: run?.runId ?? null,
      messageId,
      writtenOffCents,
      invoices: allocation.map((a) => a.invoice.id),
    },
  });
  const notice = written(await noticeView(tx, noticeId), 'unpaid notice');
  return { notice, emailed, writtenOffCents };
}
