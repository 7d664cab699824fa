import { BILLING_FREQUENCIES, YES_NO } from '@pd/contracts';
import {
  bigint,
  foreignKey,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';

const companyId = () =>
  bigint('company_id', { mode: 'number' })
    .notNull()
    .references(() => companies.id);
const identity = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Company set-up of issue 4: billing plans, products, note templates and processes. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    companyId: companyId(),
    id: identity(),
    name: varchar('name', { length: 100 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    frequency: varchar('frequency', { length: 10, enum: BILLING_FREQUENCIES }).notNull(),
    active: varchar('active', { length: 1, enum: YES_NO }).notNull().default('Y'),
    bookable: varchar('bookable', { length: 1, enum: YES_NO }).notNull().default('N'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('billing_plans_id_key').on(t.id)],
);

export const products = pgTable(
  'products',
  {
    companyId: companyId(),
    id: identity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    billingPlanId: bigint('billing_plan_id', { mode: 'number' }),
    premium: bigint('premium', { mode: 'number' }).notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    active: varchar('active', { length: 1, enum: YES_NO }).notNull().default('Y'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('products_id_key').on(t.id),
    foreignKey({
      name: 'products_billing_plan_fk',
      columns: [t.companyId, t.billingPlanId],
      foreignColumns: [billingPlans.companyId, billingPlans.id],
    }),
  ],
);

export const noteTemplates = pgTable(
  'note_templates',
  {
    companyId: companyId(),
    id: identity(),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('note_templates_id_key').on(t.id)],
);

export const processes = pgTable(
  'processes',
  {
    companyId: companyId(),
    id: identity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    active: varchar('active', { length: 1, enum: YES_NO }).notNull().default('Y'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('processes_id_key').on(t.id)],
);
