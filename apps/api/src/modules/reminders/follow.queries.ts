import { NOTICE_GRACE_MINUTES } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import { epochMs, ids, instant } from './sql-helpers.ts';

const followRow = z.object({
  id: z.number(),
  clientId: z.number(),
  practitionerId: z.number(),
  typeId: z.number(),
  status: z.string(),
  startsAt: instant,
  /** Booked in this transaction. */
  createdNow: z.boolean(),
  /** Booked less than the notice grace ago. */
  recent: z.boolean(),
  state: z
    .object({
      version: z.number(),
      clientId: z.number(),
      practitionerId: z.number(),
      typeId: z.number(),
      status: z.string(),
      startsAt: instant,
    })
    .nullable(),
  maxVersion: z.number().nullable(),
  /** Kinds of its booking notices still waiting for their grace to end. */
  pendingNotices: z.array(z.string()),
});
export type FollowRow = z.infer<typeof followRow>;

/** The appointments as they are now, beside what their dispatches were last computed for. */
export const readFollowState = (tx: Tx, companyId: number, appointmentIds: number[]) =>
  selectRows(
    tx,
    followRow,
    sql`
    select a.id, a.client_id as "clientId", a.practitioner_id as "practitionerId", a.type_id as "typeId",
           a.status, ${epochMs(sql`a.starts_at`)} as "startsAt", a.created_at = now() as "createdNow",
           a.created_at > now() - make_interval(mins => ${NOTICE_GRACE_MINUTES}) as recent,
           case when s.appointment_id is null then null else json_build_object(
             'version', s.version, 'clientId', s.client_id, 'practitionerId', s.practitioner_id,
             'typeId', s.type_id, 'status', s.status,
             'startsAt', ${epochMs(sql`s.starts_at`)}) end as state,
           (select max(d.version) from reminder_dispatches d
             where d.company_id = a.company_id and d.appointment_id = a.id) as "maxVersion",
           coalesce((select array_agg(distinct d.kind) from reminder_dispatches d
                      where d.company_id = a.company_id and d.appointment_id = a.id
                        and d.status = 'pending' and d.kind <> 'before'), '{}') as "pendingNotices"
      from appointments a
      left join reminder_appointments s on s.company_id = a.company_id and s.appointment_id = a.id
     where a.company_id = ${companyId} and a.id = any(${ids(appointmentIds)})`,
  );

/** Records the appointments' new versions and the values their dispatches are now computed for. */
export const saveFollowState = (tx: Tx, companyId: number, rows: { id: number; version: number }[]) =>
  execute(
    tx,
    sql`
    insert into reminder_appointments (company_id, appointment_id, version, client_id, practitioner_id, type_id,
                                       status, starts_at)
    select a.company_id, a.id, n.version, a.client_id, a.practitioner_id, a.type_id, a.status, a.starts_at
      from unnest(${ids(rows.map((r) => r.id))}, ${sql.param(rows.map((r) => r.version))}::int[]) as n(id, version)
      join appointments a on a.company_id = ${companyId} and a.id = n.id
    on conflict (company_id, appointment_id) do update
       set version = excluded.version, client_id = excluded.client_id, practitioner_id = excluded.practitioner_id,
           type_id = excluded.type_id, status = excluded.status, starts_at = excluded.starts_at, updated_at = now()`,
  );

/**
 * Pending dispatches the appointments' current values make wrong: a reminder for another time, client or a
 * rule the type no longer has, or for an appointment no longer booked; a booking or change notice of an
 * appointment no longer booked; a cancellation notice of one booked again.
 */
