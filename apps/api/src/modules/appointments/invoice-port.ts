import type { InvoiceDetail } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { assertMayInvoice, createInvoice, type DraftLine } from '../invoices/invoice.service.ts';
import { billingCompany } from '../invoices/invoice-context.ts';
import { invoiceDetail } from '../invoices/invoice-document.ts';
import { billingPlanLine, companyProductLine } from '../invoices/invoice-sources.ts';

/** What an appointment invoices: its type's product or plan, or a fee of the type. */
export type AppointmentCharge =
  | { productId: number }
  | { billingPlanId: number }
  | { fee: { description: string; cents: number } };

/**
 * The one call from the diary into the invoice module (numbering, VAT, PDF and its audit entry stay there):
 * when that module's service changes, only this function follows it.
 */
export async function invoiceAppointmentCharge(
  tx: Tx,
  actor: Pick<Principal, 'companyId' | 'userId'>,
  input: {
    clientId: number;
    appointmentId: number;
    practitionerId: number;
    charge: AppointmentCharge;
    /** The appointment type's tariff code: before the product's on a medical account's line. */
    tariffCode: string | null;
  },
): Promise<InvoiceDetail> {
  const company = await billingCompany(tx, actor.companyId);
  const { charge } = input;
  const line: DraftLine =
    'productId' in charge
      ? await companyProductLine(tx, actor.companyId, charge.productId)
      : 'billingPlanId' in charge
        ? await billingPlanLine(tx, actor.companyId, charge.billingPlanId)
        : { description: charge.fee.description, quantity: 1, unitPriceCents: charge.fee.cents };
  const fee = 'fee' in charge;
  const id = await createInvoice(tx, actor, {
    clientId: input.clientId,
    appointmentId: input.appointmentId,
    practitionerId: input.practitionerId,
    billingPlanId: 'billingPlanId' in charge ? charge.billingPlanId : null,
    // A no-show or late-cancellation fee is the patient's own debt (no scheme pays it, so it is not checked
    // as a claim: the invoice module tells it by the appointment's status).
    lines: [fee ? line : { ...line, tariffCode: input.tariffCode ?? line.tariffCode }],
  });
  return invoiceDetail(tx, actor.companyId, id, company.today);
}

/** Spec section 2: invoicing needs enableInvoicing not N (the invoice module's rule). */
export async function assertMayInvoiceAppointment(tx: Tx, principal: Principal) {
  assertMayInvoice(principal, await billingCompany(tx, principal.companyId));
}
