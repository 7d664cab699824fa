import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { billingPlans, products } from './catalogue.ts';
import { clients } from './clients.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/** A half-open range of instants, '[start,end)'; written and read as text by the queries. */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

const companyId = () =>
  bigint('company_id', { mode: 'number' })
    .notNull()
    .references(() => companies.id);
const identity = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Issue 15. Rooms and other resources that can be booked with an appointment. */
export const rooms = pgTable(
  'rooms',
  {
    companyId: companyId(),
    id: identity(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    active: varchar('active', { length: 1 }).notNull().default('Y'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('rooms_id_key').on(t.id),
    uniqueIndex('rooms_name_key').on(t.companyId, sql`lower(${t.name})`),
    check('rooms_active_chk', sql`${t.active} in ('Y','N')`),
  ],
);

/** A user who sees clients: the diary's columns. Keyed by the user, so the users table stays as it is. */
export const practitioners = pgTable(
  'practitioners',
  {
    companyId: companyId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    active: varchar('active', { length: 1 }).notNull().default('Y'),
    colour: varchar('colour', { length: 7 }).notNull().default('#1e88e5'),
    practiceNumber: varchar('practice_number', { length: 30 }),
    registrationNumber: varchar('registration_number', { length: 30 }),
    defaultRoomId: bigint('default_room_id', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    foreignKey({
      name: 'practitioners_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }),
    foreignKey({
      name: 'practitioners_room_fk',
      columns: [t.companyId, t.defaultRoomId],
      foreignColumns: [rooms.companyId, rooms.id],
    }),
    check('practitioners_active_chk', sql`${t.active} in ('Y','N')`),
  ],
);

/** Weekly working hours: several intervals per ISO weekday (1 Monday … 7 Sunday), company wall clock. */
export const practitionerHours = pgTable(
  'practitioner_hours',
  {
    companyId: companyId(),
    id: identity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    /** 24:00 is the end of the day. */
    endTime: time('end_time').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('practitioner_hours_id_key').on(t.id),
    index('practitioner_hours_user_idx').on(t.companyId, t.userId, t.weekday),
    foreignKey({
      name: 'practitioner_hours_practitioner_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [practitioners.companyId, practitioners.userId],
    }).onDelete('cascade'),
    check('practitioner_hours_weekday_chk', sql`${t.weekday} between 1 and 7`),
    check('practitioner_hours_order_chk', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** Leave, training or closures; a null user closes the whole practice. Times null: whole days. */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    companyId: companyId(),
    id: identity(),
    userId: bigint('user_id', { mode: 'number' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    note: varchar('note', { length: 200 }),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('availability_exceptions_id_key').on(t.id),
    index('availability_exceptions_range_idx').on(t.companyId, t.endDate, t.startDate),
    foreignKey({
      name: 'availability_exceptions_practitioner_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [practitioners.companyId, practitioners.userId],
    }).onDelete('cascade'),
    check('availability_exceptions_kind_chk', sql`${t.kind} in ('leave','training','closed','other')`),
    check('availability_exceptions_dates_chk', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'availability_exceptions_times_chk',
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.startTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
  ],
);

export const appointmentTypes = pgTable(
  'appointment_types',
  {
    companyId: companyId(),
    id: identity(),
    name: varchar('name', { length: 100 }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    minMinutes: integer('min_minutes').notNull(),
    maxMinutes: integer('max_minutes').notNull(),
    colour: varchar('colour', { length: 7 }).notNull(),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    productId: bigint('product_id', { mode: 'number' }),
    billingPlanId: bigint('billing_plan_id', { mode: 'number' }),
    tariffCode: varchar('tariff_code', { length: 20 }),
    noShowFeeCents: bigint('no_show_fee_cents', { mode: 'number' }),
    lateCancelFeeCents: bigint('late_cancel_fee_cents', { mode: 'number' }),
    active: varchar('active', { length: 1 }).notNull().default('Y'),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('appointment_types_id_key').on(t.id),
    foreignKey({
      name: 'appointment_types_product_fk',
      columns: [t.companyId, t.productId],
      foreignColumns: [products.companyId, products.id],
    }),
    foreignKey({
      name: 'appointment_types_plan_fk',
      columns: [t.companyId, t.billingPlanId],
      foreignColumns: [billingPlans.companyId, billingPlans.id],
    }),
    check(
      'appointment_types_length_chk',
      sql`${t.minMinutes} > 0 and ${t.minMinutes} <= ${t.durationMinutes} and ${t.durationMinutes} <= ${t.maxMinutes} and ${t.maxMinutes} <= 720`,
    ),
    check('appointment_types_buffer_chk', sql`${t.bufferAfterMinutes} between 0 and 240`),
    check('appointment_types_source_chk', sql`${t.productId} is null or ${t.billingPlanId} is null`),
    check(
      'appointment_types_fees_chk',
      sql`coalesce(${t.noShowFeeCents}, 0) >= 0 and coalesce(${t.lateCancelFeeCents}, 0) >= 0`,
    ),
    check('appointment_types_active_chk', sql`${t.active} in ('Y','N')`),
  ],
);

/** Who offers a type; a type with no rows here is offered by every practitioner. */
export const appointmentTypePractitioners = pgTable(
  'appointment_type_practitioners',
  {
    companyId: companyId(),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.typeId, t.userId] }),
    foreignKey({
      name: 'appointment_type_practitioners_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [appointmentTypes.companyId, appointmentTypes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'appointment_type_practitioners_practitioner_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [practitioners.companyId, practitioners.userId],
    }).onDelete('cascade'),
  ],
);

/** A recurring series: its rule (RFC 5545 RRULE, expanded in the company's time zone). */
export const appointmentSeries = pgTable(
  'appointment_series',
  {
    companyId: companyId(),
    id: identity(),
    frequency: varchar('frequency', { length: 12 }).notNull(),
    rule: varchar('rule', { length: 200 }).notNull(),
    occurrences: integer('occurrences').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('appointment_series_id_key').on(t.id),
    check('appointment_series_frequency_chk', sql`${t.frequency} in ('weekly','fortnightly','monthly')`),
    check('appointment_series_occurrences_chk', sql`${t.occurrences} between 1 and 52`),
  ],
);

/**
 * An appointment. span is [start, end) in UTC; the type's buffer after (copied at booking) is blocked time
 * too. No overlap of live appointments per practitioner and per room is held by exclusion constraints
 * (migration 0020, hand-written: drizzle-kit cannot express them).
 */
export const appointments = pgTable(
  'appointments',
  {
    companyId: companyId(),
    id: identity(),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    practitionerId: bigint('practitioner_id', { mode: 'number' }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }),
    typeId: bigint('type_id', { mode: 'number' }).notNull(),
    seriesId: bigint('series_id', { mode: 'number' }),
    seriesIndex: integer('series_index'),
    span: tstzrange('span').notNull(),
    // The span's ends as plain columns: with row-level security forced, only LEAKPROOF conditions may use an
    // index, and timestamptz comparisons are while lower(span) is not (docs/benchmarks.md, Appointments).
    startsAt: timestamp('starts_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${appointments.span})`),
    endsAt: timestamp('ends_at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`upper(${appointments.span})`),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('booked'),
    cancelReason: varchar('cancel_reason', { length: 10 }),
    notes: text('notes'),
    allowOverlap: boolean('allow_overlap').notNull().default(false),
    /** When the client confirmed this time by replying to a reminder (issue 16); a move clears it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('appointments_id_key').on(t.id),
    // Range reads: an appointment lasts at most 12 hours, so "overlaps [a, b)" is "starts in [a - 12h, b)".
    index('appointments_start_idx').on(t.companyId, t.startsAt),
    index('appointments_practitioner_start_idx').on(t.companyId, t.practitionerId, t.startsAt),
    index('appointments_room_start_idx')
      .on(t.companyId, t.roomId, t.startsAt)
      .where(sql`${t.roomId} is not null`),
    index('appointments_client_start_idx').on(t.companyId, t.clientId, t.startsAt),
    index('appointments_series_idx')
      .on(t.companyId, t.seriesId, t.seriesIndex)
      .where(sql`${t.seriesId} is not null`),
    foreignKey({
      name: 'appointments_client_fk',
      columns: [t.companyId, t.clientId],
      foreignColumns: [clients.companyId, clients.id],
    }),
    foreignKey({
      name: 'appointments_practitioner_fk',
      columns: [t.companyId, t.practitionerId],
      foreignColumns: [practitioners.companyId, practitioners.userId],
    }),
    foreignKey({
      name: 'appointments_room_fk',
      columns: [t.companyId, t.roomId],
      foreignColumns: [rooms.companyId, rooms.id],
    }),
    foreignKey({
      name: 'appointments_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [appointmentTypes.companyId, appointmentTypes.id],
    }),
    foreignKey({
      name: 'appointments_series_fk',
      columns: [t.companyId, t.seriesId],
      foreignColumns: [appointmentSeries.companyId, appointmentSeries.id],
    }),
    check(
      'appointments_status_chk',
      sql`${t.status} in ('booked','arrived','fulfilled','cancelled','noshow','entered-in-error')`,
    ),
    check(
      'appointments_cancel_reason_chk',
      sql`(${t.status} = 'cancelled') = (${t.cancelReason} is not null) and coalesce(${t.cancelReason}, 'client') in ('client','practice','late')`,
    ),
    check(
      'appointments_span_chk',
      sql`not isempty(${t.span}) and lower_inc(${t.span}) and not upper_inc(${t.span}) and upper(${t.span}) - lower(${t.span}) <= interval '12 hours'`,
    ),
    check('appointments_buffer_chk', sql`${t.bufferMinutes} between 0 and 240`),
  ],
);

/** A practitioner's secret calendar feed: only the SHA-256 of its token is kept. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    companyId: companyId(),
    id: identity(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('calendar_feeds_id_key').on(t.id),
    uniqueIndex('calendar_feeds_token_key').on(t.tokenHash),
    // One live feed per user: making a new one revokes the old first.
    uniqueIndex('calendar_feeds_live_key').on(t.companyId, t.userId).where(sql`${t.revokedAt} is null`),
    foreignKey({
      name: 'calendar_feeds_user_fk',
      columns: [t.companyId, t.userId],
      foreignColumns: [users.companyId, users.id],
    }),
  ],
);
