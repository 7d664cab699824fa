import { type OutboxMessage, outboxMessageSchema } from '@pd/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { clients, messages } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRow, selectRows } from '../../lib/sql.ts';

/**
 * Seconds a queued message may wait for its delivery job before the worker's sweep enqueues it again. A
 * second job for the same message is harmless (the claim takes a message once), so this is short: a
 * message whose job died with its worker is picked up within about half a minute of a restart.
 */
export const PICKUP_GRACE_SECONDS = 30;

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const OUTBOX_COLUMNS = sql`m.id, m.client_id as "clientId", c.name as "clientName", m.user_id as "userId",
  m.bulk_send_id as "bulkSendId", m.channel, m.recipient, m.subject, m.content, m.status, m.attempts,
  m.transport, m.provider_ref as "providerRef", m.last_error as "lastError", m.segments,
  m.cost_cents as "costCents", ${iso(sql`m.created_at`)} as created, ${iso(sql`m.sent_at`)} as "sentAt"`;

const OUTBOX_FROM = sql`messages m left join clients c on c.company_id = m.company_id and c.id = m.client_id`;

export type ClientContact = {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
  country: string;
};

/** A live client of the company: who a message goes to. */
export async function findClientContact(
  tx: Tx,
  companyId: number,
  id: number,
): Promise<ClientContact | undefined> {
  const [row] = await tx
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      mobile: clients.mobile,
      country: clients.addressCountry,
    })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id), isNull(clients.deletedAt)));
  return row;
}

export async function messageView(tx: Tx, companyId: number, id: number): Promise<OutboxMessage> {
  const row = await selectRow(
    tx,
    outboxMessageSchema,
    sql`select ${OUTBOX_COLUMNS} from ${OUTBOX_FROM} where m.company_id = ${companyId} and m.id = ${id}`,
  );
  return mustExist(row, 'Message');
}

const idRow = z.object({ id: z.number() });

export async function messageIdByKey(tx: Tx, companyId: number, key: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.idempotencyKey, key)));
  return row?.id;
}

export interface MessageInsert {
  companyId: number;
  clientId: number;
  userId: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  content: string;
  segments: number;
  costCents: number;
  idempotencyKey: string | null;
  /** E-mail attachments as JSON [{ filename, contentType, base64 }] (e.g. an unpaid notice's letter). */
  attachments?: string | null;
}

/** Inserts one message; undefined when its idempotency key was used already (by a concurrent request). */
export async function insertMessage(tx: Tx, m: MessageInsert): Promise<number | undefined> {
  const row = await selectRow(
    tx,
    idRow,
    sql`
    insert into messages (company_id, client_id, user_id, channel, recipient, subject, content, segments,
                          cost_cents, idempotency_key, attachments, next_attempt_at)
    values (${m.companyId}, ${m.clientId}, ${m.userId}, ${m.channel}, ${m.recipient}, ${m.subject},
            ${m.content}, ${m.segments}, ${m.costCents}, ${m.idempotencyKey}, ${m.attachments ?? null},
            now() + make_interval(secs => ${PICKUP_GRACE_SECONDS}))
    on conflict (company_id, idempotency_key) where idempotency_key is not null do nothing
    returning id`,
  );
  return row?.id;
}

const countRow = z.object({ n: z.number() });

export interface OutboxFilter {
  status?: string | undefined;
  channel?: string | undefined;
  clientId?: number | undefined;
  bulkSendId?: number | undefined;
  page: number;
  size: number;
}

export async function outboxPage(tx: Tx, companyId: number, f: OutboxFilter) {
  const where = [sql`m.company_id = ${companyId}`];
  if (f.status) where.push(sql`m.status = ${f.status}`);
  if (f.channel) where.push(sql`m.channel = ${f.channel}`);
  if (f.clientId) where.push(sql`m.client_id = ${f.clientId}`);
  if (f.bulkSendId) where.push(sql`m.bulk_send_id = ${f.bulkSendId}`);
  const condition = sql.join(where, sql` and `);
  const content = await selectRows(
    tx,
    outboxMessageSchema,
    sql`select ${OUTBOX_COLUMNS} from ${OUTBOX_FROM} where ${condition}
         order by m.created_at desc, m.id desc limit ${f.size} offset ${(f.page - 1) * f.size}`,
  );
  const total = await selectRow(
    tx,
    countRow,
    sql`select count(*)::int as n from messages m where ${condition}`,
  );
  return { content, totalElements: total?.n ?? 0 };
}
