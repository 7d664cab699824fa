import { type SQL, sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';

/** Spec section 3, Client. A deleted client keeps its row (deleted_at) so its history stays intact. */
export const clients = pgTable(
  'clients',
  {
    ...tenantKeys({ references: true }),
    type: varchar('type', { length: 1 }).notNull().default('N'),
    name: varchar('name', { length: 200 }).notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    preferredName: varchar('preferred_name', { length: 100 }),
    email: varchar('email', { length: 254 }),
    mobile: varchar('mobile', { length: 30 }),
    idNumber: varchar('id_number', { length: 30 }),
    dob: date('dob'),
    gender: varchar('gender', { length: 1 }),
    genderOther: varchar('gender_other', { length: 100 }),
    category: varchar('category', { length: 100 }),
    commStatus: varchar('comm_status', { length: 1 }).notNull().default('Y'),
    taxRegistered: varchar('tax_registered', { length: 1 }).notNull().default('N'),
    taxNumber: varchar('tax_number', { length: 40 }),
    addressCountry: varchar('address_country', { length: 2 }).notNull().default('ZA'),
    address1: varchar('address1', { length: 200 }),
    address2: varchar('address2', { length: 200 }),
    addressRegion: varchar('address_region', { length: 100 }),
    addressState: varchar('address_state', { length: 100 }),
    addressPostalCode: varchar('address_postal_code', { length: 20 }),
    status: varchar('status', { length: 1 }).notNull().default('A'),
    /** Issue 17: a prospect is a client record not yet won; only 'client' rows are in the client list. */
    lifecycle: varchar('lifecycle', { length: 8 }).notNull().default('client'),
    /** POPIA s69: a prospect's consent to electronic marketing, and the one request for it. */
    consentState: varchar('consent_state', { length: 9 }).notNull().default('unknown'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentChannel: varchar('consent_channel', { length: 8 }),
    billingClientId: bigint('billing_client_id', { mode: 'number' }),
    adminClientId: bigint('admin_client_id', { mode: 'number' }),
    affiliateClientId: bigint('affiliate_client_id', { mode: 'number' }),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(${clients.id}::text || ' ' || ${clients.name} || ' ' || coalesce(${clients.email}, '') || ' ' || coalesce(${clients.mobile}, ''))`,
    ),
    // The same text with every character doubled ('smith' -> 'ssmmiitthh'; pd_pairs, migration 0009): a 2-character term doubled
    // holds trigrams, so the trigram index serves "contains" from two characters (docs/benchmarks.md).
    searchPairs: text('search_pairs').generatedAlwaysAs(
      (): SQL =>
        sql`pd_pairs(lower(${clients.id}::text || ' ' || ${clients.name} || ' ' || coalesce(${clients.email}, '') || ' ' || coalesce(${clients.mobile}, '')))`,
    ),
  },
  (t) => [
    ...tenantKeyIndexes('clients', t),
    index('clients_company_status_idx').on(t.companyId, t.status),
    // The list's default order; partial so deleted clients cost nothing.
    index('clients_list_order_idx')
      .on(t.companyId, t.lastName, t.firstName, t.id)
      .where(sql`${t.deletedAt} is null and ${t.lifecycle} = 'client'`),
    // Counts of a company's live clients (the list's total) read this instead of the table.
    index('clients_live_idx')
      .on(t.companyId)
      .where(sql`${t.deletedAt} is null and ${t.lifecycle} = 'client'`),
    // Prospects (issue 17) are listed only when asked for: their own, small index.
    index('clients_prospects_idx')
      .on(t.companyId, t.lastName, t.firstName, t.id)
      .where(sql`${t.deletedAt} is null and ${t.lifecycle} = 'prospect'`),
    // Intake import matches rows to existing clients by South African ID number, else by e-mail.
    index('clients_id_number_idx')
      .on(t.companyId, t.idNumber)
      .where(sql`${t.deletedAt} is null and ${t.idNumber} is not null`),
    index('clients_email_idx')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null and ${t.email} is not null`),
    // An SMS reply is matched to clients by its sender (E.164): across companies first, then within one.
    index('clients_mobile_idx')
      .on(t.mobile, t.companyId)
      .where(sql`${t.deletedAt} is null and ${t.mobile} is not null`),
    // Keyword search "contains" on id, name, e-mail and mobile: terms with three letters or digits in a
    // row use trigrams of the text; two-character terms use trigrams of the doubled text, which are
    // bigrams in effect and so far less selective for longer terms (docs/benchmarks.md).
    index('clients_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('clients_search_pairs_trgm_idx')
      .using('gin', sql`${t.searchPairs} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    // Related clients belong to the same company: the key includes company_id.
    sameCompanyReference('clients_billing_fk', t, t.billingClientId, t),
    sameCompanyReference('clients_admin_fk', t, t.adminClientId, t),
    sameCompanyReference('clients_affiliate_fk', t, t.affiliateClientId, t),
    check(
      'clients_not_own_related_chk',
      sql`${t.id} is distinct from ${t.billingClientId} and ${t.id} is distinct from ${t.adminClientId} and ${t.id} is distinct from ${t.affiliateClientId}`,
    ),
    check('clients_type_chk', sql`${t.type} in ('N','J')`),
    check('clients_status_chk', sql`${t.status} in ('A','I','P')`),
    check('clients_lifecycle_chk', sql`${t.lifecycle} in ('client','prospect')`),
    check('clients_consent_state_chk', sql`${t.consentState} in ('unknown','requested','given','refused')`),
    check('clients_consent_channel_chk', sql`${t.consentChannel} in ('email','sms','phone','in_person')`),
  ],
);
