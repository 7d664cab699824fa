import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRow, selectRows } from '../../lib/sql.ts';
import { isoOf, wallClockOf } from './sql-helpers.ts';

const viewRow = z.object({
  id: z.number(),
  appointmentId: z.number(),
  ruleId: z.number(),
  version: z.number(),
  attempt: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  kind: z.enum(['before', 'booked', 'changed', 'cancelled']),
  channel: z.enum(['sms', 'email']),
  status: z.enum(['pending', 'sent', 'merged', 'skipped', 'failed', 'superseded']),
  reason: z.string().nullable(),
  typeName: z.string(),
  templateName: z.string(),
  template: z.object({ channel: z.enum(['sms', 'email']), subject: z.string().nullable(), body: z.string() }),
  appointmentStart: z.string(),
  appointmentStartLocal: z.string(),
  due: z.string(),
  dueLocal: z.string(),
  segments: z.number(),
  costCents: z.number(),
  messageId: z.number().nullable(),
  messageStatus: z.enum(['queued', 'sending', 'sent', 'failed']).nullable(),
  lastError: z.string().nullable(),
  settled: z.string().nullable(),
});
export type DispatchViewRow = z.infer<typeof viewRow>;

const columns = (timeZone: string) => sql`
  d.id, d.appointment_id as "appointmentId", d.rule_id as "ruleId", d.version, d.attempt,
  d.client_id as "clientId", c.name as "clientName", d.kind, d.channel, d.status, d.reason,
  at.name as "typeName", t.name as "templateName",
  json_build_object('channel', t.channel, 'subject', t.subject, 'body', t.body) as template,
  ${isoOf(sql`d.starts_at`)} as "appointmentStart", ${wallClockOf(sql`d.starts_at`, timeZone)} as "appointmentStartLocal",
  ${isoOf(sql`d.due_at`)} as due, ${wallClockOf(sql`d.due_at`, timeZone)} as "dueLocal",
  d.segments, d.cost_cents as "costCents", d.message_id as "messageId", m.status as "messageStatus",
  m.last_error as "lastError", ${isoOf(sql`d.settled_at`)} as settled`;

const FROM = sql`
  from reminder_dispatches d
  join clients c on c.company_id = d.company_id and c.id = d.client_id
  join reminder_rules r on r.company_id = d.company_id and r.id = d.rule_id
  join appointment_types at on at.company_id = r.company_id and at.id = r.type_id
  join reminder_templates t on t.company_id = r.company_id and t.id = r.template_id
  left join messages m on m.company_id = d.company_id and m.id = d.message_id`;

export interface Page {
  limit: number;
  offset: number;
}

/**
 * Dispatches as the lists show them. A page is chosen first on the dispatches alone (the due or settled
 * index gives them in order) and only its rows are joined, whatever the planner thinks of the joins.
 */
export const selectDispatchViews = (tx: Tx, where: SQL, order: SQL, timeZone: string, page?: Page) =>
  selectRows(
    tx,
    viewRow,
    page
      ? sql`with page as materialized (
              select d.id from reminder_dispatches d
                left join messages m on m.company_id = d.company_id and m.id = d.message_id
               where ${where} order by ${order} limit ${page.limit} offset ${page.offset})
            select ${columns(timeZone)} ${FROM} where ${where} and d.id in (select id from page) order by ${order}`
      : sql`select ${columns(timeZone)} ${FROM} where ${where} order by ${order}`,
  );

export const countDispatches = async (tx: Tx, where: SQL) =>
  (
    await selectRow(
      tx,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from reminder_dispatches d
           left join messages m on m.company_id = d.company_id and m.id = d.message_id
          where ${where}`,
    )
  )?.n ?? 0;

/** Pending dispatches due before `end` (overdue ones included). */
export const upcomingWhere = (companyId: number, end: Date, channel?: string) =>
  sql`d.company_id = ${companyId} and d.status = 'pending' and d.due_at < ${end.toISOString()}::timestamptz
      ${channel ? sql`and d.channel = ${channel}` : sql``}`;

const HISTORY: Record<string, SQL> = {
  all: sql`d.status in ('sent','merged','skipped','failed')`,
  sent: sql`d.status in ('sent','merged') and coalesce(m.status, '') <> 'failed'`,
  failed: sql`(d.status = 'failed' or (d.status in ('sent','merged') and m.status = 'failed'))`,
  skipped: sql`d.status = 'skipped'`,
};

/** Settled dispatches (superseded ones are bookkeeping, not shown), newest first. */
export const historyWhere = (companyId: number, status: string, channel?: string) =>
  sql`d.company_id = ${companyId} and d.settled_at is not null and ${HISTORY[status] ?? HISTORY.all}
      ${channel ? sql`and d.channel = ${channel}` : sql``}`;

const retryRow = z.object({
  id: z.number(),
  status: z.string(),
  kind: z.string(),
  messageStatus: z.string().nullable(),
  appointmentStatus: z.string(),
  started: z.boolean(),
  changed: z.boolean(),
});

/** A dispatch with what a retry must know, locked until the transaction ends. */
export const lockForRetry = (tx: Tx, companyId: number, id: number) =>
  selectRow(
    tx,
    retryRow,
    sql`select d.id, d.status, d.kind, m.status as "messageStatus", a.status as "appointmentStatus",
               a.starts_at <= now() as started, ((d.kind = 'before' and a.starts_at <> d.starts_at) or a.client_id <> d.client_id) as changed
          from reminder_dispatches d
          join appointments a on a.company_id = d.company_id and a.id = d.appointment_id
          left join messages m on m.company_id = d.company_id and m.id = d.message_id
         where d.company_id = ${companyId} and d.id = ${id}
         for update of d`,
  );

/** Back to pending as a new attempt, due now: the dispatcher decides and writes it again. */
export const requeueDispatch = (tx: Tx, companyId: number, id: number) =>
  execute(
    tx,
    sql`update reminder_dispatches
           set status = 'pending', attempt = attempt + 1, due_at = now(), reason = null, message_id = null,
               segments = 0, cost_cents = 0, settled_at = null, updated_at = now()
         where company_id = ${companyId} and id = ${id}`,
  );
