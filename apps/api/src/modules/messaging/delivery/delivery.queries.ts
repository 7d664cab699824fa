import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/tenancy.ts';
import { selectRow, selectRows } from '../../../lib/sql.ts';
import { PICKUP_GRACE_SECONDS } from '../message.queries.ts';

/** After a lease runs out, seconds before the sweep enqueues the message again (clock and commit slack). */
export const LEASE_SLACK_SECONDS = 5;

// The worker runs as the system role across companies (a job names message ids, not a tenant): these
// statements are the module's only ones without a company predicate, beside claimRange's.
const claimedRow = z.object({
  id: z.number(),
  companyId: z.number(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  attachments: z.string().nullable(),
  /** This claim's attempt number: settling checks it, so a stale worker cannot overwrite a newer outcome. */
  attempts: z.number(),
  /** 'sending': a worker claimed it before and never recorded the outcome (it stopped mid-delivery). */
  previous: z.enum(['queued', 'sending']),
});
export type Claimed = z.infer<typeof claimedRow>;

const CLAIMED = sql`m.id, m.company_id as "companyId", m.channel, m.recipient, m.subject, m.content,
  m.attachments, m.attempts, c.status as previous`;

async function claim(tx: Tx, selection: SQL, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  const rows = await selectRows(
    tx,
    claimedRow,
    sql`
    with c as (
      select id, status from messages
       where ${selection}
         and (status = 'queued' or (status = 'sending' and updated_at < now() - make_interval(secs => ${leaseSeconds})))
       order by id limit ${limit}
       for update skip locked
    )
    update messages m
       set status = 'sending', attempts = m.attempts + 1, updated_at = now(),
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds + LEASE_SLACK_SECONDS})
      from c where m.id = c.id
    returning ${CLAIMED}`,
  );
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Marks the messages 'sending' in a transaction of its own, committed before any provider is called: after a
 * crash the row says "maybe handed over", never "not sent yet". Takes queued messages, and 'sending' ones
 * whose claim is older than the lease (their worker is gone); rows another worker holds are skipped.
 */
export function claimMessages(tx: Tx, ids: number[], leaseSeconds: number): Promise<Claimed[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return claim(tx, sql`id = any(${sql.param(ids)}::bigint[])`, ids.length, leaseSeconds);
}

/** The same for the next `limit` messages of a bulk send after `afterId` (the primary key's order). */
export function claimRange(
  tx: Tx,
  range: { companyId: number; bulkSendId: number; to: number },
  afterId: number,
  limit: number,
  leaseSeconds: number,
): Promise<Claimed[]> {
  const selection = sql`company_id = ${range.companyId} and id > ${afterId} and id <= ${range.to}
    and bulk_send_id = ${range.bulkSendId}`;
  return claim(tx, selection, limit, leaseSeconds);
}

/**
 * Extends the lease of claimed messages whose send is still running: only rows still 'sending' at the
 * claimed attempt. A renewed message is neither claimed by another worker nor swept; one whose worker died
 * is taken again once the lease (plus a few seconds) has passed. Returns how many leases were renewed.
 */
export async function renewLeases(
  tx: Tx,
  claims: { id: number; attempts: number }[],
  leaseSeconds: number,
): Promise<number> {
  if (claims.length === 0) return 0;
  const row = await selectRow(
    tx,
    z.object({ n: z.number() }),
    sql`
    with renewed as (
      update messages m
         set updated_at = now(),
             next_attempt_at = now() + make_interval(secs => ${leaseSeconds + LEASE_SLACK_SECONDS})
        from unnest(${sql.param(claims.map((c) => c.id))}::bigint[],
                    ${sql.param(claims.map((c) => c.attempts))}::int[]) as u(id, attempt)
       where m.id = u.id and m.status = 'sending' and m.attempts = u.attempt
      returning 1
    )
    select count(*)::int as n from renewed`,
  );
  return row?.n ?? 0;
}

export interface Outcome {
  id: number;
  attempt: number;
  status: 'sent' | 'failed' | 'queued';
  transport: string;
  providerRef?: string | null;
  error?: string | null;
  /** For 'queued' (a retry): seconds until the sweep may enqueue it again if no job has. */
  retryAfterSeconds?: number;
}

/**
 * Records outcomes in one statement: status, reference, error; and for every SMS that ends failed, a refund
 * ledger row and the balance back. Only rows still 'sending' at the claimed attempt change.
 * Returns how many rows changed.
 */
export async function settleMessages(tx: Tx, outcomes: Outcome[]): Promise<number> {
  if (outcomes.length === 0) return 0;
  const col = <T>(pick: (o: Outcome) => T) => sql.param(outcomes.map(pick));
  const row = await selectRow(
    tx,
    z.object({ n: z.number() }),
    sql`
    with u as (
      select * from unnest(${col((o) => o.id)}::bigint[], ${col((o) => o.attempt)}::int[],
                           ${col((o) => o.status)}::text[], ${col((o) => o.transport)}::text[],
                           ${col((o) => o.providerRef ?? null)}::text[], ${col((o) => o.error ?? null)}::text[],
                           ${col((o) => o.retryAfterSeconds ?? 0)}::int[])
        as u(id, attempt, status, transport, ref, error, wait)
    ), changed as (
      update messages m
         set status = u.status, transport = u.transport, provider_ref = coalesce(u.ref, m.provider_ref),
             last_error = u.error, updated_at = now(),
             sent_at = case when u.status = 'sent' then now() else m.sent_at end,
             next_attempt_at = case when u.status = 'queued'
                                    then now() + make_interval(secs => u.wait + ${PICKUP_GRACE_SECONDS})
                                    else m.next_attempt_at end
        from u
       where m.id = u.id and m.status = 'sending' and m.attempts = u.attempt
      returning m.company_id, m.id, m.channel, m.cost_cents, m.status
    ), refunds as (
      insert into sms_credit_ledger (company_id, kind, amount_cents, message_id, note)
      select company_id, 'refund', cost_cents, id, 'SMS not delivered'
        from changed where status = 'failed' and channel = 'sms' and cost_cents > 0
      returning company_id, amount_cents
    ), balances as (
      update sms_credit_accounts a
         set balance_cents = a.balance_cents + r.total, updated_at = now()
        from (select company_id, sum(amount_cents) as total from refunds group by company_id) r
       where a.company_id = r.company_id
      returning 1
    )
    select (select count(*) from changed)::int as n`,
  );
  return row?.n ?? 0;
}

/**
 * Messages no job is about to deliver: queued past their pickup time (the job was never enqueued, or its
 * retries ran out) or 'sending' past their lease (the worker died: nobody renewed it). Pushes their pickup time on,
 * so each is handed out once per grace period however many workers sweep.
 */
export async function overdueMessages(tx: Tx, limit: number): Promise<number[]> {
  const rows = await selectRows(
    tx,
    z.object({ id: z.number() }),
    sql`
    update messages set next_attempt_at = now() + make_interval(secs => ${PICKUP_GRACE_SECONDS})
     where id in (select id from messages
                   where status in ('queued', 'sending') and next_attempt_at < now()
                   order by next_attempt_at, id limit ${limit}
                   for update skip locked)
    returning id`,
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
