import type { AppointmentType } from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findLiveInvoice, lockAppointment, type StoredAppointment } from './appointment.queries.ts';
import { isUniqueViolation } from './clash.ts';
import { diaryCompany, invalidField, localOf } from './diary-company.ts';
import {
  type AppointmentCharge,
  assertMayInvoiceAppointment,
  invoiceAppointmentCharge,
} from './invoice-port.ts';
import { findType } from './type.queries.ts';

/** The visit for arrived or completed appointments; the type's fee for a no-show or a late cancellation. */
function chargeOf(a: StoredAppointment, type: AppointmentType, when: string): AppointmentCharge {
  if (a.status === 'arrived' || a.status === 'fulfilled') {
    if (type.productId) return { productId: type.productId };
    if (type.billingPlanId) return { billingPlanId: type.billingPlanId };
    throw invalidField('typeId', `The type ${type.name} has no product or billing plan to invoice.`);
  }
  if (a.status === 'noshow') {
    if (type.noShowFeeCents)
      return { fee: { description: `No-show fee: ${type.name}, ${when}`, cents: type.noShowFeeCents } };
    throw invalidField('typeId', `The type ${type.name} has no no-show fee.`);
  }
  if (a.status === 'cancelled' && a.cancelReason === 'late') {
    if (type.lateCancelFeeCents)
      return {
        fee: { description: `Late cancellation fee: ${type.name}, ${when}`, cents: type.lateCancelFeeCents },
      };
    throw invalidField('typeId', `The type ${type.name} has no late-cancellation fee.`);
  }
  throw new ConflictError('Only arrived, completed, no-show or late-cancelled appointments are invoiced.');
}

/**
 * Creates the appointment's invoice through the invoice service: once. The appointment row is locked for
 * the transaction, and a unique index (migration 0020) holds "one live invoice" even past that.
 */
export const invoiceAppointment = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const a = mustExist(await lockAppointment(tx, company.id, id), 'Appointment');
    await assertMayInvoiceAppointment(tx, scope.principal);
    const existing = await findLiveInvoice(tx, company.id, id);
    const already = () =>
      new ConflictError(
        `Appointment ${id} is already invoiced${existing ? ` (invoice ${existing.id})` : ''}.`,
      );
    if (existing) throw already();
    const type = mustExist(await findType(tx, company.id, a.typeId), 'Appointment type');
    const when = localOf(a.startAt, company.timeZone).replace('T', ' ');
    const charge = chargeOf(a, type, when);
    const input = {
      clientId: a.clientId,
      appointmentId: a.id,
      practitionerId: a.practitionerId,
      charge,
      tariffCode: type.tariffCode,
    };
    let invoice: Awaited<ReturnType<typeof invoiceAppointmentCharge>>;
    try {
      invoice = await tx.transaction((sp) => invoiceAppointmentCharge(sp, scope.principal, input));
    } catch (error) {
      if (isUniqueViolation(error)) throw already();
      throw error;
    }
    await recordAudit(tx, scope.principal, {
      subProcess: 'Billing Management',
      clientId: a.clientId,
      action: 'appointment.invoice',
      description: `Invoiced appointment ${id} (${type.name}, ${when}) as ${invoice.reference ?? `invoice ${invoice.id}`}.`,
      changes: { appointmentId: id, invoiceId: invoice.id, charge: 'fee' in charge ? 'fee' : 'visit' },
    });
    return invoice;
  });
