import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bulkSmsSends } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRow, selectRows } from '../../lib/sql.ts';
import { PICKUP_GRACE_SECONDS } from './message.queries.ts';

/** A conservative drain rate: a bulk send's later messages get later pickup times (see the sweep). */
const EXPECTED_DRAIN_PER_SECOND = 50;

const eligibleClient = z.object({ id: z.number(), mobile: z.string(), country: z.string() });
export type EligibleClient = z.infer<typeof eligibleClient>;

/**
 * Spec: bulk SMS goes to active clients (not prospects, issue 17) with a mobile who accept communication (commStatus Y). Read a page
 * at a time (keyset on id): a company of 200,000 never sits in memory as row objects.
 */
export function eligibleClients(
  tx: Tx,
  companyId: number,
  afterId = 0,
  limit = 1_000_000,
): Promise<EligibleClient[]> {
  return selectRows(
    tx,
    eligibleClient,
    sql`select id, mobile, address_country as country from clients
         where company_id = ${companyId} and deleted_at is null and status = 'A' and comm_status = 'Y'
           and lifecycle = 'client' and mobile is not null and mobile <> '' and id > ${afterId}
         order by id limit ${limit}`,
  );
}

export async function bulkSendByKey(tx: Tx, companyId: number, key: string) {
  const [row] = await tx
    .select({
      bulkSendId: bulkSmsSends.id,
      recipients: bulkSmsSends.recipients,
      skipped: bulkSmsSends.skipped,
      costCents: bulkSmsSends.costCents,
    })
    .from(bulkSmsSends)
    .where(and(eq(bulkSmsSends.companyId, companyId), eq(bulkSmsSends.idempotencyKey, key)));
  return row;
}

/** The send's row first (its id goes on every message); settleBulkSend fills in the counts. */
export async function insertBulkSend(
  tx: Tx,
  b: { companyId: number; userId: number; message: string; idempotencyKey: string | null },
): Promise<number> {
  const [row] = await tx
    .insert(bulkSmsSends)
    .values({ ...b, recipients: 0, skipped: 0, costCents: 0 })
    .returning({ id: bulkSmsSends.id });
  return mustExist(row, 'Bulk send').id;
}

export async function settleBulkSend(
  tx: Tx,
  companyId: number,
  id: number,
  counts: { recipients: number; skipped: number; costCents: number },
): Promise<void> {
  await tx
    .update(bulkSmsSends)
    .set(counts)
    .where(and(eq(bulkSmsSends.companyId, companyId), eq(bulkSmsSends.id, id)));
}

/** Clients a bulk SMS would reach if every mobile parsed: an upper bound, counted without reading them. */
export async function countEligible(tx: Tx, companyId: number): Promise<number> {
  const row = await selectRow(
    tx,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from clients
         where company_id = ${companyId} and deleted_at is null and status = 'A' and comm_status = 'Y'
           and lifecycle = 'client' and mobile is not null and mobile <> ''`,
  );
  return row?.n ?? 0;
}

/** The ids a bulk send's messages took: one statement's, so in order, though others may lie between. */
const idSpan = z.object({ first: z.number(), last: z.number(), count: z.number() });
export type IdSpan = z.infer<typeof idSpan>;

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
  const row = await selectRow(
    tx,
    idSpan,
    sql`
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
    select min(id) as first, max(id) as last, count(*)::int as count from inserted`,
  );
  return mustExist(row, 'Bulk messages');
}
