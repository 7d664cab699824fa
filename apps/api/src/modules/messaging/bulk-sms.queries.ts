import type { BulkSmsResult } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { written } from '../../lib/errors.ts';
import { PICKUP_GRACE_SECONDS } from './message.queries.ts';

/** A conservative drain rate: a bulk send's later messages get later pickup times (see the sweep). */
const EXPECTED_DRAIN_PER_SECOND = 50;

export type EligibleClient = {
  id: number;
  mobile: string;
  country: string;
};

/**
 * Spec: bulk SMS goes to active clients with a mobile who accept communication (commStatus Y). Read a page
 * at a time (keyset on id): a company of 200,000 never sits in memory as row objects.
 */
export async function eligibleClients(
  tx: Tx,
  companyId: number,
  afterId = 0,
  limit = 1_000_000,
): Promise<EligibleClient[]> {
  const { rows } = await tx.execute<EligibleClient>(sql`
    select id, mobile, address_country as country from clients
     where company_id = ${companyId} and deleted_at is null and status = 'A' and comm_status = 'Y'
       and mobile is not null and mobile <> '' and id > ${afterId}
     order by id limit ${limit}`);
  return rows;
}

export async function bulkSendByKey(tx: Tx, companyId: number, key: string) {
  const { rows } = await tx.execute<Omit<BulkSmsResult, 'balanceCents'>>(sql`
    select id as "bulkSendId", recipients, skipped, cost_cents as "costCents"
      from bulk_sms_sends where company_id = ${companyId} and idempotency_key = ${key}`);
  return rows[0];
}

/** The send's row first (its id goes on every message); settleBulkSend fills in the counts. */
export async function insertBulkSend(
  tx: Tx,
  b: { companyId: number; userId: number; message: string; idempotencyKey: string | null },
): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into bulk_sms_sends (company_id, user_id, message, recipients, skipped, cost_cents, idempotency_key)
    values (${b.companyId}, ${b.userId}, ${b.message}, 0, 0, 0, ${b.idempotencyKey})
    returning id`);
  return written(rows[0], 'bulk send').id;
}

export async function settleBulkSend(
  tx: Tx,
  id: number,
  counts: { recipients: number; skipped: number; costCents: number },
): Promise<void> {
  await tx.execute(sql`
    update bulk_sms_sends set recipients = ${counts.recipients}, skipped = ${counts.skipped},
           cost_cents = ${counts.costCents}
     where id = ${id}`);
}

/** Clients a bulk SMS would reach if every mobile parsed: an upper bound, counted without reading them. */
export async function countEligible(tx: Tx, companyId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from clients
     where company_id = ${companyId} and deleted_at is null and status = 'A' and comm_status = 'Y'
       and mobile is not null and mobile <> ''`);
  return rows[0]?.n ?? 0;
}

/** The ids a bulk send's messages took: one statement's, so in order, though others may lie between. */
export interface IdSpan {
  first: number;
  last: number;
  count: number;
}

/** A page of a bulk send's messages in one set-based statement (unnest of two arrays). */
export async function insertBulkMessages(
  tx: Tx,
  b: {
    companyId: number;
    userId: number;
    bulkSendId: number;
    content: string;
    segments: number;
    costCents: number;
  },
  clientIds: number[],
  recipients: string[],
  /** Messages of this send already inserted: later ones get later pickup times. */
  offset = 0,
): Promise<IdSpan> {
  const { rows } = await tx.execute<{ first: number; last: number; count: number }>(sql`
    with inserted as (
      insert into messages (company_id, client_id, user_id, bulk_send_id, channel, recipient, content, segments,
                            cost_cents, next_attempt_at)
      select ${b.companyId}, u.client_id, ${b.userId}, ${b.bulkSendId}, 'sms', u.recipient, ${b.content},
             ${b.segments}, ${b.costCents},
             now() + make_interval(secs => ${PICKUP_GRACE_SECONDS} + (${offset} + u.n)::float8 / ${EXPECTED_DRAIN_PER_SECOND})
        from unnest(${sql.param(clientIds)}::bigint[], ${sql.param(recipients)}::text[])
             with ordinality as u(client_id, recipient, n)
      returning id
    )
    select min(id) as first, max(id) as last, count(*)::int as count from inserted`);
  return written(rows[0], 'bulk messages');
}
