import { formatMoney, type InvoiceEmail } from '@pd/contracts';
import type { Scope } from '../../lib/deps.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { type DeliveryPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { findRecipient, queueDocumentEmailOnce } from './document-email.ts';
import { inBillingCompany } from './invoice-context.ts';
import { invoicePdf } from './invoice-document.ts';

/**
 * E-mails the invoice PDF to whom it is billed; subject and message default to a plain covering note. The
 * delivery is enqueued once the message is committed; answers its id. A repeated Idempotency-Key queues nothing.
 */
export async function emailInvoice(
  scope: Scope,
  publisher: DeliveryPublisher,
  renderer: PdfRenderer,
  id: number,
  body: InvoiceEmail,
  idempotencyKey?: string,
): Promise<number> {
  const { messageId, repeated } = await inBillingCompany(scope, async (tx, company) => {
    const { fileName, pdf, document } = await invoicePdf(tx, renderer, id, company);
    const { invoice, billTo } = document;
    const title = `${company.taxRegistered === 'Y' ? 'Tax invoice' : 'Invoice'} ${invoice.reference ?? 'draft'}`;
    const due = formatMoney(invoice.outstandingCents, invoice.currency);
    return queueDocumentEmailOnce(
      tx,
      scope.principal,
      {
        to: await findRecipient(tx, company.id, invoice.billToClientId),
        subject: body.emailSubject || `${title} from ${company.name}`,
        content:
          body.emailMessage ||
          [
            `Dear ${billTo.name},`,
            '',
            `Please find ${title} attached: ${due} due by ${invoice.due}.`,
            '',
            company.name,
          ].join('\n'),
        fileName,
        pdf,
        audit: {
          subProcess: 'Billing Management',
          action: 'invoice.email',
          description: `${title} for ${invoice.clientName}.`,
          changes: { invoiceId: id },
        },
      },
      idempotencyKey,
    );
  });
  if (!repeated) await publisher.enqueue([messageId], PRIORITY.single);
  return messageId;
}
