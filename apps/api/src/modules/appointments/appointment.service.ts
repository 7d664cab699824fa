import {
  type AppointmentInput,
  type AppointmentStatus,
  type AppointmentStatusInput,
  type AppointmentUpdate,
  addDaysIso,
  MAX_DIARY_DAYS,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { ConflictError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import { findClientEvenDeleted } from '../clients/client.queries.ts';
import {
  type DiaryFilter,
  findAppointment,
  findLiveInvoice,
  insertAppointments,
  lockAppointment,
  type StoredAppointment,
  selectClientAppointments,
  selectDiaryJson,
  selectUninvoiced,
  updateStatus,
} from './appointment.queries.ts';
import { isLive, nextValues, writeChange } from './appointment-change.ts';
import { checkLength, checkReferences, endOrDefault, storedNotes } from './booking.ts';
import { findClashes } from './clash.queries.ts';
import { clashOnField, withoutOverlap } from './clash.ts';
import {
  type DiaryCompany,
  diaryCompany,
  instantOrInvalid,
  invalidField,
  localOf,
  MINUTE,
} from './diary-company.ts';
import { recallsBooked, remindersFollow } from './reminder-port.ts';

const audit = { subProcess: 'Client Management' as const };

/** An appointment the caller's company holds, as the answer shows it (404 otherwise). */
export const readAppointment = async (tx: Tx, company: DiaryCompany, id: number) =>
  mustExist(await findAppointment(tx, company.id, id, company.timeZone), 'Appointment');

export const getAppointment = (scope: Scope, id: number) =>
  inTenant(scope, async (tx) => readAppointment(tx, await diaryCompany(tx, scope.principal.companyId), id));

/** The diary of a range as the JSON text of an Appointment list (built by PostgreSQL, sent as it is). */
export const listDiary = (scope: Scope, filter: DiaryFilter) =>
  inTenant(scope, async (tx) => {
    if (filter.end <= filter.start) throw invalidField('querystring.end', 'The end must be after the start.');
    if (filter.end.getTime() - filter.start.getTime() > MAX_DIARY_DAYS * 24 * 60 * MINUTE)
      throw invalidField('querystring.end', `A diary read covers at most ${MAX_DIARY_DAYS} days.`);
    const company = await diaryCompany(tx, scope.principal.companyId);
    return selectDiaryJson(tx, company.id, filter, company.timeZone);
  });

export const listClientAppointments = (scope: Scope, clientId: number) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    mustExist(await findClientEvenDeleted(tx, company.id, clientId), 'Client');
    return selectClientAppointments(tx, company.id, clientId, company.timeZone);
  });

/** The day's arrived or completed appointments with no live invoice (default: today in the company's zone). */
export const listUninvoiced = (scope: Scope, date?: string) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const day = date ?? company.today;
    const start = instantOrInvalid(`${day}T00:00`, company.timeZone, 'querystring.date');
    const end = instantOrInvalid(`${addDaysIso(day, 1)}T00:00`, company.timeZone, 'querystring.date');
    return selectUninvoiced(tx, company.id, start, end, company.timeZone);
  });

/** Books one appointment: 400 on a bad field, 409 naming the clash; a double-booking only when asked. */
export const bookAppointment = (scope: Scope, input: AppointmentInput) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const refs = { ...input, roomId: input.roomId ?? null };
    const type = await checkReferences(tx, company.id, refs);
    const start = instantOrInvalid(input.start, company.timeZone, 'body.start');
    const end = endOrDefault(
      start,
      input.end ? instantOrInvalid(input.end, company.timeZone, 'body.end') : undefined,
      type,
    );
    checkLength(start, end, type);
    const row = {
      ...refs,
      start,
      end,
      bufferMinutes: type.bufferAfterMinutes,
      notes: storedNotes(input.notes),
      allowOverlap: input.allowOverlap,
    };
    const probe = { ...refs, bufferMinutes: row.bufferMinutes, spans: [{ start, end }] };
    const clashes = () => findClashes(tx, company.id, probe, company.timeZone);
    if (!input.allowOverlap) {
      const found = await clashes();
      if (found.length > 0) throw clashOnField(found);
    }
    const [id] = await withoutOverlap(
      tx,
      (sp) => insertAppointments(sp, company.id, scope.principal.userId, [row]),
      async () => {
        throw clashOnField(await clashes());
      },
    );
    const booked = await readAppointment(tx, company, id ?? 0);
    await remindersFollow(tx, company.id, [booked.id]);
    await recallsBooked(tx, company.id, [booked.id]);
    await recordAudit(tx, scope.principal, {
      ...audit,
      clientId: booked.clientId,
      action: input.allowOverlap ? 'appointment.create.double-booked' : 'appointment.create',
      description: `Booked ${type.name} with ${booked.practitionerName} on ${booked.startLocal.replace('T', ' ')}${
        input.allowOverlap ? ' (double-booking allowed)' : ''
      }.`,
      changes: {
        appointmentId: booked.id,
        start: booked.startLocal,
        end: booked.endLocal,
        allowOverlap: input.allowOverlap,
      },
    });
    return booked;
  });

