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
import { createdAtColumn, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';

export const users = pgTable(
  'users',
  {
    ...tenantKeys({ references: true }),
    username: varchar('username', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    displayName: varchar('display_name', { length: 200 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    rights: varchar('rights', { length: 10 }).notNull().default(''),
    enableInvoicing: varchar('enable_invoicing', { length: 1 }).notNull().default('Y'),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('users', t),
    // Sign-in takes a username alone, so it is unique across companies (see docs/decisions/0002).
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    check('users_invoicing_chk', sql`${t.enableInvoicing} in ('Y','N')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    ...tenantKeys(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Moved on at most once a minute; an older one than SESSION_IDLE_MINUTES ends the session. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('sessions_token_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
  ],
);

/**
 * Not a tenant table: failed sign-ins are counted per username and address, whether the account exists or
 * not, so a stranger elsewhere cannot keep a colleague locked out.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    usernameKey: varchar('username_key', { length: 100 }).notNull(),
    address: varchar('address', { length: 64 }).notNull().default(''),
    failures: bigint('failures', { mode: 'number' }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.usernameKey, t.address] })],
);

/** Failed sign-ins per address across every username: one address cannot spray usernames. */
export const loginAddressThrottle = pgTable('login_address_throttle', {
  address: varchar('address', { length: 64 }).primaryKey(),
  failures: bigint('failures', { mode: 'number' }).notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
