import {
  type Appointment,
  type AppointmentStatus,
  appointmentListSchema,
  type CancelReason,
} from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';
import { epochMs, instantColumn, rangeLiteral } from './diary-company.ts';

/** The live invoice (not cancelled, not a draft) of an appointment: at most one (unique index, migration 0020). */
const liveInvoice = (column: SQL) => sql`(select ${column} from invoices i
   where i.company_id = a.company_id and i.appointment_id = a.id and i.appointment_id is not null
     and i.status not in ('cancelled','draft') limit 1)`;

/** An instant as Date.toISOString writes it (UTC, milliseconds, Z). */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** An instant as the company's wall clock, YYYY-MM-DDTHH:mm (wallClockStringOf's format). */
const wallClockOf = (column: SQL, timeZone: string) =>
  sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`;

/**
 * Appointments as the API answers them (the contracts' Appointment, in order), built by PostgreSQL as one
 * JSON text: the diary's day of hundreds of rows is sent as it comes, with no row mapping, wall-clock
 * conversion or serialising in Node (docs/decisions/0006-diary-json-from-sql.md). The client's name and
 * the invoice are read per row by key: a join let the planner hash every client of the company for a
 * day's few hundred appointments (docs/benchmarks.md, Appointments).
 */
export function appointmentsJson(where: SQL, order: SQL, timeZone: string) {
  return sql`select coalesce(json_agg(json_build_object(
      'id', a.id, 'companyId', a.company_id, 'clientId', a.client_id,
      'clientName', (select c.name from clients c where c.company_id = a.company_id and c.id = a.client_id),
      'practitionerId', a.practitioner_id, 'practitionerName', u.display_name,
      'roomId', a.room_id, 'roomName', r.name, 'typeId', a.type_id, 'typeName', t.name, 'colour', t.colour,
      'start', ${isoOf(sql`a.starts_at`)}, 'end', ${isoOf(sql`a.ends_at`)},
      'startLocal', ${wallClockOf(sql`a.starts_at`, timeZone)}, 'endLocal', ${wallClockOf(sql`a.ends_at`, timeZone)},
      'timeZone', ${timeZone}::text, 'bufferAfterMinutes', a.buffer_minutes, 'status', a.status,
      'cancelReason', a.cancel_reason, 'notes', a.notes, 'allowOverlap', a.allow_overlap,
      'seriesId', a.series_id, 'seriesIndex', a.series_index,
      'invoiceStatus', coalesce(${liveInvoice(sql`case when i.status = 'paid' or i.paid_cents >= i.total_cents then 'paid' else 'invoiced' end`)}, 'not-invoiced'),
      'invoiceId', ${liveInvoice(sql`i.id`)}, 'confirmed', ${isoOf(sql`a.confirmed_at`)},
      'created', ${isoOf(sql`a.created_at`)}, 'updated', ${isoOf(sql`a.updated_at`)}
    ) order by ${order}), '[]')::text as json
    from appointments a
    join users u on u.company_id = a.company_id and u.id = a.practitioner_id
    join appointment_types t on t.company_id = a.company_id and t.id = a.type_id
    left join rooms r on r.company_id = a.company_id and r.id = a.room_id
   where ${where}`;
}

const jsonRow = z.object({ json: z.string() });

/** The appointments' JSON text, for a route to send as it is. */
async function selectJson(tx: Tx, where: SQL, order: SQL, timeZone: string) {
  return (await selectRow(tx, jsonRow, appointmentsJson(where, order, timeZone)))?.json ?? '[]';
}

/** The same, read back into objects (checked against the contract) for the services that use them. */
async function select(tx: Tx, where: SQL, order: SQL, timeZone: string): Promise<Appointment[]> {
  return appointmentListSchema.parse(JSON.parse(await selectJson(tx, where, order, timeZone)));
}

const byStart = sql`a.starts_at, a.practitioner_id, a.id`;

export async function findAppointment(tx: Tx, companyId: number, id: number, timeZone: string) {
  return (await select(tx, sql`a.company_id = ${companyId} and a.id = ${id}`, byStart, timeZone))[0];
}

export const selectAppointmentsByIds = (tx: Tx, companyId: number, ids: number[], timeZone: string) =>
  ids.length === 0
    ? Promise.resolve([])
    : select(
        tx,
        sql`a.company_id = ${companyId} and a.id = any(${`{${ids.join(',')}}`}::bigint[])`,
        byStart,
        timeZone,
      );

export interface DiaryFilter {
  start: Date;
  end: Date;
  practitionerId?: number | undefined;
  roomId?: number | undefined;
  typeId?: number | undefined;
  statuses?: string[] | undefined;
}

/**
 * Appointments overlapping [start, end). One lasts at most 12 hours (a check constraint), so the overlap is
 * also "starts in [start - 12h, end)": a range the start indexes serve.
 */
export function diaryWhere(companyId: number, f: DiaryFilter): SQL {
  return sql`a.company_id = ${companyId}
    and a.starts_at > ${f.start.toISOString()}::timestamptz - interval '12 hours'
    and a.starts_at < ${f.end.toISOString()}::timestamptz
    and a.ends_at > ${f.start.toISOString()}::timestamptz
    ${f.practitionerId ? sql`and a.practitioner_id = ${f.practitionerId}` : sql``}
    ${f.roomId ? sql`and a.room_id = ${f.roomId}` : sql``}
    ${f.typeId ? sql`and a.type_id = ${f.typeId}` : sql``}
    ${f.statuses?.length ? sql`and a.status = any(${`{${f.statuses.join(',')}}`}::text[])` : sql``}`;
}

/** The day or week view's statement (the bench replays it raw). */
export const diaryQuery = (companyId: number, f: DiaryFilter, timeZone: string) =>
  appointmentsJson(diaryWhere(companyId, f), byStart, timeZone);

/** The diary's JSON text, sent by the route as it is. */
export const selectDiaryJson = (tx: Tx, companyId: number, f: DiaryFilter, timeZone: string) =>
  selectJson(tx, diaryWhere(companyId, f), byStart, timeZone);

export const selectClientAppointments = (tx: Tx, companyId: number, clientId: number, timeZone: string) =>
  select(
    tx,
    sql`a.company_id = ${companyId} and a.client_id = ${clientId}`,
    sql`a.starts_at desc, a.id desc`,
    timeZone,
  );

/** The client's next booked appointment from now (the caller card, issue 17). */
export const selectNextAppointment = async (tx: Tx, companyId: number, clientId: number, timeZone: string) =>
  (
    await select(
      tx,
      sql`a.company_id = ${companyId} and a.id = (select n.id from appointments n where n.company_id = ${companyId}
        and n.client_id = ${clientId} and n.status = 'booked' and n.starts_at >= now() order by n.starts_at, n.id limit 1)`,
      byStart,
      timeZone,
    )
  )[0];

/** The day's arrived or completed appointments without a live invoice (the end-of-day list). */
export const selectUninvoiced = (tx: Tx, companyId: number, start: Date, end: Date, timeZone: string) =>
  select(
    tx,
    sql`${diaryWhere(companyId, { start, end, statuses: ['arrived', 'fulfilled'] })} and ${liveInvoice(sql`i.id`)} is null`,
    byStart,
    timeZone,
  );

const storedRow = z.object({
  id: z.number(),
  clientId: z.number(),
  practitionerId: z.number(),
  roomId: z.number().nullable(),
  typeId: z.number(),
  seriesId: z.number().nullable(),
  seriesIndex: z.number().nullable(),
  startAt: instantColumn,
  endAt: instantColumn,
  bufferMinutes: z.number(),
  status: z.enum(['booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error']),
  cancelReason: z.enum(['client', 'practice', 'late']).nullable(),
  notes: z.string().nullable(),
  allowOverlap: z.boolean(),
});
export type StoredAppointment = z.infer<typeof storedRow>;

const STORED = sql`id, client_id as "clientId", practitioner_id as "practitionerId", room_id as "roomId",
  type_id as "typeId", series_id as "seriesId", series_index as "seriesIndex", ${epochMs(sql`starts_at`)} as "startAt",
  ${epochMs(sql`ends_at`)} as "endAt", buffer_minutes as "bufferMinutes", status, cancel_reason as "cancelReason", notes,
  allow_overlap as "allowOverlap"`;

/** The stored row, locked until the transaction ends: changes to one appointment go one at a time. */
export const lockAppointment = (tx: Tx, companyId: number, id: number) =>
  selectRow(
    tx,
    storedRow,
    sql`select ${STORED} from appointments where company_id = ${companyId} and id = ${id} for update`,
  );

/** Occurrences of a series from an index on (all: from 0), locked, in order. */
export const lockSeriesOccurrences = (tx: Tx, companyId: number, seriesId: number, fromIndex: number) =>
  selectRows(
    tx,
    storedRow,
    sql`select ${STORED} from appointments
         where company_id = ${companyId} and series_id = ${seriesId} and series_index >= ${fromIndex}
         order by series_index for update`,
  );

export interface NewAppointment {
  clientId: number;
  practitionerId: number;
  roomId: number | null;
  typeId: number;
  start: Date;
  end: Date;
  bufferMinutes: number;
  notes: string | null;
  allowOverlap: boolean;
  seriesId?: number | null;
  seriesIndex?: number | null;
}

/** Inserts the appointments in one statement (a series books in one round trip); ids in order. */
export async function insertAppointments(
  tx: Tx,
  companyId: number,
  createdBy: number,
  rows: NewAppointment[],
) {
  const values = rows.map(
    (
      a,
    ) => sql`(${companyId}, ${a.clientId}, ${a.practitionerId}, ${a.roomId}, ${a.typeId}, ${a.seriesId ?? null},
               ${a.seriesIndex ?? null}, ${rangeLiteral(a.start, a.end)}::tstzrange, ${a.bufferMinutes}, ${a.notes},
               ${a.allowOverlap}, ${createdBy})`,
  );
  const inserted = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`insert into appointments (company_id, client_id, practitioner_id, room_id, type_id, series_id, series_index,
                                  span, buffer_minutes, notes, allow_overlap, created_by)
        values ${sql.join(values, sql`, `)} returning id`,
  );
  if (inserted.length !== rows.length) throw new Error('appointments not inserted');
  return inserted.map((r) => r.id);
}

export async function updateAppointment(tx: Tx, companyId: number, id: number, a: NewAppointment) {
  const n = await execute(
    tx,
    sql`update appointments
           set client_id = ${a.clientId}, practitioner_id = ${a.practitionerId}, room_id = ${a.roomId},
               type_id = ${a.typeId}, span = ${rangeLiteral(a.start, a.end)}::tstzrange,
               buffer_minutes = ${a.bufferMinutes}, notes = ${a.notes}, allow_overlap = ${a.allowOverlap},
               -- A confirmation is of one time for one client: a move or another client clears it.
               confirmed_at = case when span = ${rangeLiteral(a.start, a.end)}::tstzrange and client_id = ${a.clientId}
                                   then confirmed_at end,
               updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );
  if (n !== 1) throw new Error('appointment not updated');
}

