import type { Appointment, AppointmentInvoiceState, AppointmentStatus, CancelReason } from '@pd/contracts';

/** FHIR statuses as a receptionist says them. */
export const STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  fulfilled: 'Completed',
  cancelled: 'Cancelled',
  noshow: 'No-show',
  'entered-in-error': 'Entered in error',
};

export const CANCEL_REASON_LABELS: Record<CancelReason, string> = {
  client: 'by the client',
  practice: 'by the practice',
  late: 'late',
};

export const INVOICE_STATE_LABELS: Record<AppointmentInvoiceState, string> = {
  'not-invoiced': 'Not invoiced',
  invoiced: 'Invoiced',
  paid: 'Paid',
};

/**
 * "Cancelled (by the client)"; "Booked (confirmed by the client)" once the client replied Y to a reminder
 * (older answers may lack the field); else the status alone.
 */
export const statusText = (
  a: Pick<Appointment, 'status' | 'cancelReason'> & { confirmed?: string | null },
) => {
  if (a.status === 'cancelled' && a.cancelReason)
    return `${STATUS_LABELS.cancelled} (${CANCEL_REASON_LABELS[a.cancelReason]})`;
  if (a.status === 'booked' && a.confirmed) return `${STATUS_LABELS.booked} (confirmed by the client)`;
  return STATUS_LABELS[a.status];
};

/** A company wall clock (YYYY-MM-DDTHH:mm) as shown: 2030-01-15 09:00. */
export const wallClockText = (local: string) => local.replace('T', ' ');
