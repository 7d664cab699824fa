import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { notes } from './client-records.ts';
import { clients } from './clients.ts';
import { sameCompanyReference, tenantKeyIndexes, tenantKeys, timestamps } from './tenant.ts';
import { users } from './users.ts';

/** Issue 17, part 2: a company's sales pipelines (new business, existing clients, …), in their order. */
export const pipelines = pgTable(
  'pipelines',
  {
    ...tenantKeys({ references: true }),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [...tenantKeyIndexes('pipelines', t)],
);

/** A stage of a pipeline: open, won or lost, with the probability an opportunity in it gets by default. */
export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    ...tenantKeys({ references: true }),
    pipelineId: bigint('pipeline_id', { mode: 'number' }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 4 }).notNull().default('open'),
    probability: integer('probability').notNull().default(0),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('pipeline_stages', t),
    // Opportunities name (company, pipeline, stage) together: a stage of another pipeline cannot be stored.
    uniqueIndex('pipeline_stages_pipeline_key').on(t.companyId, t.pipelineId, t.id),
    sameCompanyReference('pipeline_stages_pipeline_fk', t, t.pipelineId, pipelines),
    check('pipeline_stages_kind_chk', sql`${t.kind} in ('open','won','lost')`),
    check('pipeline_stages_probability_chk', sql`${t.probability} between 0 and 100`),
  ],
);

/**
 * An opportunity with a prospect or a client (both live in clients, told apart by lifecycle): its value,
 * expected commission or premium, probability (the stage's by default) and expected close date.
 */
export const opportunities = pgTable(
  'opportunities',
  {
    ...tenantKeys({ references: true }),
    clientId: bigint('client_id', { mode: 'number' }).notNull(),
    pipelineId: bigint('pipeline_id', { mode: 'number' }).notNull(),
    stageId: bigint('stage_id', { mode: 'number' }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
    probability: integer('probability').notNull(),
    expectedCloseDate: date('expected_close_date'),
    nextActionDate: date('next_action_date'),
    ownerId: bigint('owner_id', { mode: 'number' }).notNull(),
    source: varchar('source', { length: 100 }).notNull().default(''),
    lostReason: varchar('lost_reason', { length: 500 }),
    /** The record of advice (a note of the client) that Won needs in a type F company (part 5). */
    adviceNoteId: bigint('advice_note_id', { mode: 'number' }),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    ...tenantKeyIndexes('opportunities', t),
    index('opportunities_board_idx').on(t.companyId, t.pipelineId, t.stageId, t.expectedCloseDate, t.id),
    index('opportunities_client_idx').on(t.companyId, t.clientId),
    // One owner's board: the totals and each column's first cards (in card order) by index-only scans.
    index('opportunities_owner_board_idx').on(
      t.companyId,
      t.pipelineId,
      t.ownerId,
      t.stageId,
      t.expectedCloseDate,
      t.id,
      t.valueCents,
      t.probability,
    ),
    sameCompanyReference('opportunities_client_fk', t, t.clientId, clients),
    sameCompanyReference('opportunities_owner_fk', t, t.ownerId, users),
    sameCompanyReference('opportunities_advice_note_fk', t, t.adviceNoteId, notes),
    foreignKey({
      name: 'opportunities_stage_fk',
      columns: [t.companyId, t.pipelineId, t.stageId],
      foreignColumns: [pipelineStages.companyId, pipelineStages.pipelineId, pipelineStages.id],
    }),
    check('opportunities_value_chk', sql`${t.valueCents} >= 0 and ${t.commissionCents} >= 0`),
    check('opportunities_probability_chk', sql`${t.probability} between 0 and 100`),
  ],
);

/** Every stage an opportunity entered, by whom and when: time in stage and the record's timeline. */
export const opportunityStageHistory = pgTable(
  'opportunity_stage_history',
  {
    ...tenantKeys({ references: true }),
    opportunityId: bigint('opportunity_id', { mode: 'number' }).notNull(),
    fromStageId: bigint('from_stage_id', { mode: 'number' }),
    toStageId: bigint('to_stage_id', { mode: 'number' }).notNull(),
    changedById: bigint('changed_by_id', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeyIndexes('opportunity_stage_history', t),
    index('opportunity_stage_history_opportunity_idx').on(t.companyId, t.opportunityId, t.changedAt),
    sameCompanyReference('opportunity_stage_history_opportunity_fk', t, t.opportunityId, opportunities),
    sameCompanyReference('opportunity_stage_history_from_fk', t, t.fromStageId, pipelineStages),
    sameCompanyReference('opportunity_stage_history_to_fk', t, t.toStageId, pipelineStages),
    sameCompanyReference('opportunity_stage_history_by_fk', t, t.changedById, users),
  ],
);
