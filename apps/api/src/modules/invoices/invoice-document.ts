import type { InvoiceDetail } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { findInvoice, linesOf, paymentsOf } from './invoice.queries.ts';
import type { BillingCompany } from './invoice-context.ts';
import { type InvoiceDocument, type Party, renderInvoicePdf } from './invoice-pdf.ts';

type PartyRow = {
  id: number;
  name: string;
  address1: string | null;
  address2: string | null;
  region: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  email: string | null;
  taxNumber: string | null;
  rafLinkNumber: string | null;
};

async function partyRows(tx: Tx, ids: number[]): Promise<Map<number, PartyRow>> {
  const { rows } = await tx.execute<PartyRow>(sql`
    select c.id, c.name, c.address1, c.address2, c.address_region as region, c.address_state as state,
           c.address_postal_code as "postalCode", c.address_country as country, c.email,
           case when c.tax_registered = 'Y' then c.tax_number end as "taxNumber",
           nullif(trim(cc.raf_link_number), '') as "rafLinkNumber"
      from clients c
      left join client_configs cc on cc.company_id = c.company_id and cc.client_id = c.id
     where c.id = any(${sql.param(ids)}::bigint[])`);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

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
export async function invoiceDetail(tx: Tx, id: number, today: string): Promise<InvoiceDetail> {
  const invoice = await findInvoice(tx, id, today);
  if (!invoice) throw new NotFoundError('Invoice');
  return { ...invoice, lines: await linesOf(tx, id), payments: await paymentsOf(tx, id) };
}

export async function invoiceDocument(tx: Tx, id: number, company: BillingCompany): Promise<InvoiceDocument> {
  const invoice = await invoiceDetail(tx, id, company.today);
  const parties = await partyRows(tx, [invoice.billToClientId, invoice.clientId]);
  const billTo = parties.get(invoice.billToClientId);
  const client = parties.get(invoice.clientId);
  if (!billTo || !client) throw new Error('invoice parties not found');
  return {
    company,
    invoice,
    billTo: toParty(billTo),
    patient: invoice.billToClientId === invoice.clientId ? null : toParty(client),
    rafLinkNumber: client.rafLinkNumber,
  };
}

export const invoiceFileName = (invoice: Pick<InvoiceDetail, 'id' | 'reference'>) =>
  `${invoice.reference ?? `draft-${invoice.id}`}.pdf`;

export async function invoicePdf(tx: Tx, id: number, company: BillingCompany) {
  const document = await invoiceDocument(tx, id, company);
  return { fileName: invoiceFileName(document.invoice), pdf: await renderInvoicePdf(document), document };
}
