import { z } from 'zod';
import { cleanRequiredText } from './appointment-settings.ts';
import { digitsParam, FIELD_MESSAGES, idField, isoDate } from './fields.ts';
import { pageOf } from './messaging.ts';
import { MERGE_FIELDS, type MergeField } from './reminder-templates.ts';
import { REMINDER_CHANNELS } from './reminders.ts';

/**
 * Recalls (issue 16, part 5): clients due back after an interval (a re-assessment after 6 weeks), reminded
 * by a ladder of up to three notices. Administrators change recall types; everyone reads, records and sends.
 */

export const RECALL_INTERVAL_UNITS = ['days', 'weeks', 'months'] as const;
export type RecallIntervalUnit = (typeof RECALL_INTERVAL_UNITS)[number];
export const MAX_RECALL_NOTICES = 3;
export const MAX_RECALL_INTERVAL = 1000;
export const MAX_LADDER_DAYS = 365;
/** At most this many recalls in one bulk send. */
export const MAX_RECALL_SEND = 500;

/** due: no notice yet; notified: at least one notice of its ladder went out; completed: the client booked. */
export const RECALL_STATUSES = ['due', 'notified', 'completed', 'cancelled'] as const;
export type RecallStatus = (typeof RECALL_STATUSES)[number];
/** The list's filter: open is due and notified together; overdue is open with a due date before today. */
export const RECALL_FILTERS = [
  'open',
  'due',
  'overdue',
  'notified',
  'completed',
  'cancelled',
  'all',
] as const;
export type RecallFilter = (typeof RECALL_FILTERS)[number];

/**
 * A recall has no appointment: a notice may say who, where and when the client is due, not a time or a
 * practitioner (they would be empty).
 */
export const RECALL_MERGE_FIELDS = [
  'preferredName',
  'practiceName',
  'date',
  'address',
  'cancelInstruction',
] as const;

export const RECALL_MESSAGES = {
  intervalRange: `A whole number from 1 to ${MAX_RECALL_INTERVAL}.`,
  ladderSize: `From 1 to ${MAX_RECALL_NOTICES} notices.`,
  ladderDays: `Each notice waits 0 to ${MAX_LADDER_DAYS} days.`,
  recallMergeField: (field: MergeField) =>
    `A recall has no {{${field}}}: use ${RECALL_MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}.`,
  productTaken: (name: string) => `The product "${name}" starts another recall type already.`,
  typeNameTaken: (name: string) => `A recall type called "${name}" exists already.`,
  typeCreated: 'Created recall type.',
  typeUpdated: 'Updated recall type.',
  typeDeleted: 'Deleted recall type.',
  created: 'Created recall.',
  cancelled: 'Cancelled recall.',
  sendFailed: 'Failed to send recall notices. Please try again.',
  /** Why one recall of a bulk send got no notice. */
  skip: {
    closed: 'The recall is completed or cancelled.',
    ladderDone: 'Every notice of its ladder was sent.',
    notYet: (date: string) => `The next notice is not due before ${date}.`,
    optedOut: 'The client opted out of messages.',
    noMobile: 'The client has no usable mobile number.',
    noEmail: 'The client has no e-mail address.',
    noCredit: 'Not enough prepaid SMS credit.',
    dailyCap: 'The daily SMS limit was reached.',
  },
} as const;

/** Merge fields a recall's template may not use (those that are not in RECALL_MERGE_FIELDS). */
export const recallUnusableFields = (text: string): MergeField[] =>
  MERGE_FIELDS.filter(
    (f) =>
      !(RECALL_MERGE_FIELDS as readonly string[]).includes(f) &&
      new RegExp(`\\{\\{\\s*${f}\\s*\\}\\}`).test(text),
  );

const RM = RECALL_MESSAGES;

const ladderDay = z
  .number({ error: RM.ladderDays })
  .int(RM.ladderDays)
  .min(0, RM.ladderDays)
  .max(MAX_LADDER_DAYS, RM.ladderDays);

