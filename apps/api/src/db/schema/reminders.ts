import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { appointments, appointmentTypes } from './appointments.ts';
import { clients } from './clients.ts';
import { companies } from './companies.ts';
import { messages } from './messaging.ts';
import { companyIdColumn, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';

/** Issue 16. A reminder's text with merge fields ({{preferredName}} …); deleted ones stay for history. */
export const reminderTemplates = pgTable(
  'reminder_templates',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 100 }).notNull(),
    channel: varchar('channel', { length: 5 }).notNull(),
    subject: varchar('subject', { length: 200 }),
    body: text('body').notNull(),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('reminder_templates', t),
    uniqueIndex('reminder_templates_name_key')
      .on(t.companyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    check('reminder_templates_channel_chk', sql`${t.channel} in ('sms','email')`),
  ],
);

/**
 * Which reminders an appointment type sends: before the start (offset_minutes > 0) or a booking notice
 * (on booking, change or cancellation; offset 0). Deleted ones stay, so sent reminders keep their rule.
 */
export const reminderRules = pgTable(
  'reminder_rules',
  {
    ...tenantKeys({ references: true }),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    channel: varchar('channel', { length: 5 }).notNull(),
    templateId: bigint('template_id', { mode: 'number' }).notNull(),
    offsetValue: integer('offset_value'),
    offsetUnit: varchar('offset_unit', { length: 7 }).notNull().default('hours'),
    offsetMinutes: integer('offset_minutes').notNull().default(0),
    active: varchar('active', { length: 1 }).notNull().default('Y'),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('reminder_rules', t),
    uniqueIndex('reminder_rules_once_key')
      .on(t.companyId, t.typeId, t.kind, t.channel, t.offsetMinutes)
      .where(sql`${t.deletedAt} is null`),
    foreignKey({
      name: 'reminder_rules_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [appointmentTypes.companyId, appointmentTypes.id],
    }),
    foreignKey({
      name: 'reminder_rules_template_fk',
      columns: [t.companyId, t.templateId],
      foreignColumns: [reminderTemplates.companyId, reminderTemplates.id],
    }),
    check('reminder_rules_kind_chk', sql`${t.kind} in ('before','booked','changed','cancelled')`),
    check('reminder_rules_channel_chk', sql`${t.channel} in ('sms','email')`),
    check('reminder_rules_unit_chk', sql`${t.offsetUnit} in ('minutes','hours','days')`),
    check('reminder_rules_active_chk', sql`${t.active} in ('Y','N')`),
    check(
      'reminder_rules_offset_chk',
      sql`(${t.kind} = 'before' and ${t.offsetMinutes} between 1 and 43200) or (${t.kind} <> 'before' and ${t.offsetMinutes} = 0)`,
    ),
  ],
);

/** The practice's address and cancel instruction, as the merge fields {{address}} and {{cancelInstruction}}. */
export const reminderSettings = pgTable('reminder_settings', {
  companyId: bigint('company_id', { mode: 'number' })
    .primaryKey()
    .references(() => companies.id),
  address: text('address').notNull().default(''),
  cancelInstruction: text('cancel_instruction'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the dispatches of an appointment were last computed for: its version (one more at every change of
 * time, practitioner, type, client or status) and those values, so the next change knows what moved.
 */
export const reminderAppointments = pgTable(
  'reminder_appointments',
  {
    companyId: companyIdColumn(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    practitionerId: bigint('practitioner_id', { mode: 'number' }).notNull(),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.appointmentId] }),
    foreignKey({
      name: 'reminder_appointments_appointment_fk',
      columns: [t.companyId, t.appointmentId],
      foreignColumns: [appointments.companyId, appointments.id],
    }),
  ],
);

/**
 * One reminder or notice of one rule for one version of one appointment: the unique key makes "once" the
 * database's. Claimed FOR UPDATE SKIP LOCKED when due; settled with its outbox message in one transaction.
 */
export const reminderDispatches = pgTable(
  'reminder_dispatches',
  {
    ...tenantKeys(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    /** A retry of a failed dispatch makes a new attempt (and a new message): the same row, attempt + 1. */
    attempt: integer('attempt').notNull().default(1),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    channel: varchar('channel', { length: 5 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    reason: varchar('reason', { length: 200 }),
    /** A change notice: the start and practitioner the client knew before the change. */
    toldStartsAt: timestamp('told_starts_at', { withTimezone: true }),
    toldPractitionerId: bigint('told_practitioner_id', { mode: 'number' }),
    messageId: bigint('message_id', { mode: 'number' }),
    segments: integer('segments').notNull().default(0),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull().default(0),
    ...timestamps(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    ...tenantKeyIndexes('reminder_dispatches', t),
    // Superseded rows are dead history: a rule switched on again may dispatch the same version anew.
    uniqueIndex('reminder_dispatches_once_key')
      .on(t.companyId, t.appointmentId, t.ruleId, t.version)
      .where(sql`${t.status} <> 'superseded'`),
    // The claim and the forecast: only pending rows are indexed.
    index('reminder_dispatches_due_idx').on(t.companyId, t.dueAt).where(sql`${t.status} = 'pending'`),
    // Which companies have due rows: the dispatcher's one look across companies.
    index('reminder_dispatches_due_all_idx').on(t.dueAt).where(sql`${t.status} = 'pending'`),
    index('reminder_dispatches_appointment_idx').on(t.companyId, t.appointmentId),
    index('reminder_dispatches_client_idx')
      .on(t.companyId, t.clientId, t.startsAt)
      .where(sql`${t.status} = 'pending'`),
    index('reminder_dispatches_settled_idx')
      .on(t.companyId, t.settledAt)
      .where(sql`${t.settledAt} is not null`),
    foreignKey({
      name: 'reminder_dispatches_appointment_fk',
      columns: [t.companyId, t.appointmentId],
      foreignColumns: [appointments.companyId, appointments.id],
    }),
    foreignKey({
      name: 'reminder_dispatches_rule_fk',
      columns: [t.companyId, t.ruleId],
      foreignColumns: [reminderRules.companyId, reminderRules.id],
    }),
    foreignKey({
      name: 'reminder_dispatches_client_fk',
      columns: [t.companyId, t.clientId],
      foreignColumns: [clients.companyId, clients.id],
    }),
    foreignKey({
      name: 'reminder_dispatches_message_fk',
      columns: [t.companyId, t.messageId],
      foreignColumns: [messages.companyId, messages.id],
    }),
    check(
      'reminder_dispatches_status_chk',
      sql`${t.status} in ('pending','sent','merged','skipped','failed','superseded')`,
    ),
    check('reminder_dispatches_kind_chk', sql`${t.kind} in ('before','booked','changed','cancelled')`),
    check('reminder_dispatches_channel_chk', sql`${t.channel} in ('sms','email')`),
    check(
      'reminder_dispatches_sent_chk',
      sql`(${t.status} in ('sent','merged')) = (${t.messageId} is not null)`,
    ),
  ],
);
