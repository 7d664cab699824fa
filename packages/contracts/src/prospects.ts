import { z } from 'zod';
import {
  cents,
  idField,
  idParam,
  isoDate,
  optionalText,
  pagingParams,
  requiredText,
  sortOrderParam,
} from './fields.ts';

/** Issue 17: a client record is a prospect until an opportunity with it is won. */
export const LIFECYCLES = ['client', 'prospect'] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];
/** Which records a client list shows: clients (the default), prospects, or both. */
export const LIFECYCLE_FILTERS = ['client', 'prospect', 'all'] as const;

/**
 * POPIA section 69: a prospect may be approached electronically once, to ask for consent ('requested');
 * after that, e-mail and SMS need 'given'.
 */
export const CONSENT_STATES = ['unknown', 'requested', 'given', 'refused'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];
export const CONSENT_CHANNELS = ['email', 'sms', 'phone', 'in_person'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** PUT /api/prospect/consent/{id}: the answer to the request for consent, how and when it came. */
export const consentInputSchema = z.strictObject({
  state: z.enum(['given', 'refused']),
  channel: z.enum(CONSENT_CHANNELS),
  /** When it was given or refused (ISO instant); absent: now. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type ConsentInput = z.infer<typeof consentInputSchema>;

export const STAGE_KINDS = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const PROSPECT_LIMITS = { name: 100, title: 200, source: 100, lostReason: 500 } as const;
export const PROBABILITY_MESSAGE = 'A probability is a whole number from 0 to 100.';
const probability = z
  .number({ error: PROBABILITY_MESSAGE })
  .int(PROBABILITY_MESSAGE)
  .min(0, PROBABILITY_MESSAGE)
  .max(100, PROBABILITY_MESSAGE);

/** A stage as Settings sends it: an id keeps an existing stage, none adds one; order is the array's. */
export const stageInputSchema = z.strictObject({
  id: idField.nullish(),
  name: requiredText(PROSPECT_LIMITS.name),
  kind: z.enum(STAGE_KINDS),
  probability,
});
export const pipelineInputSchema = z.strictObject({
  name: requiredText(PROSPECT_LIMITS.name),
  position: z.number().int().min(0).max(1000).default(0),
  stages: z
    .array(stageInputSchema)
    .min(1, 'A pipeline has at least one stage.')
    .max(30, 'A pipeline has at most 30 stages.'),
});
export type PipelineInput = z.infer<typeof pipelineInputSchema>;

export const stageSchema = z.object({
  id: z.number().int(),
  pipelineId: z.number().int(),
  name: z.string(),
  kind: z.enum(STAGE_KINDS),
  probability: z.number().int(),
  position: z.number().int(),
});
export type Stage = z.infer<typeof stageSchema>;
export const pipelineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  stages: z.array(stageSchema),
});
export type Pipeline = z.infer<typeof pipelineSchema>;

const opportunityFields = {
  clientId: idField,
  pipelineId: idField,
  stageId: idField,
  title: requiredText(PROSPECT_LIMITS.title),
  valueCents: cents.default(0),
  /** Expected commission (or premium) in cents. */
  commissionCents: cents.default(0),
  /** Absent: the stage's default probability. */
  probability: probability.nullish(),
  expectedCloseDate: isoDate.nullish(),
  nextActionDate: isoDate.nullish(),
  /** Absent: the user creating it. */
  ownerId: idField.nullish(),
  source: optionalText(PROSPECT_LIMITS.source).default(''),
};
export const opportunityInputSchema = z.strictObject(opportunityFields);
export type OpportunityInput = z.infer<typeof opportunityInputSchema>;
/** A change: the fields sent change, the rest stay (the stage moves through the move route). */
export const opportunityPatchSchema = z.strictObject({
  title: opportunityFields.title.optional(),
  valueCents: cents.optional(),
  commissionCents: cents.optional(),
  probability: probability.optional(),
  expectedCloseDate: isoDate.nullish(),
  nextActionDate: isoDate.nullish(),
  ownerId: idField.optional(),
  source: optionalText(PROSPECT_LIMITS.source).optional(),
  /** The record of advice: a note of this opportunity's client (of the configured template, when one is). */
  adviceNoteId: idField.nullish(),
});
export type OpportunityPatch = z.infer<typeof opportunityPatchSchema>;

/** A move to another stage of the same pipeline; a lost stage needs the reason. */
export const opportunityMoveSchema = z.strictObject({
  stageId: idField,
  lostReason: optionalText(PROSPECT_LIMITS.lostReason).nullish(),
  /** Overrides the new stage's default probability. */
  probability: probability.nullish(),
});
export type OpportunityMove = z.infer<typeof opportunityMoveSchema>;
export const LOST_REASON_REQUIRED = 'Say why the opportunity was lost.';

export const opportunitySchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  lifecycle: z.enum(LIFECYCLES),
  pipelineId: z.number().int(),
  stageId: z.number().int(),
  stageName: z.string(),
  stageKind: z.enum(STAGE_KINDS),
  title: z.string(),
  valueCents: z.number().int(),
  commissionCents: z.number().int(),
  probability: z.number().int(),
  expectedCloseDate: z.string().nullable(),
  nextActionDate: z.string().nullable(),
  ownerId: z.number().int(),
  owner: z.string(),
  source: z.string(),
  lostReason: z.string().nullable(),
  adviceNoteId: z.number().int().nullable(),
  stageChangedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const stageChangeSchema = z.object({
  fromStageId: z.number().int().nullable(),
  fromStage: z.string().nullable(),
  toStageId: z.number().int(),
  toStage: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export const opportunityDetailSchema = opportunitySchema.extend({ history: z.array(stageChangeSchema) });
export type OpportunityDetail = z.infer<typeof opportunityDetailSchema>;

/** Board and list filters: owner, pipeline, close month (YYYY-MM). */
const closeMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month such as 2026-03.')
  .optional();
export const boardQuerySchema = z.strictObject({
  /** Absent: the company's first pipeline. */
  pipelineId: idParam.optional(),
  ownerId: idParam.optional(),
  closeMonth,
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;
export const BOARD_CARDS_PER_COLUMN = 50;
export const boardColumnSchema = z.object({
  stage: stageSchema,
  count: z.number().int(),
  valueCents: z.number().int(),
  /** Sum of value × probability / 100, rounded to cents. */
  weightedCents: z.number().int(),
  /** The first 50 cards, soonest close date first. */
  cards: z.array(opportunitySchema),
});
/** pipelineId null: the company has no pipeline yet (no columns). */
export const boardSchema = z.object({
  pipelineId: z.number().int().nullable(),
  columns: z.array(boardColumnSchema),
});
export type Board = z.infer<typeof boardSchema>;
export type BoardColumn = z.infer<typeof boardColumnSchema>;

export const OPPORTUNITY_SORT_FIELDS = [
  'title',
  'clientName',
  'stageName',
  'valueCents',
  'probability',
  'expectedCloseDate',
  'owner',
] as const;
export type OpportunitySortField = (typeof OPPORTUNITY_SORT_FIELDS)[number];
export const opportunityListQuerySchema = z.strictObject({
  pipelineId: idParam.optional(),
  ownerId: idParam.optional(),
  closeMonth,
  clientId: idParam.optional(),
  sortField: z.enum(OPPORTUNITY_SORT_FIELDS).default('expectedCloseDate'),
  sortOrder: sortOrderParam,
  ...pagingParams,
});
export type OpportunityListQuery = z.infer<typeof opportunityListQuerySchema>;
export const opportunityPageSchema = z.object({
  data: z.array(opportunitySchema),
  totalRecords: z.number().int(),
});
export type OpportunityPage = z.infer<typeof opportunityPageSchema>;

/** Part 5: whether Won needs a record of advice (type F companies only), and the note template it is of. */
export const prospectSettingsInputSchema = z.strictObject({
  wonNeedsAdvice: z.boolean(),
  adviceTemplateId: idField.nullable(),
});
export type ProspectSettingsInput = z.infer<typeof prospectSettingsInputSchema>;
export const prospectSettingsSchema = prospectSettingsInputSchema.extend({
  adviceTemplateSubject: z.string().nullable(),
  /** The rule applies: a type F company with wonNeedsAdvice. */
  applies: z.boolean(),
});
export type ProspectSettings = z.infer<typeof prospectSettingsSchema>;

/** Weighted value: value × probability / 100, in whole cents. */
export const weightedCents = (valueCents: number, probabilityPercent: number) =>
  Math.round((valueCents * probabilityPercent) / 100);

export const STAGE_KIND_LABELS: Record<StageKind, string> = { open: 'Open', won: 'Won', lost: 'Lost' };
export const CONSENT_STATE_LABELS: Record<ConsentState, string> = {
  unknown: 'Not asked yet',
  requested: 'Asked, no answer yet',
  given: 'Given',
  refused: 'Refused',
};
export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  phone: 'Phone',
  in_person: 'In person',
};

/** Toasts of the Prospects screens and Settings' Pipelines tab (the spec's catalogue style). */
export const PROSPECT_MESSAGES = {
  pipelineCreated: 'Created pipeline.',
  pipelineUpdated: 'Updated pipeline.',
  adviceRuleUpdated: 'Updated the record of advice rule.',
  opportunityUpdated: 'Updated opportunity.',
  consentRecorded: 'Recorded consent.',
} as const;
