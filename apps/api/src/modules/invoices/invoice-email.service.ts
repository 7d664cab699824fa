import type { InvoiceEmail } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { queueDocumentEmail } from './document-email.ts';
import type { Actor } from './invoice.service.ts';
import type { BillingCompany } from './invoice-context.ts';
import { invoicePdf } from './invoice-document.ts';
import { formatCents } from './invoice-totals.ts';

/** E-mails the invoice PDF to whom it is billed; subject and message default to a plain covering note. */
export async function emailInvoice(
  tx: Tx,
  actor: Actor,
  company: BillingCompany,
  id: number,
  body: InvoiceEmail,
) {
  const { fileName, pdf, document } = await invoicePdf(tx, id, company);
  const { invoice, billTo } = document;
  const title = `${company.taxRegistered === 'Y' ? 'Tax invoice' : 'Invoice'} ${invoice.reference ?? 'draft'}`;
  const due = `${invoice.currency} ${formatCents(invoice.outstandingCents)}`;
  return queueDocumentEmail(tx, actor, {
    clientId: invoice.billToClientId,
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
  });
}
