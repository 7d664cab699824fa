import { CLIENT_STATUSES, YES_NO } from '@pd/contracts';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { billingPlans, processes, products } from './catalogue.ts';
import { clients } from './clients.ts';
import { sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';
import { users } from './users.ts';

/** Spec section 3, Client product: a company product taken up by a client, with its own terms. */
export const clientProducts = pgTable(
  'client_products',
  {
    ...tenantKeys(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    uniqueId: varchar('unique_id', { length: 30 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    billingPlanId: bigint('billing_plan_id', { mode: 'number' }),
    premium: bigint('premium', { mode: 'number' }).notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    inception: date('inception'),
    termination: date('termination'),
    status: varchar('status', { length: 1, enum: CLIENT_STATUSES }).notNull().default('A'),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('client_products', t),
    uniqueIndex('client_products_unique_id_key').on(t.companyId, t.uniqueId),
    index('client_products_client_idx').on(t.companyId, t.clientId),
    sameCompanyReference('client_products_client_fk', t, t.clientId, clients),
    sameCompanyReference('client_products_product_fk', t, t.productId, products),
    sameCompanyReference('client_products_billing_plan_fk', t, t.billingPlanId, billingPlans),
  ],
);

/** Spec section 3, Note. Rich text is stored sanitised; a drawing is a PNG data URL. */
export const notes = pgTable(
  'notes',
  {
    ...tenantKeys(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    type: varchar('type', { length: 1, enum: ['P', 'C'] })
      .notNull()
      .default('P'),
    format: varchar('format', { length: 1, enum: ['R', 'F'] })
      .notNull()
      .default('R'),
    sharable: varchar('sharable', { length: 1, enum: YES_NO }).notNull().default('N'),
    editable: varchar('editable', { length: 1, enum: YES_NO }).notNull().default('N'),
    status: varchar('status', { length: 1, enum: ['A', 'I'] })
      .notNull()
      .default('A'),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('notes', t),
    // The client's notes, newest first (also the client timeline's note branch).
    index('notes_client_idx').on(t.companyId, t.clientId, t.createdAt),
    sameCompanyReference('notes_client_fk', t, t.clientId, clients),
    sameCompanyReference('notes_author_fk', t, t.authorId, users),
  ],
);

/** Spec section 3, Task. Duration is the time spent in status W; elapsed runs from creation. */
export const tasks = pgTable(
  'tasks',
  {
    ...tenantKeys(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    processId: bigint('process_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    note: text('note').notNull().default(''),
    type: varchar('type', { length: 1 }).notNull(),
    clientVisible: varchar('client_visible', { length: 1, enum: YES_NO }).notNull().default('N'),
    status: varchar('status', { length: 1, enum: ['I', 'W', 'C', 'R'] })
      .notNull()
      .default('I'),
    due: timestamp('due', { withTimezone: true }),
    workSeconds: integer('work_seconds').notNull().default(0),
    workStartedAt: timestamp('work_started_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('tasks', t),
    index('tasks_company_due_idx').on(t.companyId, t.due),
    index('tasks_client_idx').on(t.companyId, t.clientId),
    sameCompanyReference('tasks_client_fk', t, t.clientId, clients),
    sameCompanyReference('tasks_process_fk', t, t.processId, processes),
    sameCompanyReference('tasks_user_fk', t, t.userId, users),
  ],
);
