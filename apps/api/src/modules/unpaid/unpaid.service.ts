import { formatMoney, type UnpaidNotice, type UnpaidNoticeCreate, unpaidTypeName } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { PdfJob, PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findRecipient, queueDocumentEmail } from '../invoices/document-email.ts';
import { assertMayInvoice } from '../invoices/invoice.service.ts';
import { addPayment } from '../invoices/invoice-changes.service.ts';
import type { BillingCompany } from '../invoices/invoice-context.ts';
import {
  insertNotice,
  letterClient,
  linkInvoices,
  type NoticeSelection,
  type OwedInvoice,
  owedInvoices,
  selectNotices,
  setNoticeMessage,
} from './unpaid.queries.ts';
import { LETTER_WORDING, letterFileName } from './unpaid-letter.ts';

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

/** The company's notices (a client's, or one) as the API shows them. */
export async function noticeViews(
  tx: Tx,
  companyId: number,
  which: NoticeSelection,
): Promise<UnpaidNotice[]> {
  const rows = await selectNotices(tx, companyId, which);
  return rows.map((row) => ({ ...row, unpaidTypeName: unpaidTypeName(row.unpaidType) }));
}

const noticeView = async (tx: Tx, companyId: number, id: number) =>
  mustExist((await noticeViews(tx, companyId, { id }))[0], 'Unpaid notice');

/** What the letter of a stored notice is drawn from (what was e-mailed, drawn again from the stored notice). */
export async function noticeLetter(tx: Tx, company: Pick<BillingCompany, 'id' | 'name'>, id: number) {
  const notice = await noticeView(tx, company.id, id);
  const client = mustExist(await letterClient(tx, company.id, notice.clientId), 'Client');
  const job: PdfJob = { kind: 'letter', letter: { companyName: company.name, notice, client } };
  return { fileName: letterFileName(id), job };
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
  renderer: PdfRenderer,
  clientId: number,
  input: UnpaidNoticeCreate,
  run?: { runId: number; invoices: OwedInvoice[]; ladderDue: string },
): Promise<NoticeOutcome> {
  const contact = await findRecipient(tx, company.id, clientId);
  const type = input.unpaidType;
  if (type === 'C') assertMayInvoice(principal, company);
  const invoices = run?.invoices ?? (await owedInvoices(tx, company.id, clientId, company.today));
  const owed = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
  const amount = input.unpaidAmountOutstanding;
  if (amount > owed) {
    throw new ValidationError('Some fields are not valid.', [
      {
        path: 'body.unpaidAmountOutstanding',
        message: `The amount is more than the ${formatMoney(owed, company.currency)} the client owes.`,
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
    ladderDue: run?.ladderDue ?? null,
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
  const to = contact.email;
  const emailed = to !== null;
  let messageId: number | null = null;
  if (emailed) {
    const letter = await noticeLetter(tx, company, noticeId);
    // Attached in this transaction: drawn off the request thread while it waits.
    const pdf = await renderer.render(letter.job, company.id);
    const wording = LETTER_WORDING[type];
    messageId = await queueDocumentEmail(tx, principal, {
      to: contact,
      subject: `${wording.heading}: ${company.name}`,
      content: [
        `Dear ${contact.name},`,
        '',
        ...wording.body(formatMoney(amount, company.currency)),
        '',
        'The notice is attached.',
        '',
        company.name,
      ].join('\n'),
      fileName: letter.fileName,
      pdf,
      // no entry of its own: the notice's entry below says it was e-mailed
    });
    await setNoticeMessage(tx, company.id, noticeId, messageId);
  }
  const money = formatMoney(amount, company.currency);
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
  const notice = await noticeView(tx, company.id, noticeId);
  return { notice, emailed, writtenOffCents };
}
