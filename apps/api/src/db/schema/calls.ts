import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { tasks } from './client-records.ts';
import { clients } from './clients.ts';
import { opportunities } from './prospects.ts';
import { sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';
import { users } from './users.ts';

/**
 * Issue 17, part 7: a phone call, in or out, with a known client or an unknown number (E.164). A call with
 * no answer, a left message or a callback asked for stays open (the callback queue) until a later call
 * closes it.
 */
export const calls = pgTable(
  'calls',
  {
    ...tenantKeys({ references: true }),
    clientId: bigint('client_id', { mode: 'number' }),
    appointmentId: bigint('appointment_id', { mode: 'number' }),
    /** The opportunity the call was about (migration 0040). */
    opportunityId: bigint('opportunity_id', { mode: 'number' }),
    direction: varchar('direction', { length: 3 }).notNull(),
    number: varchar('number', { length: 16 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    outcome: varchar('outcome', { length: 12 }).notNull(),
    purpose: varchar('purpose', { length: 200 }).notNull().default(''),
    notes: text('notes').notNull().default(''),
    takenForId: bigint('taken_for_id', { mode: 'number' }),
    handledById: bigint('handled_by_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    status: varchar('status', { length: 6 }).notNull().default('closed'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByCallId: bigint('closed_by_call_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('calls', t),
    index('calls_log_idx').on(t.companyId, t.startedAt),
    index('calls_queue_idx').on(t.companyId, t.startedAt).where(sql`${t.status} = 'open'`),
    index('calls_client_idx').on(t.companyId, t.clientId, t.startedAt),
    index('calls_number_idx').on(t.companyId, t.number),
    sameCompanyReference('calls_client_fk', t, t.clientId, clients),
    sameCompanyReference('calls_appointment_fk', t, t.appointmentId, appointments),
    sameCompanyReference('calls_opportunity_fk', t, t.opportunityId, opportunities),
    sameCompanyReference('calls_taken_for_fk', t, t.takenForId, users),
    sameCompanyReference('calls_handled_by_fk', t, t.handledById, users),
    sameCompanyReference('calls_task_fk', t, t.taskId, tasks),
    sameCompanyReference('calls_closed_by_fk', t, t.closedByCallId, t),
    check('calls_direction_chk', sql`${t.direction} in ('in','out')`),
    check(
      'calls_outcome_chk',
      sql`${t.outcome} in ('answered','no_answer','left_message','busy','wrong_number')`,
    ),
    check('calls_duration_chk', sql`${t.durationSeconds} between 0 and 86400`),
    check('calls_status_chk', sql`${t.status} in ('open','closed')`),
  ],
);
