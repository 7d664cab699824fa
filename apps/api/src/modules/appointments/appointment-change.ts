import { type AppointmentUpdate, LIVE_APPOINTMENT_STATUSES } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import type { FieldChanges } from '../audit/audit.service.ts';
import type { NewAppointment, StoredAppointment } from './appointment.queries.ts';
import { updateAppointment } from './appointment.queries.ts';
import { checkLength, checkReferences, storedNotes } from './booking.ts';
import { findClashes } from './clash.queries.ts';
import { clashOnField, withoutOverlap } from './clash.ts';
import { type DiaryCompany, instantOrInvalid, localOf } from './diary-company.ts';
import { remindersFollow } from './reminder-port.ts';

export const isLive = (status: string) => (LIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status);

/** A change applied to a stored appointment: what it becomes, whether its time or place moved, and the diff. */
export async function nextValues(
  tx: Tx,
  company: DiaryCompany,
  before: StoredAppointment,
  patch: AppointmentUpdate,
) {
  const tz = company.timeZone;
  const refs = {
    clientId: patch.clientId ?? before.clientId,
    practitionerId: patch.practitionerId ?? before.practitionerId,
    roomId: patch.roomId === undefined ? before.roomId : (patch.roomId ?? null),
    typeId: patch.typeId ?? before.typeId,
  };
  const changed = {
    clientId: refs.clientId !== before.clientId,
    practitionerId: refs.practitionerId !== before.practitionerId,
    roomId: refs.roomId !== before.roomId,
    typeId: refs.typeId !== before.typeId,
  };
  const type = await checkReferences(tx, company.id, refs, changed);
  const start = patch.start ? instantOrInvalid(patch.start, tz, 'body.start') : before.startAt;
  const length = before.endAt.getTime() - before.startAt.getTime();
  const end = patch.end ? instantOrInvalid(patch.end, tz, 'body.end') : new Date(start.getTime() + length);
  const timeChanged =
    start.getTime() !== before.startAt.getTime() || end.getTime() !== before.endAt.getTime();
  if (timeChanged || changed.typeId) checkLength(start, end, type);
  const moved = timeChanged || changed.practitionerId || changed.roomId || changed.typeId;
  const next: NewAppointment = {
    ...refs,
    start,
    end,
    bufferMinutes: changed.typeId ? type.bufferAfterMinutes : before.bufferMinutes,
    notes: patch.notes === undefined ? before.notes : storedNotes(patch.notes),
    // A deliberate double-booking holds for the time it was made for; a move asks again.
    allowOverlap: patch.allowOverlap ?? (moved ? false : before.allowOverlap),
  };
  const diff: FieldChanges = {};
  const note = (key: string, from: unknown, to: unknown) => {
    if (String(from) !== String(to)) diff[key] = { from, to };
  };
  note('clientId', before.clientId, next.clientId);
  note('practitionerId', before.practitionerId, next.practitionerId);
  note('roomId', before.roomId, next.roomId);
  note('typeId', before.typeId, next.typeId);
  note('start', localOf(before.startAt, tz), localOf(start, tz));
  note('end', localOf(before.endAt, tz), localOf(end, tz));
  note('allowOverlap', before.allowOverlap, next.allowOverlap);
  if ((before.notes ?? '') !== (next.notes ?? '')) diff.notes = { from: '(changed)', to: '(changed)' };
  return { next, type, moved: moved || next.allowOverlap !== before.allowOverlap, diff };
}

/** Writes one changed appointment, refusing overlaps (409 naming them) unless it is a deliberate double-booking. */
export async function writeChange(
  tx: Tx,
  company: DiaryCompany,
  before: StoredAppointment,
  next: NewAppointment,
  moved: boolean,
  excludeIds: number[] = [before.id],
) {
  const probe = {
    practitionerId: next.practitionerId,
    roomId: next.roomId,
    bufferMinutes: next.bufferMinutes,
    spans: [{ start: next.start, end: next.end }],
    excludeIds,
  };
  const mustNotOverlap = moved && isLive(before.status) && !next.allowOverlap;
  if (mustNotOverlap) {
    const clashes = await findClashes(tx, company.id, probe, company.timeZone);
    if (clashes.length > 0) throw clashOnField(clashes);
  }
  await withoutOverlap(
    tx,
    (sp) => updateAppointment(sp, company.id, before.id, next),
    async () => {
      throw clashOnField(await findClashes(tx, company.id, probe, company.timeZone));
    },
  );
  await remindersFollow(tx, company.id, [before.id]);
}