export const supersedeStale = (tx: Tx, companyId: number, appointmentIds: number[], reason: string) =>
  execute(
    tx,
    sql`
    update reminder_dispatches d
       set status = 'superseded', reason = ${reason}, settled_at = now(), updated_at = now()
      from appointments a
     where d.company_id = ${companyId} and d.appointment_id = any(${ids(appointmentIds)}) and d.status = 'pending'
       and a.company_id = d.company_id and a.id = d.appointment_id
       and case d.kind
             when 'before' then a.status <> 'booked' or a.starts_at <> d.starts_at or a.client_id <> d.client_id
               or not exists (select 1 from reminder_rules r
                               where r.company_id = d.company_id and r.id = d.rule_id and r.type_id = a.type_id
                                 and r.active = 'Y' and r.deleted_at is null)
             when 'cancelled' then a.status <> 'cancelled'
             else a.status <> 'booked'
           end`,
  );

/**
 * Inserts the reminders (before the start) that booked appointments should have and lack: one per active
 * rule of the type whose time is still ahead, at the appointment's current version; none where one for the
 * same start and client is pending, sent or failed already. `selection` limits the appointments and rules.
 */
export const insertMissingReminders = (tx: Tx, companyId: number, selection: SQL) =>
  execute(
    tx,
    sql`
    insert into reminder_dispatches (company_id, appointment_id, rule_id, version, client_id, kind, channel,
                                     starts_at, due_at)
    select a.company_id, a.id, r.id, coalesce(s.version, 1), a.client_id, 'before', r.channel, a.starts_at,
           a.starts_at - make_interval(mins => r.offset_minutes)
      from reminder_rules r
      join appointments a on a.company_id = r.company_id and a.type_id = r.type_id
      left join reminder_appointments s on s.company_id = a.company_id and s.appointment_id = a.id
     where r.company_id = ${companyId} and r.kind = 'before' and r.active = 'Y' and r.deleted_at is null
       and a.status = 'booked' and a.starts_at > now() + make_interval(mins => r.offset_minutes)
       and ${selection}
       and not exists (select 1 from reminder_dispatches d
                        where d.company_id = a.company_id and d.appointment_id = a.id and d.rule_id = r.id
                          and d.starts_at = a.starts_at and d.client_id = a.client_id
                          and d.status in ('pending','sent','merged','failed'))
    on conflict do nothing`,
  );

export const ofAppointments = (appointmentIds: number[]) => sql`a.id = any(${ids(appointmentIds)})`;
/** One rule's upcoming appointments (the start index serves "ahead of now"). */
export const ofRule = (ruleId: number) => sql`r.id = ${ruleId} and a.starts_at > now()`;

export interface NoticeRow {
  appointmentId: number;
  kind: 'booked' | 'changed' | 'cancelled';
  version: number;
  toldStartsAt: Date | null;
  toldPractitionerId: number | null;
}

/** Booking notices, one per active rule of that kind of the appointment's type, due after the grace. */
export const insertNotices = (tx: Tx, companyId: number, rows: NoticeRow[]) =>
  execute(
    tx,
    sql`
    insert into reminder_dispatches (company_id, appointment_id, rule_id, version, client_id, kind, channel,
                                     starts_at, due_at, told_starts_at, told_practitioner_id)
    select a.company_id, a.id, r.id, n.version, a.client_id, r.kind, r.channel, a.starts_at,
           now() + make_interval(mins => ${NOTICE_GRACE_MINUTES}), n.told_starts_at, n.told_practitioner_id
      from unnest(${ids(rows.map((r) => r.appointmentId))}, ${sql.param(rows.map((r) => r.kind))}::text[],
                  ${sql.param(rows.map((r) => r.version))}::int[],
                  ${sql.param(rows.map((r) => r.toldStartsAt?.toISOString() ?? null))}::timestamptz[],
                  ${sql.param(rows.map((r) => r.toldPractitionerId))}::bigint[])
           as n(id, kind, version, told_starts_at, told_practitioner_id)
      join appointments a on a.company_id = ${companyId} and a.id = n.id
      join reminder_rules r on r.company_id = a.company_id and r.type_id = a.type_id and r.kind = n.kind
                           and r.active = 'Y' and r.deleted_at is null
    on conflict do nothing`,
  );
