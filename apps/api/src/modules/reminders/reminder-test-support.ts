import { addDaysIso, todayIn } from '@pd/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import { type Diary, openBookingDiary, type Session } from '../appointments/appointment-test-support.ts';
import { dispatchDue } from './dispatcher.ts';

export { SET_UP_TIMEOUT } from '../appointments/appointment-test-support.ts';

const ZONE = 'Africa/Johannesburg';

/** The ZA company's wall clock `days` from today at `time` (the diary's input format). */
export const at = (days: number, time: string) => `${addDaysIso(todayIn(ZONE), days)}T${time}`;

export interface ReminderDiary {
  d: Diary;
  practitioner: number;
  colleague: number;
  type: number;
  /** Live ZA clients with a mobile and an e-mail address who accept messages. */
  clients: number[];
}

/** A test database with the demo seed, two practitioners and a type of its own ("Reminder visit"). */
export async function openReminderDiary(name = 'Reminder visit'): Promise<ReminderDiary> {
  const { d, practitioner, colleague, type } = await openBookingDiary(name, 0);
  const clients = await withSystem(d.ctx.database.db, async (tx) =>
    (
      await selectRows(
        tx,
        z.object({ id: z.number() }),
        sql`select id from clients where company_id = ${d.zaCompany} and deleted_at is null and comm_status = 'Y'
             and mobile is not null and email is not null order by id`,
      )
    ).map((r) => r.id),
  );
  return { d, practitioner, colleague, type, clients };
}

export async function makeTemplate(d: Diary, body: Record<string, unknown>, who: Session = d.za) {
  const res = await d.call('POST', `/api/reminder/template/${who.user.companyId}`, who, body);
  if (res.statusCode !== 201) throw new Error(`template: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
}

export async function makeRule(d: Diary, body: Record<string, unknown>, who: Session = d.za) {
  const res = await d.call('POST', `/api/reminder/rule/${who.user.companyId}`, who, body);
  if (res.statusCode !== 201) throw new Error(`rule: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number };
}

const dispatchRow = z.object({
  id: z.number(),
  appointmentId: z.number(),
  ruleId: z.number(),
  version: z.number(),
  kind: z.string(),
  channel: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  messageId: z.number().nullable(),
  startsAt: z.string(),
  dueAt: z.string(),
  costCents: z.number(),
});
export type DispatchRow = z.infer<typeof dispatchRow>;

/** Dispatch rows (system role), oldest first. */
export const dispatchRows = (d: Diary, where: SQL = sql`true`) =>
  withSystem(d.ctx.database.db, (tx) =>
    selectRows(
      tx,
      dispatchRow,
      sql`select id, appointment_id as "appointmentId", rule_id as "ruleId", version, kind, channel, status,
                 reason, message_id as "messageId", to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "startsAt",
                 to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as "dueAt", cost_cents as "costCents"
            from reminder_dispatches where ${where} order by id`,
    ),
  );

/**
 * Time travel for the dispatcher: the pending dispatches chosen fall due now, and their appointments count
 * as booked long before (so "booked inside the offset" does not apply).
 */
export const makeDue = (d: Diary, where: SQL) =>
  withSystem(d.ctx.database.db, async (tx) => {
    await execute(
      tx,
      sql`update appointments set created_at = now() - interval '40 days'
           where id in (select appointment_id from reminder_dispatches where status = 'pending' and ${where})`,
    );
    await execute(
      tx,
      sql`update reminder_dispatches set due_at = now() - interval '1 second' where status = 'pending' and ${where}`,
    );
  });

/** One dispatcher run without pg-boss (the delivery jobs are left to the worker's sweep). */
export const runDispatcher = (d: Diary, batchSize = 200) =>
  dispatchDue(d.ctx.database.db, { batchSize }, async () => undefined);
