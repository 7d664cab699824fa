import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const companies = pgTable(
  'companies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 200 }).notNull(),
    type: varchar('type', { length: 1 }).notNull(),
    taxRegistered: varchar('tax_registered', { length: 1 }).notNull().default('N'),
    vatNumber: varchar('vat_number', { length: 40 }),
    /** The practice's (BHF) practice number, printed on the medical accounts of a type H company. */
    practiceNumber: varchar('practice_number', { length: 30 }),
    vatRateBps: integer('vat_rate_bps').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    region: varchar('region', { length: 2 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    supportEmail: text('support_email'),
    /** Issue 17, part 5: for type F, Won needs a record of advice (a note of adviceTemplateId) when Y. */
    wonNeedsAdvice: varchar('won_needs_advice', { length: 1 }).notNull().default('N'),
    adviceTemplateId: bigint('advice_template_id', { mode: 'number' }),
    /** Issue 18, part 4: the POPIA section 18 notice on the public fill page; null: built from the company's details. */
    formNotice: text('form_notice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('companies_type_chk', sql`${t.type} in ('H','F')`),
    check('companies_tax_chk', sql`${t.taxRegistered} in ('Y','N')`),
    check('companies_won_needs_advice_chk', sql`${t.wonNeedsAdvice} in ('Y','N')`),
    check('companies_vat_chk', sql`${t.vatRateBps} between 0 and 10000`),
  ],
);
