import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { companies } from './companies.ts';
import {
  createdAtColumn,
  sameCompanyReference,
  tenantKeyIndexes,
  tenantKeys,
  timestamps,
  updatedAtColumn,
} from './tenant.ts';

export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
/** queued: waiting for the worker; sending: handed to the provider, outcome not yet recorded. */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export const CREDIT_ENTRY_KINDS = ['topup', 'debit', 'refund'] as const;

/**
 * A company's prepaid SMS credit. balance_cents always equals the sum of its ledger rows; it is kept here
 * so that a debit is one guarded UPDATE (`where balance_cents >= cost`) and the check makes a negative
 * balance impossible even for concurrent sends.
 */
export const smsCreditAccounts = pgTable(
  'sms_credit_accounts',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .primaryKey()
      .references(() => companies.id),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    /** Price of one SMS segment in the company's currency, in cents. */
    segmentPriceCents: integer('segment_price_cents').notNull().default(30),
    /** At most this many SMS per company per day (in the company's time zone). */
    dailyCap: integer('daily_cap').notNull().default(5000),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check('sms_credit_balance_chk', sql`${t.balanceCents} >= 0`),
    check('sms_credit_price_chk', sql`${t.segmentPriceCents} >= 0`),
    check('sms_credit_cap_chk', sql`${t.dailyCap} >= 0`),
  ],
);

/** Every change of SMS credit: top-ups (+), debits per message or bulk send (-), refunds (+). */
export const smsCreditLedger = pgTable(
  'sms_credit_ledger',
  {
    ...tenantKeys(),
    kind: varchar('kind', { length: 10, enum: CREDIT_ENTRY_KINDS }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    messageId: bigint('message_id', { mode: 'number' }),
    bulkSendId: bigint('bulk_send_id', { mode: 'number' }),
    note: text('note'),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantKeyIndexes('sms_credit_ledger', t),
    uniqueIndex('sms_credit_ledger_idem_key')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('sms_credit_ledger_company_at_idx').on(t.companyId, t.createdAt),
    foreignKey({
      name: 'sms_credit_ledger_account_fk',
      columns: [t.companyId],
      foreignColumns: [smsCreditAccounts.companyId],
    }),
    check('sms_credit_ledger_kind_chk', sql`${t.kind} in ('topup','debit','refund')`),
    check(
      'sms_credit_ledger_sign_chk',
      sql`(${t.kind} = 'debit' and ${t.amountCents} <= 0) or (${t.kind} <> 'debit' and ${t.amountCents} > 0)`,
    ),
  ],
);

/** One bulk SMS request: the whole cost is debited and every message queued in one transaction. */
export const bulkSmsSends = pgTable(
  'bulk_sms_sends',
  {
    ...tenantKeys(),
    userId: bigint('user_id', { mode: 'number' }),
    message: text('message').notNull(),
    recipients: integer('recipients').notNull(),
    skipped: integer('skipped').notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantKeyIndexes('bulk_sms_sends', t),
    uniqueIndex('bulk_sms_sends_idem_key')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * The delivery outbox: every e-mail and SMS, written in the same transaction as its credit debit and
 * delivered by the worker. status moves queued -> sending -> sent | failed (or back to queued for a retry).
 */
export const messages = pgTable(
  'messages',
  {
    ...tenantKeys(),
    clientId: bigint('client_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    bulkSendId: bigint('bulk_send_id', { mode: 'number' }),
    channel: varchar('channel', { length: 5, enum: MESSAGE_CHANNELS }).notNull(),
    recipient: varchar('recipient', { length: 320 }).notNull(),
    subject: text('subject'),
    content: text('content').notNull(),
    /** E-mail attachments (e.g. an invoice PDF): [{ filename, contentType, base64 }]. */
    attachments: text('attachments'),
    status: varchar('status', { length: 10, enum: MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    providerRef: varchar('provider_ref', { length: 200 }),
    lastError: text('last_error'),
    segments: integer('segments').notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    idempotencyKey: varchar('idempotency_key', { length: 100 }),
    /** Where it went: 'outbox' when no provider is configured (not delivered), else the provider's name. */
    transport: varchar('transport', { length: 30 }),
    ...timestamps(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('messages', t),
    uniqueIndex('messages_idem_key')
      .on(t.companyId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // The worker's queue: only undelivered rows are indexed.
    index('messages_pending_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} in ('queued','sending')`),
    index('messages_company_at_idx').on(t.companyId, t.createdAt),
    index('messages_client_idx').on(t.companyId, t.clientId, t.createdAt),
    index('messages_bulk_idx').on(t.companyId, t.bulkSendId),
    // An SMS reply names the message it answers by the provider's id (BulkSMS relatedSentMessageId).
    index('messages_provider_ref_idx').on(t.providerRef).where(sql`${t.providerRef} is not null`),
    sameCompanyReference('messages_client_fk', t, t.clientId, clients),
    check('messages_channel_chk', sql`${t.channel} in ('email','sms')`),
    check('messages_status_chk', sql`${t.status} in ('queued','sending','sent','failed')`),
  ],
);
