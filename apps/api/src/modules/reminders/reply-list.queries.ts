import { REPLY_OUTCOMES, type ReplyListQuery, smsReplySchema } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { isoOf, wallClockOf } from './sql-helpers.ts';

/** Rows in the contract's shape, column for column. */
const replyRow = smsReplySchema;

const columns = (timeZone: string) => sql`
  r.id, r.sender, r.body, ${isoOf(sql`r.received_at`)} as received,
  ${wallClockOf(sql`r.received_at`, timeZone)} as "receivedLocal", r.outcome, r.reason,
  r.client_id as "clientId", c.name as "clientName", r.appointment_id as "appointmentId",
  ${wallClockOf(sql`a.starts_at`, timeZone)} as "appointmentStartLocal",
  ${isoOf(sql`r.handled_at`)} as handled, coalesce(u.display_name, u.username) as "handledBy"`;

const FROM = sql`
  from sms_replies r
  left join clients c on c.company_id = r.company_id and c.id = r.client_id
  left join appointments a on a.company_id = r.company_id and a.id = r.appointment_id
  left join users u on u.company_id = r.company_id and u.id = r.handled_by`;

const whereOf = (companyId: number, filter: ReplyListQuery['filter']): SQL =>
  filter === 'inbox'
    ? sql`r.company_id = ${companyId} and r.outcome = 'inbox'`
    : sql`r.company_id = ${companyId}`;

/** A page of replies: inbox ones no one has handled first, then newest first. */
export const selectReplies = (tx: Tx, companyId: number, q: ReplyListQuery, timeZone: string) =>
  selectRows(
    tx,
    replyRow,
    sql`select ${columns(timeZone)} ${FROM} where ${whereOf(companyId, q.filter)}
         order by (r.outcome = 'inbox' and r.handled_at is null) desc, r.received_at desc, r.id desc
         limit ${q.size} offset ${(q.page - 1) * q.size}`,
  );

export const selectReply = (tx: Tx, companyId: number, id: number, timeZone: string) =>
  selectRow(
    tx,
    replyRow,
    sql`select ${columns(timeZone)} ${FROM} where r.company_id = ${companyId} and r.id = ${id}`,
  );

export const countReplies = async (tx: Tx, companyId: number, filter: ReplyListQuery['filter']) =>
  (await selectRow(
    tx,
    z.object({ total: z.number(), unhandled: z.number() }),
    sql`select count(*)::int as total,
                 (count(*) filter (where r.outcome = 'inbox' and r.handled_at is null))::int as unhandled
            from sms_replies r where ${whereOf(companyId, filter)}`,
  )) ?? { total: 0, unhandled: 0 };

/** Marks an inbox reply handled (once: the first person and time stay). Answers its outcome, if it exists. */
export const markHandled = async (tx: Tx, companyId: number, id: number, userId: number) =>
  (
    await selectRow(
      tx,
      z.object({ outcome: z.enum(REPLY_OUTCOMES) }),
      sql`update sms_replies
             set handled_at = case when outcome = 'inbox' then coalesce(handled_at, now()) end,
                 handled_by = case when outcome = 'inbox' then coalesce(handled_by, ${userId}) end
           where company_id = ${companyId} and id = ${id} returning outcome`,
    )
  )?.outcome;
