import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';
import { users } from './users.ts';

/** Issue 18, part 1: a company's digital form; its content lives in its versions. */
export const forms = pgTable(
  'forms',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 120 }).notNull(),
    createdById: bigint('created_by_id', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('forms', t),
    uniqueIndex('forms_name_key').on(t.companyId, sql`lower(${t.name})`),
    sameCompanyReference('forms_created_by_fk', t, t.createdById, users),
  ],
);

/**
 * A version of a form's definition (a FHIR Questionnaire, JSONB). At most one draft per form; a published
 * version never changes again (a trigger in migration 0036 refuses it), so every submission can name the
 * exact definition it answered. Editing a published form starts the next version's draft.
 */
export const formVersions = pgTable(
  'form_versions',
  {
    ...tenantKeys({ references: true }),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    status: varchar('status', { length: 9 }).notNull().default('draft'),
    definition: jsonb('definition').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedById: bigint('published_by_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('form_versions', t),
    uniqueIndex('form_versions_number_key').on(t.companyId, t.formId, t.version),
    uniqueIndex('form_versions_one_draft_key').on(t.companyId, t.formId).where(sql`${t.status} = 'draft'`),
    sameCompanyReference('form_versions_form_fk', t, t.formId, forms),
    sameCompanyReference('form_versions_published_by_fk', t, t.publishedById, users),
    check('form_versions_status_chk', sql`${t.status} in ('draft','published')`),
    check(
      'form_versions_published_chk',
      sql`(${t.status} = 'published') = (${t.publishedAt} is not null and ${t.publishedById} is not null)`,
    ),
    check('form_versions_number_chk', sql`${t.version} >= 1`),
  ],
);
