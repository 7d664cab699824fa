import type { InvoiceList, InvoiceListQuery } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { findInvoiceIdByAppointment, findLiveClientId, findUserId } from './invoice.queries.ts';
import { inBillingCompany } from './invoice-context.ts';
import { invoiceDetail, invoiceDocument, invoiceFileName } from './invoice-document.ts';
import { type InvoiceScope, listInvoicePage, listInvoices, scopedInvoices } from './invoice-list.queries.ts';
import { invoiceListTotals } from './invoice-list-totals.queries.ts';
import { billingRunInfo, unpaidRunInfo } from './invoice-runs.queries.ts';

/** A list's scope must name something of the company (404 otherwise, as for a missing one). */
async function checkScope(tx: Tx, companyId: number, scope: InvoiceScope): Promise<void> {
  if ('practitionerId' in scope) mustExist(await findUserId(tx, companyId, scope.practitionerId), 'User');
  else if ('affiliateClientId' in scope)
    mustExist(await findLiveClientId(tx, companyId, scope.affiliateClientId), 'Client');
  else if ('billingRunId' in scope)
    mustExist(await billingRunInfo(tx, companyId, scope.billingRunId), 'Billing run');
  else mustExist(await unpaidRunInfo(tx, companyId, scope.unpaidRunId), 'Unpaid run');
}

/** One of the status lists (spec section 4), newest first. */
export const invoiceList = (scope: Scope, list: InvoiceList) =>
  inBillingCompany(scope, (tx, c) => listInvoices(tx, c.id, list, c.today));

/** The invoices of a practitioner, an affiliate or a run, newest first. */
export const scopedInvoiceList = (scope: Scope, of: InvoiceScope) =>
  inBillingCompany(scope, async (tx, c) => {
    await checkScope(tx, c.id, of);
    return scopedInvoices(tx, c.id, of, c.today);
  });

/** The lazy list: one page, sorted, searched and filtered; of one practitioner when `of` says so. */
export const invoicePage = (scope: Scope, query: InvoiceListQuery, of?: InvoiceScope) =>
  inBillingCompany(scope, async (tx, c) => {
    if (of) await checkScope(tx, c.id, of);
    return listInvoicePage(tx, c.id, query, c.today, of);
  });

/** Issue 13: every status list's count, total and outstanding under the lazy list's other filters. */
export const invoiceTotals = (scope: Scope, query: InvoiceListQuery) =>
  inBillingCompany(scope, (tx, c) => invoiceListTotals(tx, c.id, query, c.today));

export const billingRunSummary = (scope: Scope, runId: number) =>
  inBillingCompany(scope, async (tx, c) => mustExist(await billingRunInfo(tx, c.id, runId), 'Billing run'));

export const unpaidRunSummary = (scope: Scope, runId: number) =>
  inBillingCompany(scope, async (tx, c) => mustExist(await unpaidRunInfo(tx, c.id, runId), 'Unpaid run'));

export const getInvoice = (scope: Scope, id: number) =>
  inBillingCompany(scope, (tx, c) => invoiceDetail(tx, c.id, id, c.today));

/** The latest invoice (not cancelled) of an appointment. */
export const appointmentInvoice = (scope: Scope, appointmentId: number) =>
  inBillingCompany(scope, async (tx, c) => {
    const id = mustExist(await findInvoiceIdByAppointment(tx, c.id, appointmentId), 'Invoice');
    return invoiceDetail(tx, c.id, id, c.today);
  });

/** The invoice as a PDF, and the file name it downloads as. */
export async function downloadInvoice(scope: Scope, renderer: PdfRenderer, id: number) {
  // Read in the tenant transaction; drawn once it has ended, off the request thread.
  const document = await inBillingCompany(scope, (tx, c) => invoiceDocument(tx, id, c));
  const pdf = await renderer.render({ kind: 'invoice', document }, scope.principal.companyId);
  return { fileName: invoiceFileName(document.invoice), pdf };
}
