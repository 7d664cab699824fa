import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { products } from './catalogue.ts';
import { clients } from './clients.ts';
import { messages } from './messaging.ts';
import { reminderTemplates } from './reminders.ts';
import { createdAtColumn, sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';

/**
 * Issue 16, part 5. A kind of recall (a re-assessment after 6 weeks): its interval, the reminder template its
 * notices use, and the ladder of up to three notices (days after the due date, then after the notice before).
 */
export const recallTypes = pgTable(
  'recall_types',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 100 }).notNull(),
    intervalValue: integer('interval_value').notNull(),
    intervalUnit: varchar('interval_unit', { length: 6 }).notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    /** Days before each notice: the first after the due date, each next after the notice before it. */
    ladder: integer('ladder').array().notNull(),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('recall_types', t),
    uniqueIndex('recall_types_name_key')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    sameCompanyReference('recall_types_template_fk', t, t.templateId, reminderTemplates),
    check('recall_types_interval_chk', sql`${t.intervalValue} between 1 and 1000`),
    check('recall_types_unit_chk', sql`${t.intervalUnit} in ('days','weeks','months')`),
    check('recall_types_ladder_chk', sql`cardinality(${t.ladder}) between 1 and 3`),
  ],
);

/** A company product whose invoicing creates a recall of the type; a product starts one type at most. */
export const recallTypeProducts = pgTable(
  'recall_type_products',
  {
    ...tenantKeys({ references: true }),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    ...tenantKeyIndexes('recall_type_products', t),
    uniqueIndex('recall_type_products_product_key').on(t.companyId, t.productId),
    sameCompanyReference('recall_type_products_type_fk', t, t.typeId, recallTypes),
    sameCompanyReference('recall_type_products_product_fk', t, t.productId, products),
  ],
);

/**
 * A client's recall: due on the service date plus the type's interval. The invoice line that created it is
 * kept without a foreign key (a draft's lines are rewritten) and is unique: one line never makes two.
 */
export const recalls = pgTable(
  'recalls',
  {
    ...tenantKeys({ references: true }),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    serviceDate: date('service_date').notNull(),
    dueDate: date('due_date').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('due'),
    /** The ladder steps sent (0 to 3). */
    noticesSent: integer('notices_sent').notNull().default(0),
    lastNoticeAt: timestamp('last_notice_at', { withTimezone: true }),
    invoiceId: bigint('invoice_id', { mode: 'number' }),
    invoiceLineId: bigint('invoice_line_id', { mode: 'number' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedAppointmentId: bigint('completed_appointment_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('recalls', t),
    uniqueIndex('recalls_invoice_line_key')
      .on(t.companyId, t.invoiceLineId)
      .where(sql`${t.invoiceLineId} is not null`),
    index('recalls_list_idx').on(t.companyId, t.status, t.dueDate),
    index('recalls_client_idx').on(t.companyId, t.clientId),
    sameCompanyReference('recalls_client_fk', t, t.clientId, clients),
    sameCompanyReference('recalls_type_fk', t, t.typeId, recallTypes),
    sameCompanyReference('recalls_appointment_fk', t, t.completedAppointmentId, appointments),
    check('recalls_status_chk', sql`${t.status} in ('due','notified','completed','cancelled')`),
    check('recalls_notices_chk', sql`${t.noticesSent} between 0 and 3`),
  ],
);

/** One notice of a recall's ladder: unique per recall and step, so no step is ever sent twice. */
export const recallNotices = pgTable(
  'recall_notices',
  {
    ...tenantKeys({ references: true }),
    recallId: bigint('recall_id', { mode: 'number' }).notNull(),
    step: integer('step').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    /** When the outbox may send it: now, or the start of the next window the quiet hours allow. */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    ...tenantKeyIndexes('recall_notices', t),
    uniqueIndex('recall_notices_once_key').on(t.companyId, t.recallId, t.step),
    sameCompanyReference('recall_notices_recall_fk', t, t.recallId, recalls),
    sameCompanyReference('recall_notices_message_fk', t, t.messageId, messages),
    check('recall_notices_step_chk', sql`${t.step} between 1 and 3`),
  ],
);
