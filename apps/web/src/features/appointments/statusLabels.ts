import type { AppointmentStatus } from '@pd/contracts';

/** The words for statuses, cancel reasons and invoice states are the client sub-view's, shared. */
export {
  CANCEL_REASON_LABELS,
  INVOICE_STATE_LABELS,
  STATUS_LABELS,
  statusText,
} from '../client-appointments/appointmentLabels.ts';

/** The statuses the diary shows unless the user filters otherwise. */
export const DEFAULT_STATUSES: AppointmentStatus[] = ['booked', 'arrived', 'fulfilled', 'noshow'];
