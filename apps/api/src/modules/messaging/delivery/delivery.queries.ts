import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/tenancy.ts';
import { PICKUP_GRACE_SECONDS } from '../message.queries.ts';

export type Claimed = {
  id: number;
  companyId: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  content: string;
  attachments: string | null;
  /** This claim's attempt number: settling checks it, so a stale worker cannot overwrite a newer outcome. */
  attempts: number;
  /** 'sending': a worker claimed it before and never recorded the outcome (it stopped mid-delivery). */
  previous: 'queued' | 'sending';
};

const CLAIMED = sql`m.id, m.company_id as "companyId", m.channel, m.recipient, m.subject, m.content,
  m.attachments, m.attempts, c.status as previous`;

async function claim(tx: Tx, selection: SQL, limit: number, leaseSeconds: number): Promise<Claimed[]> {
  const { rows } = await tx.execute<Claimed>(sql`
    with c as (
      select id, status from messages
       where ${selection}
         and (status = 'queued' or (status = 'sending' and updated_at < now() - make_interval(secs => ${leaseSeconds})))
       order by id limit ${limit}
       for update skip locked
    )
    update messages m
       set status = 'sending', attempts = m.attempts + 1, updated_at = now(),
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds + PICKUP_GRACE_SECONDS})
      from c where m.id = c.id
    returning ${CLAIMED}`);
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
  const { rows } = await tx.execute<{ n: number }>(sql`
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
    select (select count(*) from changed)::int as n`);
  return rows[0]?.n ?? 0;
}

/**
 * Messages no job is about to deliver: queued past their pickup time (the job was never enqueued, or its
 * retries ran out) or 'sending' long after their lease (the worker died). Pushes their pickup time on,
 * so each is handed out once per grace period however many workers sweep.
 */
export async function overdueMessages(tx: Tx, limit: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    update messages set next_attempt_at = now() + make_interval(secs => ${PICKUP_GRACE_SECONDS})
     where id in (select id from messages
                   where status in ('queued', 'sending') and next_attempt_at < now()
                   order by next_attempt_at, id limit ${limit}
                   for update skip locked)
    returning id`);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