/** Move, resize, reassign or change the notes; absent fields keep their value. */
export const changeAppointment = (scope: Scope, id: number, patch: AppointmentUpdate) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const before = mustExist(await lockAppointment(tx, company.id, id), 'Appointment');
    const { next, moved, diff } = await nextValues(tx, company, before, patch);
    if (Object.keys(diff).length === 0) return readAppointment(tx, company, id);
    await writeChange(tx, company, before, next, moved);
    const after = await readAppointment(tx, company, id);
    await recordAudit(tx, scope.principal, {
      ...audit,
      clientId: after.clientId,
      action: next.allowOverlap && moved ? 'appointment.update.double-booked' : 'appointment.update',
      description: `Changed appointment ${id} (${after.typeName}, ${after.startLocal.replace('T', ' ')}).`,
      changes: diff,
    });
    return after;
  });

const NEXT: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  booked: ['arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error'],
  arrived: ['booked', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error'],
  fulfilled: ['arrived', 'entered-in-error'],
  cancelled: ['booked', 'entered-in-error'],
  noshow: ['booked', 'arrived', 'entered-in-error'],
  'entered-in-error': [],
};
export const mayMove = (from: AppointmentStatus, to: AppointmentStatus) => NEXT[from].includes(to);

/**
 * One status change of a locked appointment (FHIR Appointment.status). A cancellation names its reason; an
 * invoiced appointment keeps its status until the invoice is cancelled (only arrived and completed swap);
 * back to a live status the no-overlap rule applies again.
 */
export async function applyStatus(
  tx: Tx,
  actor: Actor,
  company: DiaryCompany,
  before: StoredAppointment,
  input: AppointmentStatusInput,
) {
  const { status } = input;
  const reason = status === 'cancelled' ? (input.cancelReason ?? null) : null;
  if (status === 'cancelled' && !reason)
    throw invalidField('body.cancelReason', 'Say who cancelled: client, practice or late.');
  if (status === before.status && reason === before.cancelReason) return;
  if (status !== before.status && !mayMove(before.status, status))
    throw invalidField('body.status', `An appointment that is ${before.status} cannot become ${status}.`);
  const invoice = await findLiveInvoice(tx, company.id, before.id);
  const visit = (s: AppointmentStatus) => s === 'arrived' || s === 'fulfilled';
  const swap = visit(before.status) && visit(status);
  if (invoice && !swap)
    throw new ConflictError(`Appointment ${before.id} has invoice ${invoice.id}: cancel the invoice first.`);
  const write = (sp: Tx) => updateStatus(sp, company.id, before.id, status, reason);
  if (!isLive(before.status) && isLive(status)) {
    const probe = {
      practitionerId: before.practitionerId,
      roomId: before.roomId,
      bufferMinutes: before.bufferMinutes,
      spans: [{ start: before.startAt, end: before.endAt }],
      excludeIds: [before.id],
    };
    const clashes = () => findClashes(tx, company.id, probe, company.timeZone);
    const found = before.allowOverlap ? [] : await clashes();
    if (found.length > 0) throw clashOnField(found, 'body.status');
    await withoutOverlap(tx, write, async () => {
      throw clashOnField(await clashes(), 'body.status');
    });
  } else {
    await write(tx);
  }
  await remindersFollow(tx, company.id, [before.id]);
  await recordAudit(tx, actor, {
    ...audit,
    clientId: before.clientId,
    action: 'appointment.status',
    description: `Appointment ${before.id} on ${localOf(before.startAt, company.timeZone).replace('T', ' ')}: ${before.status} → ${status}${reason ? ` (${reason})` : ''}.`,
    changes: {
      status: { from: before.status, to: status },
      cancelReason: { from: before.cancelReason, to: reason },
    },
  });
}

export const setAppointmentStatus = (scope: Scope, id: number, input: AppointmentStatusInput) =>
  inTenant(scope, async (tx) => {
    const company = await diaryCompany(tx, scope.principal.companyId);
    const before = mustExist(await lockAppointment(tx, company.id, id), 'Appointment');
    await applyStatus(tx, scope.principal, company, before, input);
    return readAppointment(tx, company, id);
  });
