import type { Tx } from '../../db/tenancy.ts';
import { recallsForBooking } from '../recalls/recall.service.ts';
import { followAppointments } from '../reminders/follow.ts';

/**
 * The one call from the diary into reminders (issue 16): every write of appointments (booking, move, status
 * change, series booking and change) ends with it, in its own transaction, naming the appointments it
 * wrote, so their reminders are moved, dropped or added before the change commits.
 */
export const remindersFollow = (tx: Tx, companyId: number, appointmentIds: number[]) =>
  followAppointments(tx, companyId, appointmentIds);

/** A booking (one appointment or a series) completes the client's open recalls, in the booking's transaction. */
export const recallsBooked = (tx: Tx, companyId: number, appointmentIds: number[]) =>
  recallsForBooking(tx, companyId, appointmentIds);
