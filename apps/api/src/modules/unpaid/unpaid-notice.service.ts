import { SUCCESS_MESSAGES, type UnpaidNoticeCreate, type UnpaidNoticeResult } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { inBillingCompany } from '../invoices/invoice-context.ts';
import { type DeliveryPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { findClientContact } from '../messaging/message.queries.ts';
import { owedInvoices } from './unpaid.queries.ts';
import { createNotice, noticeLetter, noticeViews } from './unpaid.service.ts';

const NOT_EMAILED = 'The client has no e-mail address: the letter was not e-mailed; download it instead.';

/** Tab 16: a notice to a client; its letter's e-mail is enqueued once the notice is committed. */
export async function createUnpaidNotice(
  scope: Scope,
  publisher: DeliveryPublisher,
  renderer: PdfRenderer,
  clientId: number,
  input: UnpaidNoticeCreate,
): Promise<UnpaidNoticeResult> {
  const outcome = await inBillingCompany(scope, (tx, company) =>
    createNotice(tx, scope.principal, company, renderer, clientId, input),
  );
  if (outcome.notice.messageId) await publisher.enqueue([outcome.notice.messageId], PRIORITY.single);
  const message = outcome.emailed
    ? SUCCESS_MESSAGES.createUnpaidNotice
    : `${SUCCESS_MESSAGES.createUnpaidNotice} ${NOT_EMAILED}`;
  return { ...outcome, message };
}

/** A client's notices, newest first; 404 for a client that is not the company's. */
export const clientNotices = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    mustExist(await findClientContact(tx, companyId, clientId), 'Client');
    return noticeViews(tx, companyId, { clientId });
  });

/** Issue 13: what the client owes now, the most a notice may ask for (the create check's own figure). */
export const clientOwed = (scope: Scope, clientId: number) =>
  inBillingCompany(scope, async (tx, company) => {
    mustExist(await findClientContact(tx, company.id, clientId), 'Client');
    const invoices = await owedInvoices(tx, company.id, clientId, company.today);
    return {
      owedCents: invoices.reduce((sum, i) => sum + i.outstandingCents, 0),
      currency: company.currency,
    };
  });

/** A notice's letter as a PDF, and its file name: read in the tenant transaction, drawn once it has ended. */
export async function noticeLetterPdf(scope: Scope, renderer: PdfRenderer, id: number) {
  const { fileName, job } = await inBillingCompany(scope, (tx, company) => noticeLetter(tx, company, id));
  return { fileName, pdf: await renderer.render(job, scope.principal.companyId) };
}
