import type { DispatchStatus } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import { PICKUP_GRACE_SECONDS } from '../messaging/message.queries.ts';
import { ids } from './sql-helpers.ts';

export interface OutboxRow {
  clientId: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  content: string;
  segments: number;
  costCents: number;
  /** reminder:<dispatch id>:<attempt>: the outbox's own unique key holds "one message per attempt". */
  idempotencyKey: string;
  /** Not delivered before this instant (a recall notice held by the quiet hours); absent: at once. */
  notBefore?: Date;
}

const text = (values: (string | null)[]) => sql`${sql.param(values)}::text[]`;

/**
 * The reminders' messages into the delivery outbox in one statement (no user: the system sends them);
 * answers each one's id by its key. A key used already (cannot happen while the dispatch is locked)
 * inserts nothing and answers the message it names.
 */
export async function insertOutboxRows(tx: Tx, companyId: number, rows: OutboxRow[]) {
  if (rows.length === 0) return new Map<string, number>();
  const inserted = await selectRows(
    tx,
    z.object({ id: z.number(), key: z.string() }),
    sql`
    with inserted as (
      insert into messages (company_id, client_id, user_id, channel, recipient, subject, content, segments,
                            cost_cents, idempotency_key, next_attempt_at)
      select ${companyId}, m.client_id, null, m.channel, m.recipient, m.subject, m.content, m.segments,
             m.cost_cents, m.key,
             greatest(now() + make_interval(secs => ${PICKUP_GRACE_SECONDS}), m.not_before)
        from unnest(${ids(rows.map((r) => r.clientId))}, ${text(rows.map((r) => r.channel))},
                    ${text(rows.map((r) => r.recipient))}, ${text(rows.map((r) => r.subject))},
                    ${text(rows.map((r) => r.content))}, ${sql.param(rows.map((r) => r.segments))}::int[],
                    ${ids(rows.map((r) => r.costCents))}, ${text(rows.map((r) => r.idempotencyKey))},
                    ${sql.param(rows.map((r) => r.notBefore?.toISOString() ?? null))}::timestamptz[])
             as m(client_id, channel, recipient, subject, content, segments, cost_cents, key, not_before)
      on conflict (company_id, idempotency_key) where idempotency_key is not null do nothing
      returning id, idempotency_key as key
    )
    select id, key from inserted
    union all
    select id, idempotency_key from messages
     where company_id = ${companyId} and idempotency_key = any(${text(rows.map((r) => r.idempotencyKey))})`,
  );
  return new Map(inserted.map((r) => [r.key, r.id]));
}

/** One debit ledger row per SMS (the account was debited by their sum in the same transaction). */
export const insertDebits = (
  tx: Tx,
  companyId: number,
  debits: { messageId: number; costCents: number }[],
  note = 'Appointment reminder',
) =>
  debits.length === 0
    ? Promise.resolve(0)
    : execute(
        tx,
        sql`insert into sms_credit_ledger (company_id, kind, amount_cents, message_id, note)
            select ${companyId}, 'debit', -x.cost, x.message_id, ${note}
              from unnest(${ids(debits.map((d) => d.messageId))}, ${ids(debits.map((d) => d.costCents))})
                   as x(message_id, cost)`,
      );

export interface Settlement {
  id: number;
  status: Exclude<DispatchStatus, 'pending'>;
  reason: string | null;
  messageId: number | null;
  segments: number;
  costCents: number;
}

/** Settles the claimed dispatches in one statement. */
export const settleDispatches = (tx: Tx, companyId: number, rows: Settlement[]) =>
  rows.length === 0
    ? Promise.resolve(0)
    : execute(
        tx,
        sql`update reminder_dispatches d
               set status = x.status, reason = x.reason, message_id = nullif(x.message_id, 0), segments = x.segments,
                   cost_cents = x.cost, settled_at = now(), updated_at = now()
              from unnest(${ids(rows.map((r) => r.id))}, ${text(rows.map((r) => r.status))},
                          ${text(rows.map((r) => r.reason))}, ${ids(rows.map((r) => r.messageId ?? 0))},
                          ${sql.param(rows.map((r) => r.segments))}::int[], ${ids(rows.map((r) => r.costCents))})
                   as x(id, status, reason, message_id, segments, cost)
             where d.company_id = ${companyId} and d.id = x.id and d.status = 'pending'`,
      );
