import { z } from 'zod';
import {
  FIELD_MESSAGES,
  idField,
  idParam,
  instantField,
  optionalText,
  pagingParams,
  sortOrderParam,
  startBeforeEnd,
} from './fields.ts';
import { MAX_RICH_TEXT_CHARS } from './notes.ts';

/** Issue 17, part 7: phone calls, logged by the front desk. */
export const CALL_DIRECTIONS = ['in', 'out'] as const;
export const CALL_OUTCOMES = ['answered', 'no_answer', 'left_message', 'busy', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  answered: 'Answered',
  no_answer: 'No answer',
  left_message: 'Left message',
  busy: 'Busy',
  wrong_number: 'Wrong number',
};
/** Outcomes that leave the call open, waiting for the follow-up on its date. */
export const OPEN_OUTCOMES: readonly CallOutcome[] = ['no_answer', 'left_message'];
/** A call lasts at most a day. */
export const MAX_CALL_SECONDS = 86_400;
export const CALL_LIMITS = { number: 30, purpose: 200 } as const;

export const callInputSchema = z.strictObject({
  /** As typed; the API stores it in E.164, parsed for the company's country like client mobiles. */
  number: z.string({ error: FIELD_MESSAGES.required }).trim().min(1, FIELD_MESSAGES.required).max(30),
  clientId: idField.nullish(),
  appointmentId: idField.nullish(),
  /** An opportunity of the call's client the call was about. */
  opportunityId: idField.nullish(),
  direction: z.enum(CALL_DIRECTIONS),
  startedAt: instantField,
  durationSeconds: z
    .number()
    .int()
    .min(0, 'A duration cannot be negative.')
    .max(MAX_CALL_SECONDS, 'A call cannot last more than 24 hours.'),
  outcome: z.enum(CALL_OUTCOMES),
  purpose: optionalText(CALL_LIMITS.purpose).default(''),
  notes: z.string().max(MAX_RICH_TEXT_CHARS).default(''),
  /** "Message for": a colleague who gets a callback task. */
  takenForId: idField.nullish(),
  /** When no answer or left message: when to try again (required then). */
  followUpAt: instantField.nullish(),
  /** An open callback this call answers: it is closed with its task. */
  closesCallId: idField.nullish(),
});
export type CallInput = z.infer<typeof callInputSchema>;

export const callSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
  opportunityId: z.number().int().nullable(),
  direction: z.enum(CALL_DIRECTIONS),
  number: z.string(),
  startedAt: z.string(),
  durationSeconds: z.number().int(),
  outcome: z.enum(CALL_OUTCOMES),
  purpose: z.string(),
  notes: z.string(),
  takenForId: z.number().int().nullable(),
  takenFor: z.string().nullable(),
  handledById: z.number().int(),
  handledBy: z.string(),
  taskId: z.number().int().nullable(),
  followUpAt: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  closedByCallId: z.number().int().nullable(),
  /** Seconds since the call, while it waits in the callback queue (until closed). */
  waitedSeconds: z.number().int(),
});
export type Call = z.infer<typeof callSchema>;

export const CALL_SORT_FIELDS = [
  'startedAt',
  'durationSeconds',
  'outcome',
  'direction',
  'clientName',
  'handledBy',
] as const;
export type CallSortField = (typeof CALL_SORT_FIELDS)[number];
export const CALL_PAGE_SIZES = [10, 20, 50, 100] as const;

/** GET /api/call/lazyloading/{companyId}: one page of the call log (docs/api.md, "Phone calls"). */
export const callListQuerySchema = z
  .strictObject({
    sortField: z.enum(CALL_SORT_FIELDS).default('startedAt'),
    sortOrder: sortOrderParam,
    direction: z.enum(CALL_DIRECTIONS).optional(),
    outcome: z.enum(CALL_OUTCOMES).optional(),
    handledById: idParam.optional(),
    clientId: idParam.optional(),
    /** Started within start and end (ISO date-times), both inclusive. */
    start: instantField.optional(),
    end: instantField.optional(),
    ...pagingParams,
  })
  .refine(...startBeforeEnd);
export type CallListQuery = z.infer<typeof callListQuerySchema>;
export const callPageSchema = z.object({ data: z.array(callSchema), totalRecords: z.number().int() });

/** The number as typed; none (or one that does not parse) finds nobody. */
export const callerLookupQuerySchema = z.strictObject({ number: z.string().trim().max(30).default('') });

/** A client whose mobile is the number: the caller card. */
export const callerCardSchema = z.object({
  clientId: z.number().int(),
  name: z.string(),
  mobile: z.string(),
  owedCents: z.number(),
  overdueCents: z.number(),
  nextAppointment: z.object({ id: z.number().int(), start: z.string(), typeName: z.string() }).nullable(),
});
export type CallerCard = z.infer<typeof callerCardSchema>;
/** The number in E.164 (null when it does not parse) and the clients it belongs to. */
export const callerLookupSchema = z.object({
  number: z.string().nullable(),
  callers: z.array(callerCardSchema),
});
export type CallerLookup = z.infer<typeof callerLookupSchema>;
