import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tenantKeyIndexes, tenantKeys } from './tenant.ts';

/** ICD-10 codes: shared reference data (not a tenant table); the app role may only read it. */
export const icd10Codes = pgTable(
  'icd10_codes',
  {
    code: varchar('code', { length: 10 }).primaryKey(),
    description: text('description').notNull(),
    validPrimary: boolean('valid_primary').notNull().default(true),
    validAsterisk: boolean('valid_asterisk').notNull().default(false),
    validDagger: boolean('valid_dagger').notNull().default(false),
    ageRange: varchar('age_range', { length: 50 }),
    gender: varchar('gender', { length: 10 }),
  },
  (t) => [
    index('icd10_code_prefix_idx').on(sql`${t.code} text_pattern_ops`),
    index('icd10_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
  ],
);

/** A company's healthcare providers (medical aids, schemes), picked for a client's providerId. */
export const providers = pgTable(
  'providers',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 200 }).notNull(),
    practiceNumber: varchar('practice_number', { length: 50 }),
    kind: varchar('kind', { length: 50 }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    ...tenantKeyIndexes('providers', t),
    index('providers_name_idx').on(t.companyId, sql`lower(${t.name}) text_pattern_ops`),
  ],
);
