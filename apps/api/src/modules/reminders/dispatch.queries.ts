import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { epochMs, ids, instant } from './sql-helpers.ts';

/** Companies with due dispatches: the dispatcher's one look across companies (system role). */
export const companiesWithDue = async (tx: Tx, limit: number) =>
  (
    await selectRows(
      tx,
      z.object({ companyId: z.number() }),
      sql`select distinct company_id as "companyId" from reminder_dispatches
           where status = 'pending' and due_at <= now() limit ${limit}`,
    )
  ).map((r) => r.companyId);

/**
 * Takes up to `limit` due dispatches of the company, soonest first, each locked until the transaction ends
 * with its appointment's row shared: rows another dispatcher holds are skipped, so two dispatchers never
 * take the same one, and so are those whose appointment a booking change holds (they wait for the next
 * round, after the change and its recomputation committed). Never waiting here is what keeps a dispatcher
 * and a booking change from deadlocking.
 */
export const claimDue = async (tx: Tx, companyId: number, limit: number) =>
  (
    await selectRows(
      tx,
      z.object({ id: z.number() }),
      sql`select d.id from reminder_dispatches d
            join appointments a on a.company_id = d.company_id and a.id = d.appointment_id
           where d.company_id = ${companyId} and d.status = 'pending' and d.due_at <= now()
           order by d.due_at, d.id limit ${limit}
           for update of d skip locked for share of a skip locked`,
    )
  ).map((r) => r.id);

/** What a reminder or recall notice needs of its client (`c`): the name it greets, where it goes, consent. */
export const messageClient = z.object({
  preferredName: z.string().nullable(),
  firstName: z.string().nullable(),
  name: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  country: z.string(),
  commStatus: z.string(),
  deleted: z.boolean(),
});
export const MESSAGE_CLIENT = sql`json_build_object('preferredName', c.preferred_name, 'firstName', c.first_name,
  'name', c.name, 'mobile', c.mobile, 'email', c.email, 'country', c.address_country, 'commStatus', c.comm_status,
  'deleted', c.deleted_at is not null)`;

const contextRow = z.object({
  id: z.number(),
  appointmentId: z.number(),
  attempt: z.number(),
  clientId: z.number(),
  kind: z.enum(['before', 'booked', 'changed', 'cancelled']),
  channel: z.enum(['sms', 'email']),
  startsAt: instant,
  dueAt: instant,
  toldStartsAt: instant.nullable(),
  toldPractitionerId: z.number().nullable(),
  offsetMinutes: z.number(),
  ruleLive: z.boolean(),
  ruleTypeId: z.number(),
  subject: z.string().nullable(),
  body: z.string(),
  appointment: z.object({
    status: z.string(),
    clientId: z.number(),
    practitionerId: z.number(),
    typeId: z.number(),
    startsAt: instant,
    endsAt: instant,
    createdAt: instant,
  }),
  practitioner: z.string(),
  client: messageClient,
});
export type DispatchContext = z.infer<typeof contextRow>;

const CONTEXT = sql`
  select d.id, d.appointment_id as "appointmentId", d.attempt, d.client_id as "clientId", d.kind, d.channel,
         ${epochMs(sql`d.starts_at`)} as "startsAt", ${epochMs(sql`d.due_at`)} as "dueAt",
         ${epochMs(sql`d.told_starts_at`)} as "toldStartsAt", d.told_practitioner_id as "toldPractitionerId",
         r.offset_minutes as "offsetMinutes", (r.active = 'Y' and r.deleted_at is null) as "ruleLive",
         r.type_id as "ruleTypeId", t.subject, t.body,
         json_build_object('status', a.status, 'clientId', a.client_id, 'practitionerId', a.practitioner_id,
           'typeId', a.type_id, 'startsAt', ${epochMs(sql`a.starts_at`)}, 'endsAt', ${epochMs(sql`a.ends_at`)},
           'createdAt', ${epochMs(sql`a.created_at`)}) as appointment,
         u.display_name as practitioner,
         ${MESSAGE_CLIENT} as client
    from reminder_dispatches d
    join appointments a on a.company_id = d.company_id and a.id = d.appointment_id
    join users u on u.company_id = a.company_id and u.id = a.practitioner_id
    join clients c on c.company_id = a.company_id and c.id = a.client_id
    join reminder_rules r on r.company_id = d.company_id and r.id = d.rule_id
    join reminder_templates t on t.company_id = r.company_id and t.id = r.template_id`;

/** Everything a claimed dispatch needs to be decided and written, its appointment read afresh. */
export const dispatchContexts = (tx: Tx, companyId: number, dispatchIds: number[]) =>
  selectRows(
    tx,
    contextRow,
    sql`${CONTEXT} where d.company_id = ${companyId} and d.id = any(${ids(dispatchIds)})`,
  );

/**
 * Other pending reminders of the same clients for appointments in [from, to): the candidates to go out in
 * one message with a due one (consecutive appointments on one day). Locked as claimDue locks, skipping
 * held rows.
 */
export const companionContexts = (
  tx: Tx,
  companyId: number,
  clientIds: number[],
  from: Date,
  to: Date,
  exclude: number[],
) =>
  selectRows(
    tx,
    contextRow,
    sql`${CONTEXT}
      where d.company_id = ${companyId} and d.status = 'pending' and d.kind = 'before'
        and d.client_id = any(${ids(clientIds)}) and d.starts_at >= ${from.toISOString()}::timestamptz
        and d.starts_at < ${to.toISOString()}::timestamptz and not (d.id = any(${ids(exclude)}))
      order by d.starts_at, d.id
      for update of d skip locked for share of a skip locked`,
  );
