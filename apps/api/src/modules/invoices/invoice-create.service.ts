import type { InvoiceCreate, InvoiceDetail } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { Scope } from '../../lib/deps.ts';
import { assertMayInvoice, createInvoice, invoiceClientProduct } from './invoice.service.ts';
import { type BillingCompany, inBillingCompany } from './invoice-context.ts';
import { invoiceDetail } from './invoice-document.ts';
import { billingPlanLine, companyProductLine } from './invoice-sources.ts';

/**
 * A write of the caller's company by a user allowed to invoice, in one tenant transaction; answers the
 * invoice (the id the write returns) as it then stands.
 */
export const invoicing = (scope: Scope, write: (tx: Tx, company: BillingCompany) => Promise<number>) =>
  inBillingCompany(scope, async (tx, company): Promise<InvoiceDetail> => {
    assertMayInvoice(scope.principal, company);
    return invoiceDetail(tx, company.id, await write(tx, company), company.today);
  });

/** Create invoice (tab 17): a client product and, or, free lines. */
export const createInvoiceFrom = (scope: Scope, { lines, clientProductId, ...rest }: InvoiceCreate) =>
  invoicing(scope, (tx) =>
    clientProductId
      ? invoiceClientProduct(tx, scope.principal, { ...rest, clientProductId, extraLines: lines })
      : createInvoice(tx, scope.principal, { ...rest, lines: lines ?? [] }),
  );

/** A company product sold to a client once. */
export const invoiceCompanyProduct = (scope: Scope, clientId: number, productId: number) =>
  invoicing(scope, async (tx) =>
    createInvoice(tx, scope.principal, {
      clientId,
      lines: [await companyProductLine(tx, scope.principal.companyId, productId)],
    }),
  );

/** One client product, with the tax choice of the path (Y or N, true or false). */
export const invoiceOneClientProduct = (
  scope: Scope,
  p: { clientId: number; useTaxRate: string; clientProductId: number },
) => invoicing(scope, (tx) => invoiceClientProduct(tx, scope.principal, p));

/** A billing plan billed to a client, with the tax choice of the path. */
export const invoiceBillingPlan = (
  scope: Scope,
  { clientId, useTaxRate, billingPlanId }: { clientId: number; useTaxRate: string; billingPlanId: number },
) =>
  invoicing(scope, async (tx) =>
    createInvoice(tx, scope.principal, {
      clientId,
      useTaxRate,
      billingPlanId,
      // A package the patient pays (no tariff code): assertMedicalAccount does not check it as a claim.
      lines: [await billingPlanLine(tx, scope.principal.companyId, billingPlanId)],
    }),
  );
