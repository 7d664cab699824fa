import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';
import { clients } from './clients.ts';
import { companies } from './companies.ts';
import {
  companyIdColumn,
  createdAtColumn,
  sameCompanyReference,
  tenantKeyIndexes,
  tenantKeys,
  timestamps,
} from './tenant.ts';

/**
 * Stored invoice states. 'unpaid' is not stored: an issued invoice past its due date with an amount
 * outstanding is unpaid, which the lists derive from due_date and paid_cents at read time.
 */
export const INVOICE_STORED_STATUSES = ['draft', 'active', 'paid', 'archived', 'cancelled'] as const;
/** write_off: an unpaid notice of type C writes the outstanding amount off (not money received). */
export const PAYMENT_METHODS = ['cash', 'card', 'eft', 'medical_aid', 'other', 'write_off'] as const;
export const RUN_STATUSES = ['running', 'done', 'failed'] as const;

/** Per-company billing set-up: payment terms, the unpaid-notice ladder and the monthly run. */
export const billingSettings = pgTable(
  'billing_settings',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .primaryKey()
      .references(() => companies.id),
    /** Next invoice number is last_invoice_number + 1, taken under this row's lock: gapless. */
    lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
    invoicePrefix: varchar('invoice_prefix', { length: 10 }).notNull().default('INV'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Unpaid notice types in escalation order (spec unpaid types), e.g. G, F, S, L. */
    unpaidLadder: text('unpaid_ladder').array().notNull().default(sql`'{G,F,S,L}'::text[]`),
    /** Days between two notices of the ladder for the same client. */
    unpaidIntervalDays: integer('unpaid_interval_days').notNull().default(14),
    /** Day of the month the scheduled billing run bills the month (1-28). */
    billingDay: integer('billing_day').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    check('billing_settings_number_chk', sql`${t.lastInvoiceNumber} >= 0`),
    check('billing_settings_terms_chk', sql`${t.paymentTermsDays} between 0 and 365`),
    check('billing_settings_day_chk', sql`${t.billingDay} between 1 and 28`),
  ],
);

