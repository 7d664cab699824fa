import { addDaysIso, todayIn } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import type { Diary, Session } from '../appointments/appointment-test-support.ts';

/** The ZA company's date `days` from today (negative: before). */
export const zaDay = (days: number) => addDaysIso(todayIn('Africa/Johannesburg'), days);

export const RECALL_SMS =
  'Hi {{preferredName}}, {{practiceName}}: your check-up is due {{date}}. {{cancelInstruction}}';

export async function makeRecallType(d: Diary, body: Record<string, unknown>, who: Session = d.za) {
  const res = await d.call('POST', `/api/recall/type/${who.user.companyId}`, who, body);
  if (res.statusCode !== 201) throw new Error(`recall type: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; ladder: number[] };
}

export async function makeRecall(
  d: Diary,
  clientId: number,
  body: Record<string, unknown>,
  who: Session = d.za,
) {
  const res = await d.call('POST', `/api/recall/client/${clientId}`, who, body);
  if (res.statusCode !== 201) throw new Error(`recall: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; dueDate: string; status: string };
}

const recallRow = z.object({
  id: z.number(),
  clientId: z.number(),
  typeId: z.number(),
  status: z.string(),
  dueDate: z.string(),
  noticesSent: z.number(),
  invoiceId: z.number().nullable(),
  invoiceLineId: z.number().nullable(),
  completedAppointmentId: z.number().nullable(),
});

/** Recall rows (system role), oldest first. */
export const recallRows = (d: Diary, where: SQL = sql`true`) =>
  withSystem(d.ctx.database.db, (tx) =>
    selectRows(
      tx,
      recallRow,
      sql`select id, client_id as "clientId", type_id as "typeId", status, to_char(due_date, 'YYYY-MM-DD') as "dueDate",
                 notices_sent as "noticesSent", invoice_id as "invoiceId", invoice_line_id as "invoiceLineId",
                 completed_appointment_id as "completedAppointmentId"
            from recalls where ${where} order by id`,
    ),
  );

const noticeRow = z.object({
  recallId: z.number(),
  step: z.number(),
  messageId: z.number(),
  sendAt: z.number(),
  nextAttemptAt: z.number(),
  costCents: z.number(),
  content: z.string(),
});

/** Notices with their outbox message's pickup time (epoch ms) and text. */
export const noticeRows = (d: Diary, where: SQL = sql`true`) =>
  withSystem(d.ctx.database.db, (tx) =>
    selectRows(
      tx,
      noticeRow,
      sql`select n.recall_id as "recallId", n.step, n.message_id as "messageId",
                 (extract(epoch from n.send_at) * 1000)::float8 as "sendAt",
                 (extract(epoch from m.next_attempt_at) * 1000)::float8 as "nextAttemptAt",
                 n.cost_cents as "costCents", m.content
            from recall_notices n join messages m on m.company_id = n.company_id and m.id = n.message_id
           where ${where} order by n.id`,
    ),
  );

/** Sets a client's consent to messages (Y or N). */
export const setCommStatus = (d: Diary, clientId: number, status: 'Y' | 'N') =>
  withSystem(d.ctx.database.db, (tx) =>
    execute(tx, sql`update clients set comm_status = ${status} where id = ${clientId}`),
  );
