import { z } from 'zod';
import { cleanOptionalText, cleanRequiredText } from './appointment-settings.ts';
import { YES_NO } from './enums.ts';
import { digitsParam, FIELD_MESSAGES, idField } from './fields.ts';
import { mergeFieldProblem } from './reminder-templates.ts';

/**
 * Reminders (issue 16, parts 1–3 and 8): rules per appointment type, templates, and the dispatches that
 * rules and bookings make. Administrators change rules, templates and settings; everyone reads.
 */

export const REMINDER_CHANNELS = ['sms', 'email'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
/** before: a reminder at an offset before the start; the others are booking notices. */
export const REMINDER_KINDS = ['before', 'booked', 'changed', 'cancelled'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const OFFSET_UNITS = ['minutes', 'hours', 'days'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];
export const OFFSET_UNIT_MINUTES: Record<OffsetUnit, number> = { minutes: 1, hours: 60, days: 1440 };
export const MAX_REMINDER_OFFSET_MINUTES = 30 * 1440;
/** A booking notice waits this long, so a booking moved and moved back within it sends nothing. */
export const NOTICE_GRACE_MINUTES = 3;
/** Appointments of one client on one day at most this far apart get one reminder together. */
export const CONSECUTIVE_GAP_MINUTES = 60;
export const MAX_TEMPLATE_BODY_CHARS = 5000;
export const REMINDER_FORECAST_DAYS = 7;

/**
 * pending: waiting for its time; sent: a message is in the outbox; merged: sent inside another dispatch's
 * message (consecutive appointments); skipped: nothing to send (cancelled, opted out…); failed: could not
 * be sent (no credit, no number): retry it; superseded: the booking or rule changed before it was due.
 */
export const DISPATCH_STATUSES = ['pending', 'sent', 'merged', 'skipped', 'failed', 'superseded'] as const;
export type DispatchStatus = (typeof DISPATCH_STATUSES)[number];

export const REMINDER_FIELD_MESSAGES = {
  offsetRange: 'From 1 minute to 30 days before the start.',
  offsetForNotice: 'Booking notices go out when the booking changes: leave the offset empty.',
  subjectForEmail: 'An e-mail needs a subject.',
  templateChannel: (channel: ReminderChannel) =>
    `Choose ${channel === 'sms' ? 'an SMS' : 'an e-mail'} template for this rule.`,
} as const;
const RM = REMINDER_FIELD_MESSAGES;

/** Why a dispatch sent nothing, or failed; shown in the sent and failed list. */
export const DISPATCH_REASONS = {
  notBooked: (status: string) => `The appointment is ${status}.`,
  notCancelled: 'The appointment was booked again.',
  started: 'The appointment has started.',
  insideOffset: 'Booked after the reminder was due.',
  unchanged: 'Moved back within the grace period: nothing changed for the client.',
  optedOut: 'The client opted out of messages.',
  clientDeleted: 'The client was deleted.',
  noMobile: 'The client has no usable mobile number.',
  noEmail: 'The client has no e-mail address.',
  noCredit: 'Not enough prepaid SMS credit.',
  dailyCap: 'The daily SMS limit was reached.',
  ruleChanged: 'The reminder rule was changed, switched off or deleted.',
  bookingChanged: 'The booking changed.',
} as const;

/** Toasts of the Reminders settings (the spec's catalogue style). */
export const REMINDER_MESSAGES = {
  ruleCreated: 'Created reminder rule.',
  ruleUpdated: 'Updated reminder rule.',
  ruleDeleted: 'Deleted reminder rule.',
  templateCreated: 'Created reminder template.',
  templateUpdated: 'Updated reminder template.',
  templateDeleted: 'Deleted reminder template.',
  settingsUpdated: 'Updated reminder settings.',
  retried: 'Queued reminder again.',
  saveFailed: 'Failed to save reminder settings. Please try again.',
  retryFailed: 'Failed to retry reminder. Please try again.',
} as const;

// ------------------------------------------------------------------------------------------ templates

const checkMergeFields = (value: string | undefined, path: string, ctx: z.RefinementCtx) => {
  const problem = value ? mergeFieldProblem(value) : undefined;
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [path] });
};

const templateFields = {
  name: cleanRequiredText(100),
  channel: z.enum(REMINDER_CHANNELS, { error: FIELD_MESSAGES.chooseOption }),
  /** E-mail only. */
  subject: cleanOptionalText(200).nullish(),
  body: cleanRequiredText(MAX_TEMPLATE_BODY_CHARS),
};

function templateRules(
  t: Partial<Record<'channel' | 'subject' | 'body', string | null>>,
  ctx: z.RefinementCtx,
) {
  checkMergeFields(t.body ?? undefined, 'body', ctx);
  checkMergeFields(t.subject ?? undefined, 'subject', ctx);
  if (t.channel === 'email' && !t.subject)
    ctx.addIssue({ code: 'custom', message: RM.subjectForEmail, path: ['subject'] });
}

