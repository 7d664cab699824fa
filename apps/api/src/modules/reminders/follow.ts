import { DISPATCH_REASONS } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import {
  type FollowRow,
  insertMissingReminders,
  insertNotices,
  type NoticeRow,
  ofAppointments,
  readFollowState,
  saveFollowState,
  supersedeStale,
} from './follow.queries.ts';

/** Statuses in which the client holds the appointment (for a cancellation notice to make sense). */
const HELD = new Set(['booked', 'arrived', 'fulfilled']);

const changed = (r: FollowRow) =>
  !r.state ||
  r.state.clientId !== r.clientId ||
  r.state.practitionerId !== r.practitionerId ||
  r.state.typeId !== r.typeId ||
  r.state.status !== r.status ||
  r.state.startsAt.getTime() !== r.startsAt.getTime();

/**
 * The booking notice a change calls for, if any. A notice waits out the grace; one still waiting covers a
 * later change (a booking notice says the new time; a change notice compares with what the client knew),
 * so a booking moved and moved back within the grace sends nothing new.
 */
function noticeFor(r: FollowRow, version: number): NoticeRow | undefined {
  const base = { appointmentId: r.id, version, toldStartsAt: null, toldPractitionerId: null };
  const booked = r.status === 'booked';
  const pending = new Set(r.pendingNotices);
  if (!r.state) return r.createdNow && booked ? { ...base, kind: 'booked' } : undefined;
  const was = r.state.status;
  if (was === 'booked' && booked) {
    const moved =
      r.state.startsAt.getTime() !== r.startsAt.getTime() || r.state.practitionerId !== r.practitionerId;
    if (!moved || pending.has('booked') || pending.has('changed')) return undefined;
    return {
      ...base,
      kind: 'changed',
      toldStartsAt: r.state.startsAt,
      toldPractitionerId: r.state.practitionerId,
    };
  }
  // Booked and cancelled within the grace: the client was never told, so nothing is sent.
  if (HELD.has(was) && r.status === 'cancelled') return r.recent ? undefined : { ...base, kind: 'cancelled' };
  // Cancelled and booked again: nothing when the cancellation notice had not gone yet.
  if (was === 'cancelled' && booked)
    return pending.has('cancelled') ? undefined : { ...base, kind: 'booked' };
  return undefined;
}

/**
 * The one hook of the appointment services (issue 16, part 3): called in the transaction of every booking,
 * move, status change and series change, after the write, with the appointments it wrote. Each changed
 * appointment gets a new version; its pending dispatches that no longer fit are superseded, the reminders
 * its rules call for are inserted, and a booking notice when the change calls for one. An appointment
 * whose time, place, client, type and status did not change (new notes) costs one read.
 */
export async function followAppointments(tx: Tx, companyId: number, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return;
  const rows = (await readFollowState(tx, companyId, appointmentIds)).filter(changed);
  if (rows.length === 0) return;
  const versions = new Map(
    rows.map((r) => [r.id, Math.max(r.state?.version ?? 0, r.maxVersion ?? 0) + 1] as const),
  );
  const changedIds = rows.map((r) => r.id);
  await saveFollowState(
    tx,
    companyId,
    rows.map((r) => ({ id: r.id, version: versions.get(r.id) ?? 1 })),
  );
  await supersedeStale(tx, companyId, changedIds, DISPATCH_REASONS.bookingChanged);
  await insertMissingReminders(tx, companyId, ofAppointments(changedIds));
  const notices = rows.flatMap((r) => noticeFor(r, versions.get(r.id) ?? 1) ?? []);
  if (notices.length > 0) await insertNotices(tx, companyId, notices);
}
