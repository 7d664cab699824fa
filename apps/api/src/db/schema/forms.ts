import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
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

/**
 * Issue 18, part 3: a form sent to a client (by SMS or e-mail, or opened at reception in kiosk mode): a
 * one-time link whose token only the SHA-256 of is kept, valid until it expires, is revoked or is used.
 */
export const formRequests = pgTable(
  'form_requests',
  {
    ...tenantKeys({ references: true }),
    formVersionId: bigint('form_version_id', { mode: 'number' }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    channel: varchar('channel', { length: 5 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 9 }).notNull().default('sent'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    messageId: bigint('message_id', { mode: 'number' }),
    createdById: bigint('created_by_id', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('form_requests', t),
    uniqueIndex('form_requests_token_key').on(t.tokenHash),
    index('form_requests_list_idx').on(t.companyId, t.createdAt),
    index('form_requests_client_idx').on(t.companyId, t.clientId),
    sameCompanyReference('form_requests_version_fk', t, t.formVersionId, formVersions),
    sameCompanyReference('form_requests_client_fk', t, t.clientId, clients),
    sameCompanyReference('form_requests_created_by_fk', t, t.createdById, users),
    check('form_requests_channel_chk', sql`${t.channel} in ('sms','email','kiosk')`),
    check('form_requests_status_chk', sql`${t.status} in ('sent','opened','submitted','revoked')`),
  ],
);

/**
 * Issue 18, part 5: what a client submitted, once per request (the unique key makes a link single-use), as
 * the FHIR QuestionnaireResponse built from the definition and the answers, sealed with the SHA-256 of its
 * canonical JSON (RFC 8785). A submission never changes (a trigger in migration 0037 refuses it).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    ...tenantKeys({ references: true }),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    formVersionId: bigint('form_version_id', { mode: 'number' }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    response: jsonb('response').notNull(),
    seal: varchar('seal', { length: 64 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 300 }).notNull(),
    /** Issue 18, part 4: the separate, unticked-by-default box for marketing messages (also sealed in the response). */
    marketingConsent: boolean('marketing_consent').notNull().default(false),
  },
  (t) => [
    ...tenantKeyIndexes('form_submissions', t),
    uniqueIndex('form_submissions_request_key').on(t.companyId, t.requestId),
    index('form_submissions_list_idx').on(t.companyId, t.submittedAt),
    sameCompanyReference('form_submissions_request_fk', t, t.requestId, formRequests),
    sameCompanyReference('form_submissions_version_fk', t, t.formVersionId, formVersions),
    sameCompanyReference('form_submissions_client_fk', t, t.clientId, clients),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Issue 18, part 4: answers saved part-way on the fill page against the link ("continue later", on another
 * device too), one row per request, replaced on each save and kept after submission only as long as the link.
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    ...tenantKeys({ references: true }),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    draft: jsonb('draft').notNull(),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('form_drafts', t),
    uniqueIndex('form_drafts_request_key').on(t.companyId, t.requestId),
    sameCompanyReference('form_drafts_request_fk', t, t.requestId, formRequests),
  ],
);

/**
 * Issue 18, part 4: a file a client attached on the fill page (PDF, JPEG or PNG, at most 5 MB), tied to the
 * link it was uploaded through; a submission's answers name it as `Binary/<id>` with its size and SHA-256.
 */
export const formAttachments = pgTable(
  'form_attachments',
  {
    ...tenantKeys({ references: true }),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeyIndexes('form_attachments', t),
    index('form_attachments_request_idx').on(t.companyId, t.requestId),
    sameCompanyReference('form_attachments_request_fk', t, t.requestId, formRequests),
    check(
      'form_attachments_size_chk',
      sql`${t.size} between 1 and 5242880 and octet_length(${t.data}) = ${t.size}`,
    ),
    check('form_attachments_type_chk', sql`${t.contentType} in ('application/pdf','image/jpeg','image/png')`),
  ],
);

/**
 * Issue 18, part 6: a submission a person reviewed and took into the record, once (the unique key: a second
 * or concurrent acceptance writes nothing). Submissions are sealed, so the review lives beside them: who,
 * when, which record fields were written and into which client.
 */
export const formAcceptances = pgTable(
  'form_acceptances',
  {
    ...tenantKeys({ references: true }),
    submissionId: bigint('submission_id', { mode: 'number' }).notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    fields: jsonb('fields').notNull(),
    createdClient: boolean('created_client').notNull().default(false),
    acceptedById: bigint('accepted_by_id', { mode: 'number' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeyIndexes('form_acceptances', t),
    uniqueIndex('form_acceptances_submission_key').on(t.companyId, t.submissionId),
    sameCompanyReference('form_acceptances_submission_fk', t, t.submissionId, formSubmissions),
    sameCompanyReference('form_acceptances_client_fk', t, t.clientId, clients),
    sameCompanyReference('form_acceptances_accepted_by_fk', t, t.acceptedById, users),
  ],
);
