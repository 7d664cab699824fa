import { BILLING_FREQUENCIES, YES_NO } from '@pd/contracts';
import { bigint, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';

/** Company set-up of issue 4: billing plans, products, note templates and processes. */
export const billingPlans = pgTable(
  'billing_plans',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 100 }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    frequency: varchar('frequency', { length: 10, enum: BILLING_FREQUENCIES }).notNull(),
    active: varchar('active', { length: 1, enum: YES_NO }).notNull().default('Y'),
    bookable: varchar('bookable', { length: 1, enum: YES_NO }).notNull().default('N'),
    ...timestamps(),
  },
  (t) => tenantKeyIndexes('billing_plans', t),
);

export const products = pgTable(
  'products',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    billingPlanId: bigint('billing_plan_id', { mode: 'number' }),
    premium: bigint('premium', { mode: 'number' }).notNull().default(0),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
    /** Tariff code for medical accounts (copied onto the invoice lines made from the product). */
    tariffCode: varchar('tariff_code', { length: 20 }),
    active: varchar('active', { length: 1, enum: YES_NO }).notNull().default('Y'),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('products', t),
    sameCompanyReference('products_billing_plan_fk', t, t.billingPlanId, billingPlans),
  ],
);

export const noteTemplates = pgTable(
  'note_templates',
  {
    ...tenantKeys({ references: true }),
    subject: varchar('subject', { length: 200 }).notNull(),
    body: text('body').notNull().default(''),
    ...timestamps(),
  },
  (t) => tenantKeyIndexes('note_templates', t),
);

export const processes = pgTable(
  'processes',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    active: varchar('active', { length: 1, enum: YES_NO }).notNull().default('Y'),
    ...timestamps(),
  },
  (t) => tenantKeyIndexes('processes', t),
);
