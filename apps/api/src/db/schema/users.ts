import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

export const users = pgTable(
  'users',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    displayName: varchar('display_name', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    rights: varchar('rights', { length: 10 }).notNull().default(''),
    enableInvoicing: varchar('enable_invoicing', { length: 1 }).notNull().default('Y'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('users_id_key').on(t.id),
    // Sign-in takes a username alone, so it is unique across companies (see docs/decisions/0002).
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_invoicing_chk', sql`${t.enableInvoicing} in ('Y','N')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    companyId: bigint('company_id', { mode: 'number' }).notNull(),
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sessions_token_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
  ],
);

/** Not a tenant table: failed sign-ins are counted per username, whether the account exists or not. */
export const loginThrottle = pgTable('login_throttle', {
  usernameKey: varchar('username_key', { length: 100 }).primaryKey(),
  failures: bigint('failures', { mode: 'number' }).notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
