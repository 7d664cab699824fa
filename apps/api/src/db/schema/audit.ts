import { bigint, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tenantKeyIndexes, tenantKeys } from './tenant.ts';

/** Who did what, when; written in the same transaction as the change it records. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    ...tenantKeys({ references: true }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }),
    clientId: bigint('client_id', { mode: 'number' }),
    subProcess: varchar('sub_process', { length: 50 }).notNull(),
    action: varchar('action', { length: 50 }).notNull(),
    description: text('description').notNull(),
    changes: jsonb('changes'),
  },
  (t) => [
    ...tenantKeyIndexes('audit_entries', t),
    index('audit_entries_client_idx').on(t.companyId, t.clientId, t.at),
    index('audit_entries_company_at_idx').on(t.companyId, t.at),
  ],
);
