import type { CreditLedgerEntry } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/tenancy.ts';
import { written } from '../../lib/errors.ts';

export type AccountRow = {
  companyId: number;
  balanceCents: number;
  segmentPriceCents: number;
  dailyCap: number;
};

const ACCOUNT_COLUMNS = sql`company_id as "companyId", balance_cents as "balanceCents",
  segment_price_cents as "segmentPriceCents", daily_cap as "dailyCap"`;

const ensureAccount = (tx: Tx, companyId: number) =>
  tx.execute(sql`insert into sms_credit_accounts (company_id) values (${companyId}) on conflict do nothing`);

/** The company's account (created with the defaults on first use). */
export async function readAccount(tx: Tx, companyId: number): Promise<AccountRow> {
  await ensureAccount(tx, companyId);
  const { rows } = await tx.execute<AccountRow>(
    sql`select ${ACCOUNT_COLUMNS} from sms_credit_accounts where company_id = ${companyId}`,
  );
  return written(rows[0], 'credit account');
}

/**
 * Locks the account row until the transaction ends: concurrent sends of one company take turns, so the
 * idempotency check, the daily count and the balance they read stay true until they commit.
 */
export async function lockAccount(tx: Tx, companyId: number): Promise<AccountRow> {
  await ensureAccount(tx, companyId);
  const { rows } = await tx.execute<AccountRow>(
    sql`select ${ACCOUNT_COLUMNS} from sms_credit_accounts where company_id = ${companyId} for update`,
  );
  return written(rows[0], 'credit account');
}

/** The guarded debit: no row changes (null) when the balance does not cover the cost. */
export async function debitAccount(tx: Tx, companyId: number, cents: number): Promise<number | null> {
  const { rows } = await tx.execute<{ balance: number }>(sql`
    update sms_credit_accounts set balance_cents = balance_cents - ${cents}, updated_at = now()
     where company_id = ${companyId} and balance_cents >= ${cents}
    returning balance_cents as balance`);
  return rows[0]?.balance ?? null;
}

export async function creditAccount(tx: Tx, companyId: number, cents: number): Promise<number> {
  const { rows } = await tx.execute<{ balance: number }>(sql`
    update sms_credit_accounts set balance_cents = balance_cents + ${cents}, updated_at = now()
     where company_id = ${companyId} returning balance_cents as balance`);
  return written(rows[0], 'credit account').balance;
}

export interface LedgerInsert {
  companyId: number;
  kind: 'topup' | 'debit' | 'refund';
  amountCents: number;
  userId?: number | null;
  messageId?: number | null;
  bulkSendId?: number | null;
  note?: string | null;
  idempotencyKey?: string | null;
}

export async function insertLedger(tx: Tx, e: LedgerInsert): Promise<void> {
  await tx.execute(sql`
    insert into sms_credit_ledger (company_id, kind, amount_cents, user_id, message_id, bulk_send_id, note, idempotency_key)
    values (${e.companyId}, ${e.kind}, ${e.amountCents}, ${e.userId ?? null}, ${e.messageId ?? null},
            ${e.bulkSendId ?? null}, ${e.note ?? null}, ${e.idempotencyKey ?? null})`);
}

export async function ledgerHasKey(tx: Tx, companyId: number, key: string): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from sms_credit_ledger where company_id = ${companyId} and idempotency_key = ${key}`,
  );
  return rows.length > 0;
}

export async function updateAccountSettings(
  tx: Tx,
  companyId: number,
  settings: { dailyCap: number; segmentPriceCents: number },
): Promise<void> {
  await tx.execute(sql`
    update sms_credit_accounts set daily_cap = ${settings.dailyCap},
           segment_price_cents = ${settings.segmentPriceCents}, updated_at = now()
     where company_id = ${companyId}`);
}

/** SMS the company created since midnight in its time zone (every status: the cap stops runaway sends). */
export async function smsSentToday(tx: Tx, companyId: number, timeZone: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from messages
     where company_id = ${companyId} and channel = 'sms'
       and created_at >= date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}`);
  return rows[0]?.n ?? 0;
}

export async function ledgerPage(tx: Tx, companyId: number, page: number, size: number) {
  const { rows } = await tx.execute<CreditLedgerEntry>(sql`
    select l.id, l.kind, l.amount_cents as "amountCents", l.user_id as "userId", u.display_name as "user",
           l.message_id as "messageId", l.bulk_send_id as "bulkSendId", l.note,
           to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created
      from sms_credit_ledger l
      left join users u on u.company_id = l.company_id and u.id = l.user_id
     where l.company_id = ${companyId}
     order by l.created_at desc, l.id desc
     limit ${size} offset ${(page - 1) * size}`);
  const total = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from sms_credit_ledger where company_id = ${companyId}`,
  );
  return { content: rows, totalElements: total.rows[0]?.n ?? 0 };
}
