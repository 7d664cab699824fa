import { creditLedgerEntrySchema } from '@pd/contracts';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { messages, smsCreditAccounts, smsCreditLedger } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist, selectRow, selectRows } from '../../lib/sql.ts';

const ACCOUNT = {
  companyId: smsCreditAccounts.companyId,
  balanceCents: smsCreditAccounts.balanceCents,
  segmentPriceCents: smsCreditAccounts.segmentPriceCents,
  dailyCap: smsCreditAccounts.dailyCap,
};
export type AccountRow = {
  companyId: number;
  balanceCents: number;
  segmentPriceCents: number;
  dailyCap: number;
};

const ofCompany = (companyId: number) => eq(smsCreditAccounts.companyId, companyId);
const countRow = z.object({ n: z.number() });

const ensureAccount = (tx: Tx, companyId: number) =>
  tx.insert(smsCreditAccounts).values({ companyId }).onConflictDoNothing();

/** The company's account (created with the defaults on first use). */
export async function readAccount(tx: Tx, companyId: number): Promise<AccountRow> {
  await ensureAccount(tx, companyId);
  const [row] = await tx.select(ACCOUNT).from(smsCreditAccounts).where(ofCompany(companyId));
  return mustExist(row, 'Credit account');
}

/**
 * Locks the account row until the transaction ends: concurrent sends of one company take turns, so the
 * idempotency check, the daily count and the balance they read stay true until they commit.
 */
export async function lockAccount(tx: Tx, companyId: number): Promise<AccountRow> {
  await ensureAccount(tx, companyId);
  const [row] = await tx.select(ACCOUNT).from(smsCreditAccounts).where(ofCompany(companyId)).for('update');
  return mustExist(row, 'Credit account');
}

/** The guarded debit: no row changes (null) when the balance does not cover the cost. */
export async function debitAccount(tx: Tx, companyId: number, cents: number): Promise<number | null> {
  const [row] = await tx
    .update(smsCreditAccounts)
    .set({ balanceCents: sql`${smsCreditAccounts.balanceCents} - ${cents}`, updatedAt: sql`now()` })
    .where(and(ofCompany(companyId), gte(smsCreditAccounts.balanceCents, cents)))
    .returning({ balance: smsCreditAccounts.balanceCents });
  return row?.balance ?? null;
}

export async function creditAccount(tx: Tx, companyId: number, cents: number): Promise<number> {
  const [row] = await tx
    .update(smsCreditAccounts)
    .set({ balanceCents: sql`${smsCreditAccounts.balanceCents} + ${cents}`, updatedAt: sql`now()` })
    .where(ofCompany(companyId))
    .returning({ balance: smsCreditAccounts.balanceCents });
  return mustExist(row, 'Credit account').balance;
}

export type LedgerInsert = Omit<typeof smsCreditLedger.$inferInsert, 'id' | 'createdAt'>;

export async function insertLedger(tx: Tx, entry: LedgerInsert): Promise<void> {
  await tx.insert(smsCreditLedger).values(entry);
}

export async function ledgerHasKey(tx: Tx, companyId: number, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: smsCreditLedger.id })
    .from(smsCreditLedger)
    .where(and(eq(smsCreditLedger.companyId, companyId), eq(smsCreditLedger.idempotencyKey, key)))
    .limit(1);
  return row !== undefined;
}

export async function updateAccountSettings(
  tx: Tx,
  companyId: number,
  settings: { dailyCap: number; segmentPriceCents: number },
): Promise<void> {
  await tx
    .update(smsCreditAccounts)
    .set({ ...settings, updatedAt: sql`now()` })
    .where(ofCompany(companyId));
}

/** SMS the company created since `since` (every status: the cap stops runaway sends). */
export async function smsSentSince(tx: Tx, companyId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(messages)
    .where(
      and(eq(messages.companyId, companyId), eq(messages.channel, 'sms'), gte(messages.createdAt, since)),
    );
  return row?.n ?? 0;
}

export async function ledgerPage(tx: Tx, companyId: number, page: number, size: number) {
  const content = await selectRows(
    tx,
    creditLedgerEntrySchema,
    sql`
    select l.id, l.kind, l.amount_cents as "amountCents", l.user_id as "userId", u.display_name as "user",
           l.message_id as "messageId", l.bulk_send_id as "bulkSendId", l.note,
           to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created
      from sms_credit_ledger l
      left join users u on u.company_id = l.company_id and u.id = l.user_id
     where l.company_id = ${companyId}
     order by l.created_at desc, l.id desc
     limit ${size} offset ${(page - 1) * size}`,
  );
  const total = await selectRow(
    tx,
    countRow,
    sql`select count(*)::int as n from sms_credit_ledger where company_id = ${companyId}`,
  );
  return { content, totalElements: total?.n ?? 0 };
}
