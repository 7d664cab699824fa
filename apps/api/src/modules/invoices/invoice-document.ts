import type { InvoiceDetail } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { findInvoice, linesOf, paymentsOf } from './invoice.queries.ts';
import type { BillingCompany } from './invoice-context.ts';
import { type PartyRow, partyRows } from './invoice-party.queries.ts';
import type { InvoiceDocument, Party } from './invoice-pdf.ts';
import { loadMedicalAccount } from './medical-account.ts';

const toParty = (r: PartyRow): Party => ({
  name: r.name,
  address: [
    r.address1,
    r.address2,
    r.region,
    [r.state, r.postalCode].filter(Boolean).join(' '),
    r.country,
  ].filter((part): part is string => Boolean(part)),
  email: r.email,
  taxNumber: r.taxNumber,
});

/** One invoice with its lines and payments; 404 when it is not the tenant's. */
export async function invoiceDetail(
  tx: Tx,
  companyId: number,
  id: number,
  today: string,
): Promise<InvoiceDetail> {
  const invoice = mustExist(await findInvoice(tx, companyId, id, today), 'Invoice');
  return {
    ...invoice,
    lines: await linesOf(tx, companyId, id),
    payments: await paymentsOf(tx, companyId, id),
  };
}

export async function invoiceDocument(tx: Tx, id: number, company: BillingCompany): Promise<InvoiceDocument> {
  const invoice = await invoiceDetail(tx, company.id, id, company.today);
  const parties = await partyRows(tx, company.id, [invoice.billToClientId, invoice.clientId]);
  const billTo = parties.get(invoice.billToClientId);
  const client = parties.get(invoice.clientId);
  if (!billTo || !client) throw new Error('invoice parties not found');
  return {
    company,
    invoice,
    billTo: toParty(billTo),
    patient: invoice.billToClientId === invoice.clientId ? null : toParty(client),
    rafLinkNumber: client.rafLinkNumber,
    medical: company.type === 'H' ? await loadMedicalAccount(tx, company, invoice) : null,
  };
}

export const invoiceFileName = (invoice: Pick<InvoiceDetail, 'id' | 'reference'>) =>
  `${invoice.reference ?? `draft-${invoice.id}`}.pdf`;

/** The invoice read in the caller's transaction and drawn off the request thread while it waits. */
export async function invoicePdf(tx: Tx, renderer: PdfRenderer, id: number, company: BillingCompany) {
  const document = await invoiceDocument(tx, id, company);
  const pdf = await renderer.render({ kind: 'invoice', document }, company.id);
  return { fileName: invoiceFileName(document.invoice), pdf, document };
}
