import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { clients } from './clients.ts';
import { companies } from './companies.ts';
import { createdAtColumn } from './tenant.ts';

/**
 * Issue 16, part 4: every SMS received from the provider, stored once (the unique key on the provider's
 * message id is the once-guarantee for polls side by side), with what its reply did. company_id is null
 * while no company can be told (a number no company has texted and no client has): such a row is kept
 * for the operator and, under row-level security, visible to no company.
 */
export const smsReplies = pgTable(
  'sms_replies',
  {
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id),
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerMessageId: varchar('provider_message_id', { length: 64 }).notNull(),
    /** The sender in E.164 when it is a phone number, else as the provider gave it. */
    sender: varchar('sender', { length: 32 }).notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }),
    appointmentId: bigint('appointment_id', { mode: 'number' }),
    /** confirmed or cancelled: the reply did it; inbox: left for a person (reason says why). */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 20 }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('sms_replies_once_key').on(t.provider, t.providerMessageId),
    // The inbox: unhandled first, newest first, per company.
    index('sms_replies_inbox_idx').on(t.companyId, t.receivedAt),
    foreignKey({
      name: 'sms_replies_client_fk',
      columns: [t.companyId, t.clientId],
      foreignColumns: [clients.companyId, clients.id],
    }),
    foreignKey({
      name: 'sms_replies_appointment_fk',
      columns: [t.companyId, t.appointmentId],
      foreignColumns: [appointments.companyId, appointments.id],
    }),
    check('sms_replies_outcome_chk', sql`${t.outcome} in ('confirmed','cancelled','inbox')`),
    check(
      'sms_replies_matched_chk',
      sql`(${t.outcome} = 'inbox') or (${t.companyId} is not null and ${t.appointmentId} is not null)`,
    ),
  ],
);

/** How far each provider's received messages have been read (not a tenant table: only the poller reads it). */
export const smsInboundCursors = pgTable('sms_inbound_cursors', {
  provider: varchar('provider', { length: 20 }).primaryKey(),
  lastMessageId: varchar('last_message_id', { length: 64 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