const typeFields = {
  name: cleanRequiredText(100),
  intervalValue: z
    .number({ error: RM.intervalRange })
    .int(RM.intervalRange)
    .min(1, RM.intervalRange)
    .max(MAX_RECALL_INTERVAL, RM.intervalRange),
  intervalUnit: z.enum(RECALL_INTERVAL_UNITS, { error: FIELD_MESSAGES.chooseOption }),
  templateId: idField,
  /** Days before each notice: the first after the due date, each next one after the notice before it. */
  ladder: z.array(ladderDay).min(1, RM.ladderSize).max(MAX_RECALL_NOTICES, RM.ladderSize),
  /** Company products whose invoicing creates a recall of this type. */
  productIds: z.array(idField).max(50).default([]),
};

export const recallTypeInputSchema = z.strictObject(typeFields);
export type RecallTypeInput = z.output<typeof recallTypeInputSchema>;
/** Absent fields keep their value. */
/**
 * The Settings form of a recall type: the ladder's notices as three fields (the first required, an empty
 * one left out), turned into the API's input.
 */
export const recallTypeFormSchema = z
  .strictObject(typeFields)
  .omit({ ladder: true })
  .extend({ firstNotice: ladderDay, secondNotice: ladderDay.nullable(), thirdNotice: ladderDay.nullable() })
  .transform(({ firstNotice, secondNotice, thirdNotice, ...rest }) => ({
    ...rest,
    ladder: [firstNotice, secondNotice, thirdNotice].filter((days): days is number => days !== null),
  }));

export const recallTypeUpdateSchema = z.strictObject(typeFields).partial();
export type RecallTypeUpdate = z.output<typeof recallTypeUpdateSchema>;

export const recallTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  intervalValue: z.number().int(),
  intervalUnit: z.enum(RECALL_INTERVAL_UNITS),
  templateId: z.number().int(),
  templateName: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  ladder: z.array(z.number().int()),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Recalls not completed or cancelled. */
  openRecalls: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type RecallType = z.infer<typeof recallTypeSchema>;

/** A recall recorded by hand: due on the service date (today when absent) plus the type's interval. */
export const recallInputSchema = z.strictObject({
  typeId: idField,
  serviceDate: isoDate.optional(),
});
export type RecallInput = z.output<typeof recallInputSchema>;

export const recallSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string(),
  typeId: z.number().int(),
  typeName: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  serviceDate: z.string(),
  dueDate: z.string(),
  status: z.enum(RECALL_STATUSES),
  /** Open with a due date before today (company time zone). */
  overdue: z.boolean(),
  noticesSent: z.number().int(),
  notices: z.number().int(),
  /** The ladder step a send would take next, and the first day it may (null: none left, or closed). */
  nextStep: z.number().int().nullable(),
  nextNoticeFrom: z.string().nullable(),
  lastNoticeAt: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  created: z.string(),
});
export type Recall = z.infer<typeof recallSchema>;

const paging = {
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(z.number().int().min(1).max(100)).default(20),
};

export const recallListQuerySchema = z.strictObject({
  status: z.enum(RECALL_FILTERS).default('open'),
  typeId: digitsParam(idField).optional(),
  clientId: digitsParam(idField).optional(),
  /** Due dates from and to (inclusive). */
  dueFrom: isoDate.optional(),
  dueTo: isoDate.optional(),
  ...paging,
});
export type RecallListQuery = z.output<typeof recallListQuerySchema>;
export const recallPageSchema = pageOf(recallSchema).extend({ today: z.string() });
export type RecallPage = z.infer<typeof recallPageSchema>;

export const recallSendInputSchema = z.strictObject({
  recallIds: z.array(idField).min(1, FIELD_MESSAGES.required).max(MAX_RECALL_SEND),
});

export const recallSendResultSchema = z.object({
  /** Notices written to the outbox (sent now or held for the quiet hours). */
  queued: z.number().int(),
  /** Of those, held until the window the Consumer Protection Act allows: when they go out (UTC, ISO). */
  held: z.number().int(),
  sendAt: z.string().nullable(),
  costCents: z.number().int(),
  skipped: z.array(z.object({ recallId: z.number().int(), reason: z.string() })),
});
export type RecallSendResult = z.infer<typeof recallSendResultSchema>;
