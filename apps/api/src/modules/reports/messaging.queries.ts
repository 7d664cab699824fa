import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import type { ReportMonth } from './report-months.ts';

export interface MessagingCriteria {
  companyId: number;
  timeZone: string;
  months: ReportMonth[];
  kind: 'single' | 'bulk' | 'reminder' | 'recall' | null;
}

const rangeStart = (c: MessagingCriteria) => c.months[0]?.start.toISOString() ?? '';
const rangeEnd = (c: MessagingCriteria) => c.months.at(-1)?.end.toISOString() ?? '';

/** A message's kind: part of a bulk send, an appointment reminder, a recall notice, else a single message. */
const kindOf = (m: SQL) => sql`case
  when ${m}.bulk_send_id is not null then 'bulk'
  when exists (select 1 from reminder_dispatches r where r.company_id = ${m}.company_id and r.message_id = ${m}.id)
    then 'reminder'
  when exists (select 1 from recall_notices n where n.company_id = ${m}.company_id and n.message_id = ${m}.id)
    then 'recall'
  else 'single' end`;

const kindRow = z.object({
  month: z.string(),
  kind: z.enum(['single', 'bulk', 'reminder', 'recall']),
  smsMessages: z.number(),
  smsSegments: z.number(),
  smsCostCents: z.number(),
  emailsSent: z.number(),
  failures: z.number(),
});

/**
 * Per month (when the message was written to the outbox, company time zone) and kind: SMS not failed (what
 * stays charged: a failed SMS is refunded), their segments and cost; e-mails sent; messages failed.
 */
export const messagesByMonthAndKind = (tx: Tx, c: MessagingCriteria) =>
  selectRows(
    tx,
    kindRow,
    sql`
    with m as (
      select to_char(m.created_at at time zone ${c.timeZone}, 'YYYY-MM') as month, ${kindOf(sql`m`)} as kind,
             m.channel, m.status, m.segments, m.cost_cents
        from messages m
       where m.company_id = ${c.companyId}
         and m.created_at >= ${rangeStart(c)}::timestamptz and m.created_at < ${rangeEnd(c)}::timestamptz)
    select month, kind,
           count(*) filter (where channel = 'sms' and status <> 'failed')::float8 as "smsMessages",
           coalesce(sum(segments) filter (where channel = 'sms' and status <> 'failed'), 0)::float8 as "smsSegments",
           coalesce(sum(cost_cents) filter (where channel = 'sms' and status <> 'failed'), 0)::float8 as "smsCostCents",
           count(*) filter (where channel = 'email' and status = 'sent')::float8 as "emailsSent",
           count(*) filter (where status = 'failed')::float8 as failures
      from m
     ${c.kind === null ? sql`` : sql`where kind = ${c.kind}`}
     group by month, kind
     order by month, kind`,
  );

const ledgerRow = z.object({
  month: z.string(),
  topUpCents: z.number(),
  spentCents: z.number(),
  refundCents: z.number(),
  balanceCents: z.number(),
});

/** Per month: the credit ledger's top-ups, debits and refunds in it, and the balance at its end. */
export const creditByMonth = (tx: Tx, c: MessagingCriteria) =>
  selectRows(
    tx,
    ledgerRow,
    sql`
    with months(month, starts_at, ends_at) as (values ${sql.join(
      c.months.map(
        (m) => sql`(${m.month}, ${m.start.toISOString()}::timestamptz, ${m.end.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    )})
    select mo.month,
           coalesce(sum(l.amount_cents) filter (where l.kind = 'topup' and l.created_at >= mo.starts_at), 0)::float8
             as "topUpCents",
           (-coalesce(sum(l.amount_cents) filter (where l.kind = 'debit' and l.created_at >= mo.starts_at), 0))::float8
             as "spentCents",
           coalesce(sum(l.amount_cents) filter (where l.kind = 'refund' and l.created_at >= mo.starts_at), 0)::float8
             as "refundCents",
           coalesce(sum(l.amount_cents), 0)::float8 as "balanceCents"
      from months mo
      left join sms_credit_ledger l on l.company_id = ${c.companyId} and l.created_at < mo.ends_at
     group by mo.month
     order by mo.month`,
  );