export const reminderTemplateInputSchema = z.strictObject(templateFields).superRefine(templateRules);
export type ReminderTemplateInput = z.output<typeof reminderTemplateInputSchema>;
export const reminderTemplateUpdateSchema = z.strictObject(templateFields).partial();

export const reminderTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(REMINDER_CHANNELS),
  subject: z.string().nullable(),
  body: z.string(),
  /** Rules (not deleted) that use it: such a template cannot change channel or be deleted. */
  rules: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type ReminderTemplate = z.infer<typeof reminderTemplateSchema>;

export const templatePreviewInputSchema = z
  .strictObject({
    channel: templateFields.channel.default('sms'),
    subject: templateFields.subject,
    body: templateFields.body,
  })
  .superRefine(templateRules);

/** The preview of a template with the company's values and typical client values. */
export const templatePreviewSchema = z.object({
  channel: z.enum(REMINDER_CHANNELS),
  subject: z.string().nullable(),
  text: z.string(),
  characters: z.number().int(),
  /** SMS: as the network counts them (0 for e-mail). */
  segments: z.number().int(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  perSegment: z.number().int(),
  segmentPriceCents: z.number().int(),
  costCents: z.number().int(),
  maxSegments: z.number().int(),
  /** false: too long to save (over maxSegments). */
  fits: z.boolean(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

// -------------------------------------------------------------------------------------------- rules

const ruleFields = {
  typeId: idField,
  kind: z.enum(REMINDER_KINDS, { error: FIELD_MESSAGES.chooseOption }).default('before'),
  channel: z.enum(REMINDER_CHANNELS, { error: FIELD_MESSAGES.chooseOption }),
  templateId: idField,
  /** Before kind only: how long before the start, in offsetUnit. */
  offsetValue: z.number({ error: RM.offsetRange }).int({ error: RM.offsetRange, abort: true }).nullish(),
  offsetUnit: z.enum(OFFSET_UNITS, { error: FIELD_MESSAGES.chooseOption }).default('hours'),
  active: z.enum(YES_NO).default('Y'),
};

type RuleShape = { kind?: ReminderKind; offsetValue?: number | null; offsetUnit?: OffsetUnit };

/** The offset in minutes, or the field problem: 400 on offsetValue for zero, negative or past 30 days. */
export function offsetMinutesOf(r: RuleShape): number | string {
  if (r.kind !== 'before')
    return r.offsetValue === null || r.offsetValue === undefined ? 0 : RM.offsetForNotice;
  if (r.offsetValue === null || r.offsetValue === undefined) return RM.offsetRange;
  const minutes = r.offsetValue * OFFSET_UNIT_MINUTES[r.offsetUnit ?? 'hours'];
  return minutes >= 1 && minutes <= MAX_REMINDER_OFFSET_MINUTES ? minutes : RM.offsetRange;
}

export const reminderRuleInputSchema = z.strictObject(ruleFields).superRefine((r, ctx) => {
  const minutes = offsetMinutesOf(r);
  if (typeof minutes === 'string') ctx.addIssue({ code: 'custom', message: minutes, path: ['offsetValue'] });
});
export type ReminderRuleInput = z.output<typeof reminderRuleInputSchema>;
/** Absent fields keep their value; the merged rule is checked as on create. */
export const reminderRuleUpdateSchema = z
  .strictObject({
    ...ruleFields,
    kind: z.enum(REMINDER_KINDS),
    offsetUnit: z.enum(OFFSET_UNITS),
    active: z.enum(YES_NO),
  })
  .partial();
export type ReminderRuleUpdate = z.output<typeof reminderRuleUpdateSchema>;

export const reminderRuleSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  typeName: z.string(),
  kind: z.enum(REMINDER_KINDS),
  channel: z.enum(REMINDER_CHANNELS),
  templateId: z.number().int(),
  templateName: z.string(),
  offsetValue: z.number().int().nullable(),
  offsetUnit: z.enum(OFFSET_UNITS),
  offsetMinutes: z.number().int(),
  active: z.enum(YES_NO),
  /** In words, e.g. "SMS 24 hours before" or "E-mail on booking". */
  description: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type ReminderRule = z.infer<typeof reminderRuleSchema>;

export const ruleListQuerySchema = z.strictObject({ typeId: digitsParam(idField).optional() });

// ------------------------------------------------------------------------------------------ settings

export const reminderSettingsInputSchema = z.strictObject({
  address: cleanOptionalText(300).optional(),
  /** Empty: the default instruction. */
  cancelInstruction: cleanOptionalText(300).optional(),
});
export const reminderSettingsSchema = z.object({
  address: z.string(),
  cancelInstruction: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
