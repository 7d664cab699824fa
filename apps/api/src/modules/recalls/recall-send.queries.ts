import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import { MESSAGE_CLIENT, messageClient } from '../reminders/dispatch.queries.ts';
import { ids } from '../reminders/sql-helpers.ts';
import { nextNoticeFrom } from './recall.queries.ts';

const sendRow = z.object({
  id: z.number(),
  clientId: z.number(),
  status: z.string(),
  dueDate: z.string(),
  noticesSent: z.number(),
  /** The first day the next notice may go (null: no step left). */
  nextFrom: z.string().nullable(),
  ladderLength: z.number(),
  channel: z.enum(['sms', 'email']),
  subject: z.string().nullable(),
  body: z.string(),
  client: messageClient,
});
export type RecallSendContext = z.infer<typeof sendRow>;

/**
 * The recalls a send names, locked in id order (FOR UPDATE): a second send of the same recalls waits here
 * and then reads the step the first one took, so it never takes the same step again.
 */
export const lockSendContexts = (tx: Tx, companyId: number, recallIds: number[], timeZone: string) =>
  selectRows(
    tx,
    sendRow,
    sql`select r.id, r.client_id as "clientId", r.status, to_char(r.due_date, 'YYYY-MM-DD') as "dueDate",
               r.notices_sent as "noticesSent", cardinality(rt.ladder) as "ladderLength",
               ${nextNoticeFrom(timeZone)} as "nextFrom",
               t.channel, t.subject, t.body,
               ${MESSAGE_CLIENT} as client
          from recalls r
          join recall_types rt on rt.company_id = r.company_id and rt.id = r.type_id
          join reminder_templates t on t.company_id = rt.company_id and t.id = rt.template_id
          join clients c on c.company_id = r.company_id and c.id = r.client_id
         where r.company_id = ${companyId} and r.id = any(${ids(recallIds)})
         order by r.id
         for update of r`,
  );

export interface NoticeRow {
  recallId: number;
  step: number;
  messageId: number;
  sendAt: Date;
  costCents: number;
}

/** The notices, and their recalls moved to the step sent. The unique (recall, step) key backs the locks. */
export async function recordNotices(tx: Tx, companyId: number, userId: number, rows: NoticeRow[]) {
  if (rows.length === 0) return;
  await execute(
    tx,
    sql`insert into recall_notices (company_id, recall_id, step, message_id, send_at, cost_cents, created_by)
        select ${companyId}, x.recall_id, x.step, x.message_id, x.send_at, x.cost, ${userId}
          from unnest(${ids(rows.map((r) => r.recallId))}, ${sql.param(rows.map((r) => r.step))}::int[],
                      ${ids(rows.map((r) => r.messageId))}, ${sql.param(rows.map((r) => r.sendAt.toISOString()))}::timestamptz[],
                      ${ids(rows.map((r) => r.costCents))})
               as x(recall_id, step, message_id, send_at, cost)`,
  );
  await execute(
    tx,
    sql`update recalls r set status = 'notified', notices_sent = x.step, last_notice_at = now(), updated_at = now()
          from unnest(${ids(rows.map((r) => r.recallId))}, ${sql.param(rows.map((r) => r.step))}::int[]) as x(recall_id, step)
         where r.company_id = ${companyId} and r.id = x.recall_id`,
  );
}
