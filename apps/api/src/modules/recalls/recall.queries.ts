import { type Recall, type RecallFilter, type RecallListQuery, recallSchema } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, mustExist, selectRow, selectRows } from '../../lib/sql.ts';
import { ids, isoOf } from '../reminders/sql-helpers.ts';

const iso = (column: string) => isoOf(sql.raw(column));

/** The due date of a recall of type `rt` serviced on `service` (a date expression). */
const dueDateOf = (service: SQL) => sql`(${service} + make_interval(
    months => case when rt.interval_unit = 'months' then rt.interval_value else 0 end,
    days => case rt.interval_unit when 'weeks' then rt.interval_value * 7 when 'days' then rt.interval_value else 0 end
  ))::date`;

/**
 * The first day a recall's next notice may go (null: its ladder is done): the due date plus the first step,
 * else the last notice's day (company zone) plus the next step.
 */
export const nextNoticeFrom = (timeZone: string) => sql`case
    when r.notices_sent >= cardinality(rt.ladder) then null
    when r.notices_sent = 0 then to_char(r.due_date + rt.ladder[1], 'YYYY-MM-DD')
    else to_char((r.last_notice_at at time zone ${timeZone})::date + rt.ladder[r.notices_sent + 1], 'YYYY-MM-DD')
  end`;

const columns = (today: string, timeZone: string) => sql`
  r.id, r.client_id as "clientId", c.name as "clientName", r.type_id as "typeId", rt.name as "typeName",
  t.channel, to_char(r.service_date, 'YYYY-MM-DD') as "serviceDate", to_char(r.due_date, 'YYYY-MM-DD') as "dueDate",
  r.status, (r.status in ('due', 'notified') and r.due_date < ${today}::date) as overdue,
  r.notices_sent as "noticesSent", cardinality(rt.ladder) as notices,
  case when r.status in ('due', 'notified') and r.notices_sent < cardinality(rt.ladder) then r.notices_sent + 1 end as "nextStep",
  case when r.status in ('due', 'notified') then ${nextNoticeFrom(timeZone)} end as "nextNoticeFrom",
  ${iso('r.last_notice_at')} as "lastNoticeAt", r.invoice_id as "invoiceId", ${iso('r.completed_at')} as "completedAt",
  ${iso('r.created_at')} as created`;

const FROM = sql`
    from recalls r
    join clients c on c.company_id = r.company_id and c.id = r.client_id
    join recall_types rt on rt.company_id = r.company_id and rt.id = r.type_id
    join reminder_templates t on t.company_id = rt.company_id and t.id = rt.template_id`;

const STATUS_FILTERS: Record<RecallFilter, (today: string) => SQL> = {
  open: () => sql`r.status in ('due', 'notified')`,
  due: () => sql`r.status = 'due'`,
  overdue: (today) => sql`r.status in ('due', 'notified') and r.due_date < ${today}::date`,
  notified: () => sql`r.status = 'notified'`,
  completed: () => sql`r.status = 'completed'`,
  cancelled: () => sql`r.status = 'cancelled'`,
  all: () => sql`true`,
};

const pageRow = recallSchema.extend({ total: z.number() });

/** One page of the company's recalls, soonest due first, with the count of all that match. */
export async function selectRecallPage(
  tx: Tx,
  companyId: number,
  q: RecallListQuery,
  today: string,
  timeZone: string,
): Promise<{ content: Recall[]; totalElements: number }> {
  const where = [
    sql`r.company_id = ${companyId}`,
    STATUS_FILTERS[q.status](today),
    q.typeId ? sql`r.type_id = ${q.typeId}` : undefined,
    q.clientId ? sql`r.client_id = ${q.clientId}` : undefined,
    q.dueFrom ? sql`r.due_date >= ${q.dueFrom}::date` : undefined,
    q.dueTo ? sql`r.due_date <= ${q.dueTo}::date` : undefined,
  ].filter((w): w is SQL => w !== undefined);
  const rows = await selectRows(
    tx,
    pageRow,
    sql`select ${columns(today, timeZone)}, count(*) over ()::int as total ${FROM}
         where ${sql.join(where, sql` and `)}
         order by r.due_date, r.id limit ${q.size} offset ${(q.page - 1) * q.size}`,
  );
  return { content: rows.map(({ total: _, ...r }) => r), totalElements: rows[0]?.total ?? 0 };
}

