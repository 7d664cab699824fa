import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRow, selectRows } from '../../lib/sql.ts';
import { epochMs, instantColumn } from './diary-company.ts';

const feedRow = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number(),
  createdAt: instantColumn,
  revokedAt: instantColumn.nullable(),
});

/** By token hash, across companies: the system role's lookup for the public feed route. */
export const findFeedByHash = (tx: Tx, tokenHash: string) =>
  selectRow(
    tx,
    feedRow,
    sql`select id, company_id as "companyId", user_id as "userId", ${epochMs(sql`created_at`)} as "createdAt", ${epochMs(sql`revoked_at`)} as "revokedAt"
          from calendar_feeds where token_hash = ${tokenHash}`,
  );

export const findLiveFeed = (tx: Tx, companyId: number, userId: number) =>
  selectRow(
    tx,
    feedRow,
    sql`select id, company_id as "companyId", user_id as "userId", ${epochMs(sql`created_at`)} as "createdAt", ${epochMs(sql`revoked_at`)} as "revokedAt"
          from calendar_feeds where company_id = ${companyId} and user_id = ${userId} and revoked_at is null`,
  );

export const revokeLiveFeed = (tx: Tx, companyId: number, userId: number) =>
  execute(
    tx,
    sql`update calendar_feeds set revoked_at = now()
         where company_id = ${companyId} and user_id = ${userId} and revoked_at is null`,
  );

export async function insertFeed(tx: Tx, companyId: number, userId: number, tokenHash: string) {
  const row = await selectRow(
    tx,
    z.object({ createdAt: instantColumn }),
    sql`insert into calendar_feeds (company_id, user_id, token_hash) values (${companyId}, ${userId}, ${tokenHash})
        returning ${epochMs(sql`created_at`)} as "createdAt"`,
  );
  if (!row) throw new Error('calendar feed not inserted');
  return row.createdAt;
}

const feedEvent = z.object({
  id: z.number(),
  startAt: instantColumn,
  endAt: instantColumn,
  typeName: z.string(),
  clientType: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  clientName: z.string(),
  status: z.string(),
});

/** The practitioner's live appointments in the window: times, type and client names for initials only. */
export const selectFeedEvents = (tx: Tx, companyId: number, userId: number, from: Date, to: Date) =>
  selectRows(
    tx,
    feedEvent,
    sql`select a.id, ${epochMs(sql`a.starts_at`)} as "startAt", ${epochMs(sql`a.ends_at`)} as "endAt", t.name as "typeName", c.type as "clientType",
               c.first_name as "firstName", c.last_name as "lastName", c.name as "clientName", a.status
          from appointments a
          join appointment_types t on t.company_id = a.company_id and t.id = a.type_id
          join clients c on c.company_id = a.company_id and c.id = a.client_id
         where a.company_id = ${companyId} and a.practitioner_id = ${userId}
           and a.status in ('booked','arrived','fulfilled')
           and a.starts_at >= ${from.toISOString()}::timestamptz and a.starts_at < ${to.toISOString()}::timestamptz
         order by a.starts_at, a.id`,
  );