export async function updateStatus(
  tx: Tx,
  companyId: number,
  id: number,
  status: AppointmentStatus,
  cancelReason: CancelReason | null,
) {
  const n = await execute(
    tx,
    sql`update appointments set status = ${status}, cancel_reason = ${cancelReason}, updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );
  if (n !== 1) throw new Error('appointment status not updated');
}

export async function insertSeries(
  tx: Tx,
  companyId: number,
  createdBy: number,
  frequency: string,
  rule: string,
  n: number,
) {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`insert into appointment_series (company_id, frequency, rule, occurrences, created_by)
        values (${companyId}, ${frequency}, ${rule}, ${n}, ${createdBy}) returning id`,
  );
  return mustExist(row, 'series').id;
}

/** A live invoice of the appointment, if any. */
export const findLiveInvoice = (tx: Tx, companyId: number, appointmentId: number) =>
  selectRow(
    tx,
    z.object({ id: z.number(), status: z.string() }),
    sql`select id, status from invoices
         where company_id = ${companyId} and appointment_id = ${appointmentId} and status not in ('cancelled','draft')`,
  );

/** Defers the no-overlap constraints to the end of the transaction (on) or checks them now (off). */
export const checkOverlapsAtCommit = (tx: Tx, on: boolean) =>
  execute(
    tx,
    on
      ? sql`set constraints appointments_practitioner_no_overlap, appointments_room_no_overlap deferred`
      : sql`set constraints appointments_practitioner_no_overlap, appointments_room_no_overlap immediate`,
  );