export const findRecall = (tx: Tx, companyId: number, id: number, today: string, timeZone: string) =>
  selectRow(
    tx,
    recallSchema,
    sql`select ${columns(today, timeZone)} ${FROM} where r.company_id = ${companyId} and r.id = ${id}`,
  );

/** A recall recorded by hand; answers its id (the type must be live, the client not deleted). */
export async function insertRecall(
  tx: Tx,
  companyId: number,
  v: { clientId: number; typeId: number; serviceDate: string; userId: number },
): Promise<number | undefined> {
  const row = await selectRow(
    tx,
    z.object({ id: z.number() }),
    sql`insert into recalls (company_id, client_id, type_id, service_date, due_date, created_by)
        select rt.company_id, ${v.clientId}, rt.id, ${v.serviceDate}::date, ${dueDateOf(sql`${v.serviceDate}::date`)}, ${v.userId}
          from recall_types rt
         where rt.company_id = ${companyId} and rt.id = ${v.typeId} and rt.deleted_at is null
        returning id`,
  );
  return row?.id;
}

/**
 * The recalls the chosen invoices' lines start: one per line of a product a live recall type names, due on
 * the invoiced date plus the interval. The unique key on the line makes a second call add nothing.
 */
const insertLineRecalls = (tx: Tx, companyId: number, invoices: SQL, userId: number | null) =>
  execute(
    tx,
    sql`insert into recalls (company_id, client_id, type_id, service_date, due_date, invoice_id, invoice_line_id, created_by)
        select l.company_id, i.client_id, rt.id, i.invoiced, ${dueDateOf(sql`i.invoiced`)}, i.id, l.id, ${userId}
          from invoices i
          join invoice_lines l on l.company_id = i.company_id and l.invoice_id = i.id
          join recall_type_products tp on tp.company_id = l.company_id and tp.product_id = l.product_id
          join recall_types rt on rt.company_id = tp.company_id and rt.id = tp.type_id and rt.deleted_at is null
         where i.company_id = ${companyId} and ${invoices}
        on conflict (company_id, invoice_line_id) where invoice_line_id is not null do nothing`,
  );

export const insertInvoiceRecalls = (tx: Tx, companyId: number, invoiceId: number, userId: number | null) =>
  insertLineRecalls(tx, companyId, sql`i.id = ${invoiceId}`, userId);

/** The same for every invoice of a billing run, in one statement. */
export const insertRunRecalls = (tx: Tx, companyId: number, runId: number, userId: number | null) =>
  insertLineRecalls(tx, companyId, sql`i.billing_run_id = ${runId}`, userId);

/**
 * Booking completes the client's open recalls: any appointment booked after a recall was made answers it
 * (the appointment named is the first booked). Runs in the booking's own transaction.
 */
export const completeRecallsByBooking = (tx: Tx, companyId: number, appointmentIds: number[]) =>
  execute(
    tx,
    sql`update recalls r
           set status = 'completed', completed_at = now(), completed_appointment_id = a.id, updated_at = now()
          from (select distinct on (client_id) client_id, id, created_at from appointments
                 where company_id = ${companyId} and id = any(${ids(appointmentIds)}) and status <> 'cancelled'
                 order by client_id, starts_at, id) a
         where r.company_id = ${companyId} and r.client_id = a.client_id and r.status in ('due', 'notified')
           and a.created_at >= r.created_at`,
  );

/** An invoice cancelled: the open recalls it started are cancelled with it; answers how many. */
export const cancelInvoiceRecalls = (tx: Tx, companyId: number, invoiceId: number) =>
  execute(
    tx,
    sql`update recalls set status = 'cancelled', updated_at = now()
         where company_id = ${companyId} and invoice_id = ${invoiceId} and status in ('due', 'notified')`,
  );

/** Open recalls only; answers whether one was cancelled. */
export const cancelRecallRow = async (tx: Tx, companyId: number, id: number) =>
  (await execute(
    tx,
    sql`update recalls set status = 'cancelled', updated_at = now()
         where company_id = ${companyId} and id = ${id} and status in ('due', 'notified')`,
  )) > 0;

export const recallExists = async (tx: Tx, companyId: number, id: number) =>
  mustExist(
    await selectRow(
      tx,
      z.object({ status: z.string() }),
      sql`select status from recalls where company_id = ${companyId} and id = ${id}`,
    ),
    'Recall',
  );