export const billingRuns = pgTable(
  'billing_runs',
  {
    ...tenantKeys(),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    status: varchar('status', { length: 10, enum: RUN_STATUSES }).notNull().default('running'),
    invoicesCreated: integer('invoices_created').notNull().default(0),
    startedBy: bigint('started_by', { mode: 'number' }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('billing_runs', t),
    index('billing_runs_company_idx').on(t.companyId, t.startedAt),
    check('billing_runs_period_chk', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

export const unpaidRuns = pgTable(
  'unpaid_runs',
  {
    ...tenantKeys(),
    status: varchar('status', { length: 10, enum: RUN_STATUSES }).notNull().default('running'),
    noticesCreated: integer('notices_created').notNull().default(0),
    startedBy: bigint('started_by', { mode: 'number' }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('unpaid_runs', t),
    index('unpaid_runs_company_idx').on(t.companyId, t.startedAt),
    // One run per company at a time: a second run's insert waits for the first's transaction (migration 0025).
    uniqueIndex('unpaid_runs_running_key').on(t.companyId).where(sql`${t.status} = 'running'`),
  ],
);

/** An invoice: amounts in integer cents, totals kept on the row for the lists. */
export const invoices = pgTable(
  'invoices',
  {
    ...tenantKeys(),
    /** Gapless per company once issued; a draft has none. */
    number: integer('number'),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    /** The client's billing client when one is set, else the client (fixed at creation). */
    billToClientId: bigint('bill_to_client_id', { mode: 'number' }).notNull(),
    affiliateClientId: bigint('affiliate_client_id', { mode: 'number' }),
    practitionerId: bigint('practitioner_id', { mode: 'number' }),
    appointmentId: bigint('appointment_id', { mode: 'number' }),
    clientProductId: bigint('client_product_id', { mode: 'number' }),
    billingPlanId: bigint('billing_plan_id', { mode: 'number' }),
    billingRunId: bigint('billing_run_id', { mode: 'number' }),
    /**
     * First day of the month billed: a run's period, or the invoiced date's month for a manual invoice of a
     * client product. One live invoice per client product and period (migration 0025).
     */
    billingPeriod: date('billing_period'),
    /** A manual invoice the user confirmed as a repeat ("invoice again"): outside the one-per-period key. */
    invoicedAgain: boolean('invoiced_again').notNull().default(false),
    status: varchar('status', { length: 10, enum: INVOICE_STORED_STATUSES }).notNull().default('active'),
    invoiced: date('invoiced').notNull(),
    due: date('due').notNull(),
    useTaxRate: varchar('use_tax_rate', { length: 1 }).notNull().default('N'),
    currency: varchar('currency', { length: 3 }).notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    /**
     * The client's and (when another) the paying client's names, lowercased, a line each: kept by triggers
     * (migration 0018) for the invoice search's trigram index.
     */
    searchNames: text('search_names').notNull().default(''),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...timestamps(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('invoices', t),
    uniqueIndex('invoices_number_key').on(t.companyId, t.number).where(sql`${t.number} is not null`),
    uniqueIndex('invoices_billing_period_key')
      .on(t.companyId, t.clientProductId, t.billingPeriod)
      .where(
        sql`${t.billingPeriod} is not null and ${t.clientProductId} is not null and ${t.status} <> 'cancelled' and not ${t.invoicedAgain}`,
      ),
    // What a billing run and a manual invoice look up (any live invoice of the product and month, repeats
    // included): the unique key above leaves repeats out, so it cannot serve that look-up.
    index('invoices_client_product_period_idx')
      .on(t.companyId, t.clientProductId, t.billingPeriod)
      .where(sql`${t.billingPeriod} is not null and ${t.status} <> 'cancelled'`),
    // The lazy list's default order (invoiced desc) and status tabs.
    index('invoices_company_invoiced_idx').on(t.companyId, t.invoiced, t.id),
    index('invoices_company_status_idx').on(t.companyId, t.status, t.due),
    index('invoices_search_names_trgm_idx').using('gin', sql`${t.searchNames} gin_trgm_ops`),
    // The lazy list's other sortable columns (the id breaks ties), so a sorted page need not sort them all.
    index('invoices_company_due_idx').on(t.companyId, t.due, t.id),
    index('invoices_company_total_idx').on(t.companyId, t.totalCents, t.id),
    index('invoices_company_outstanding_idx').on(t.companyId, sql`(${t.totalCents} - ${t.paidCents})`, t.id),
    // The unpaid tab and unpaid runs: issued, not fully paid (past due is decided on the index's due).
    index('invoices_unpaid_idx')
      .on(t.companyId, t.due)
      .where(sql`${t.status} = 'active' and ${t.paidCents} < ${t.totalCents}`),
    index('invoices_client_idx').on(t.companyId, t.clientId, t.invoiced),
    // The client timeline's invoice branch: newest created first.
    index('invoices_client_created_idx').on(t.companyId, t.clientId, t.createdAt),
    index('invoices_bill_to_idx').on(t.companyId, t.billToClientId),
    index('invoices_practitioner_idx').on(t.companyId, t.practitionerId, t.invoiced),
    index('invoices_affiliate_idx').on(t.companyId, t.affiliateClientId),
    index('invoices_billing_run_idx').on(t.companyId, t.billingRunId),
    sameCompanyReference('invoices_client_fk', t, t.clientId, clients),
    sameCompanyReference('invoices_bill_to_fk', t, t.billToClientId, clients),
    sameCompanyReference('invoices_billing_run_fk', t, t.billingRunId, billingRuns),
    check('invoices_status_chk', sql`${t.status} in ('draft','active','paid','archived','cancelled')`),
    check('invoices_number_chk', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    check('invoices_due_chk', sql`${t.due} >= ${t.invoiced}`),
    check('invoices_tax_chk', sql`${t.useTaxRate} in ('Y','N')`),
    check(
      'invoices_amounts_chk',
      sql`${t.subtotalCents} >= 0 and ${t.vatCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.vatCents} and ${t.paidCents} >= 0`,
    ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...tenantKeys(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull(),
    productId: bigint('product_id', { mode: 'number' }),
    clientProductId: bigint('client_product_id', { mode: 'number' }),
    billingPlanId: bigint('billing_plan_id', { mode: 'number' }),
    description: varchar('description', { length: 300 }).notNull(),
    /** Tariff code of a medical account line (from the product, the appointment type or the user). */
    tariffCode: varchar('tariff_code', { length: 20 }),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    vatRateBps: integer('vat_rate_bps').notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    ...tenantKeyIndexes('invoice_lines', t),
    index('invoice_lines_invoice_idx').on(t.companyId, t.invoiceId, t.position),
    sameCompanyReference('invoice_lines_invoice_fk', t, t.invoiceId, invoices).onDelete('cascade'),
    sameCompanyReference('invoice_lines_product_fk', t, t.productId, products),
    check('invoice_lines_qty_chk', sql`${t.quantity} > 0`),
    check('invoice_lines_price_chk', sql`${t.unitPriceCents} >= 0`),
    check('invoice_lines_vat_chk', sql`${t.vatRateBps} between 0 and 10000`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    ...tenantKeys(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paidOn: date('paid_on').notNull(),
    method: varchar('method', { length: 20, enum: PAYMENT_METHODS }).notNull(),
    reference: varchar('reference', { length: 100 }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantKeyIndexes('payments', t),
    index('payments_invoice_idx').on(t.companyId, t.invoiceId),
    // The debtors' age analysis as at a past day: the invoices paid after it (migration 0033).
    index('payments_paid_on_idx').on(t.companyId, t.paidOn),
    sameCompanyReference('payments_invoice_fk', t, t.invoiceId, invoices),
    check('payments_amount_chk', sql`${t.amountCents} > 0`),
    check('payments_method_chk', sql`${t.method} in ('cash','card','eft','medical_aid','other','write_off')`),
  ],
);

/** Spec section 3, Unpaid notice: one letter to a client about what it owes, e-mailed with a PDF. */
export const unpaidNotices = pgTable(
  'unpaid_notices',
  {
    ...tenantKeys(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    unpaidType: varchar('unpaid_type', { length: 1 }).notNull(),
    amountOutstandingCents: bigint('amount_outstanding_cents', { mode: 'number' }).notNull(),
    unpaidRunId: bigint('unpaid_run_id', { mode: 'number' }),
    /**
     * A run's notice: the earliest due date of the debt its ladder is on (a ladder starts again only on newer
     * debt), so one notice per client, ladder step and ladder. Null for a notice made by hand.
     */
    ladderDue: date('ladder_due'),
    messageId: bigint('message_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantKeyIndexes('unpaid_notices', t),
    index('unpaid_notices_client_idx').on(t.companyId, t.clientId, t.createdAt),
    index('unpaid_notices_run_idx').on(t.companyId, t.unpaidRunId),
    uniqueIndex('unpaid_notices_ladder_step_key')
      .on(t.companyId, t.clientId, t.unpaidType, t.ladderDue)
      .where(sql`${t.ladderDue} is not null`),
    sameCompanyReference('unpaid_notices_client_fk', t, t.clientId, clients),
    sameCompanyReference('unpaid_notices_run_fk', t, t.unpaidRunId, unpaidRuns),
    check('unpaid_notices_type_chk', sql`${t.unpaidType} in ('M','G','F','S','L','C')`),
    check('unpaid_notices_amount_chk', sql`${t.amountOutstandingCents} > 0`),
  ],
);

/** Which invoices a notice covered (an unpaid run's notice names the overdue invoices it found). */
export const unpaidNoticeInvoices = pgTable(
  'unpaid_notice_invoices',
  {
    companyId: companyIdColumn(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).notNull(),
    outstandingCents: bigint('outstanding_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.noticeId, t.invoiceId] }),
    index('unpaid_notice_invoices_invoice_idx').on(t.companyId, t.invoiceId),
    sameCompanyReference('unpaid_notice_invoices_notice_fk', t, t.noticeId, unpaidNotices),
    sameCompanyReference('unpaid_notice_invoices_invoice_fk', t, t.invoiceId, invoices),
  ],
);
