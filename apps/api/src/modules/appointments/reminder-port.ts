import type { Tx } from '../../db/tenancy.ts';
import { followAppointments } from '../reminders/follow.ts';

/**
 * The one call from the diary into reminders (issue 16): every write of appointments (booking, move, status
 * change, series booking and change) ends with it, in its own transaction, naming the appointments it
 * wrote, so their reminders are moved, dropped or added before the change commits.
 */
export const remindersFollow = (tx: Tx, companyId: number, appointmentIds: number[]) =>
  followAppointments(tx, companyId, appointmentIds);
