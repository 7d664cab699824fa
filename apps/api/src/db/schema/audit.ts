import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

/** Who did what, when; written in the same transaction as the change it records. */
export const auditEntries = pgTable(
  'audit_entries',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: bigint('user_id', { mode: 'number' }),
    clientId: bigint('client_id', { mode: 'number' }),
    subProcess: varchar('sub_process', { length: 50 }).notNull(),
    action: varchar('action', { length: 50 }).notNull(),
    description: text('description').notNull(),
    changes: jsonb('changes'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('audit_entries_id_key').on(t.id),
    index('audit_entries_client_idx').on(t.companyId, t.clientId, t.at),
    index('audit_entries_company_at_idx').on(t.companyId, t.at),
  ],
);
