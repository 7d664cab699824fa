import type { ReplyOutcome, ReplyReason } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRow, selectRows } from '../../lib/sql.ts';
import { epochMs, instant } from './sql-helpers.ts';

/** Issue 16, part 4: storing received SMS once, and what a reply is matched with. */

export interface NewReply {
  companyId: number | null;
  provider: string;
  providerMessageId: string;
  sender: string;
  body: string;
  receivedAt: Date;
  clientId: number | null;
  reason: ReplyReason | null;
}

/**
 * Stores a received message as an inbox row; undefined when it is stored already (a poll before, or one
 * running beside this one: the unique key makes the second insert wait for the first and then skip).
 */
export const insertReply = async (tx: Tx, r: NewReply) =>
  (
    await selectRow(
      tx,
      z.object({ id: z.number() }),
      sql`insert into sms_replies (company_id, provider, provider_message_id, sender, body, received_at, client_id, outcome, reason)
          values (${r.companyId}, ${r.provider}, ${r.providerMessageId}, ${r.sender}, ${r.body},
                  ${r.receivedAt.toISOString()}::timestamptz, ${r.clientId}, 'inbox', ${r.reason})
          on conflict (provider, provider_message_id) do nothing returning id`,
    )
  )?.id;

export const settleReply = (
  tx: Tx,
  companyId: number,
  id: number,
  outcome: ReplyOutcome,
  reason: ReplyReason | null,
  appointmentId: number | null,
) =>
  execute(
    tx,
    sql`update sms_replies set outcome = ${outcome}, reason = ${reason}, appointment_id = ${appointmentId}
         where company_id = ${companyId} and id = ${id}`,
  );

/** The company and client of the SMS a reply answers (by the provider's id of it). System role. */
export const sentMessageByRef = (tx: Tx, providerRef: string) =>
  selectRow(
    tx,
    z.object({ companyId: z.number(), clientId: z.number().nullable() }),
    sql`select company_id as "companyId", client_id as "clientId" from messages
         where provider_ref = ${providerRef} and channel = 'sms' order by id desc limit 1`,
  );

/** Live clients of any company with this mobile (E.164). System role. */
export const mobileHolders = (tx: Tx, mobile: string) =>
  selectRows(
    tx,
    z.object({ companyId: z.number(), clientId: z.number() }),
    sql`select company_id as "companyId", id as "clientId" from clients
         where mobile = ${mobile} and deleted_at is null order by company_id, id limit 20`,
  );

/**
 * The booked, future appointments the client's latest SMS reminder or notice (sent before the reply came)
 * was about: one, or several when consecutive ones shared a message. Empty when that reminder's appointment
 * is no longer booked or has started: a reply never reaches back to an older reminder's appointment.
 */
export const remindedAppointments = (tx: Tx, companyId: number, clientId: number, receivedAt: Date) =>
  selectRows(
    tx,
    z.object({ id: z.number(), startsAt: instant }),
    sql`with latest as (
          select d.message_id from reminder_dispatches d
           where d.company_id = ${companyId} and d.client_id = ${clientId} and d.channel = 'sms'
             and d.status in ('sent','merged') and d.kind <> 'cancelled'
             and d.settled_at <= ${receivedAt.toISOString()}::timestamptz
           order by d.settled_at desc, d.id desc limit 1)
        select a.id, ${epochMs(sql`a.starts_at`)} as "startsAt" from appointments a
         where a.company_id = ${companyId} and a.client_id = ${clientId} and a.status = 'booked'
           and a.starts_at > now()
           and a.id in (select d.appointment_id from reminder_dispatches d, latest
                         where d.company_id = ${companyId} and d.message_id = latest.message_id)
         order by a.starts_at`,
  );

export const confirmAppointment = (tx: Tx, companyId: number, id: number) =>
  execute(
    tx,
    sql`update appointments set confirmed_at = coalesce(confirmed_at, now()), updated_at = now()
         where company_id = ${companyId} and id = ${id} and status = 'booked' and starts_at > now()`,
  );

/** How far the provider's received messages have been read. System role. */
export const readCursor = async (tx: Tx, provider: string) =>
  (
    await selectRow(
      tx,
      z.object({ last: z.string() }),
      sql`select last_message_id as last from sms_inbound_cursors where provider = ${provider}`,
    )
  )?.last ?? null;

/** Moves the cursor forward only (ids are decimal integers: longer is later, then by text). */
export const advanceCursor = (tx: Tx, provider: string, id: string) =>
  execute(
    tx,
    sql`insert into sms_inbound_cursors (provider, last_message_id) values (${provider}, ${id})
        on conflict (provider) do update set last_message_id = excluded.last_message_id, updated_at = now()
         where (length(sms_inbound_cursors.last_message_id), sms_inbound_cursors.last_message_id)
             < (length(excluded.last_message_id), excluded.last_message_id)`,
  );
