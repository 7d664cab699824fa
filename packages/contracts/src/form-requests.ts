import { z } from 'zod';
import { idField } from './fields.ts';
import { formAnswersSchema } from './form-answers.ts';
import { formFillSchema } from './form-fill.ts';
import { questionnaireSchema } from './forms.ts';

/** Issue 18, parts 3 and 5: a form sent to a client as a one-time link, and what the client submitted. */
export const FORM_CHANNELS = ['sms', 'email', 'kiosk'] as const;
export type FormChannel = (typeof FORM_CHANNELS)[number];
/** accepted: a person reviewed the submission and took it into the record; revoked is shown as "Withdrawn". */
export const FORM_REQUEST_STATUSES = [
  'sent',
  'opened',
  'submitted',
  'accepted',
  'revoked',
  'expired',
] as const;
export type FormRequestStatus = (typeof FORM_REQUEST_STATUSES)[number];
export const FORM_LINK_DAYS = { default: 7, min: 1, max: 30 } as const;

export const FORM_REQUEST_MESSAGES = {
  notPublished: 'Choose a form that has a published version.',
  clientGone: 'Choose a client of this company.',
  linkGone:
    'This link is no longer valid: it has expired, been used or been withdrawn. Ask the practice for a new one.',
  linkExpired: 'This link is no longer valid: it has expired. Ask the practice for a new one.',
  linkUsed: 'This link is no longer valid: the form was already submitted with it. Thank you.',
  linkWithdrawn: 'This link is no longer valid: the practice withdrew it. Ask the practice for a new one.',
  notRevocable: 'Only a link that has not been used can be withdrawn.',
  incomplete: 'Some answers are missing or not valid.',
  badAttachment: 'The file does not match its size or checksum, or is not the image it says.',
} as const;

export const formRequestCreateSchema = z.strictObject({
  formId: idField,
  clientId: idField,
  channel: z.enum(FORM_CHANNELS, { error: 'Choose SMS, e-mail or kiosk.' }),
  expiresInDays: z
    .number()
    .int()
    .min(FORM_LINK_DAYS.min, `From ${FORM_LINK_DAYS.min} to ${FORM_LINK_DAYS.max} days.`)
    .max(FORM_LINK_DAYS.max, `From ${FORM_LINK_DAYS.min} to ${FORM_LINK_DAYS.max} days.`)
    .default(FORM_LINK_DAYS.default),
});
export type FormRequestCreate = z.infer<typeof formRequestCreateSchema>;

export const formRequestSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formName: z.string(),
  version: z.number().int(),
  clientId: z.number().int(),
  clientName: z.string().nullable(),
  channel: z.enum(FORM_CHANNELS),
  status: z.enum(FORM_REQUEST_STATUSES),
  expiresAt: z.string(),
  openedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submissionId: z.number().int().nullable(),
  created: z.string(),
  createdBy: z.string(),
});
export type FormRequest = z.infer<typeof formRequestSchema>;

/** The answer to a new request: the link itself is shown this once (only its hash is kept). */
export const formRequestCreatedSchema = formRequestSchema.extend({ url: z.string() });
export type FormRequestCreated = z.infer<typeof formRequestCreatedSchema>;

/** What the public fill page gets for a valid link: the form, the practice, and the prefilled answers only. */
export const publicFormSchema = z.object({
  practiceName: z.string(),
  definition: questionnaireSchema,
  prefill: formAnswersSchema,
  expiresAt: z.string(),
  /** The practice's privacy notice (POPIA section 18), shown before the first question; paragraphs split by blank lines. */
  notice: z.string(),
  /** Opened at reception on a tablet: the page locks to the form and ends on a hand-back screen. */
  kiosk: z.boolean(),
  /** The record says the client is under 18 (an answer to a date-of-birth item may say so too). */
  minor: z.boolean(),
  /** Answers saved part-way through this link, or null. */
  draft: formFillSchema.nullable(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

export const formSubmitSchema = formFillSchema;
export type FormSubmit = z.infer<typeof formSubmitSchema>;

export const formSubmittedSchema = z.object({ submittedAt: z.string(), seal: z.string() });

export const formSubmissionSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  formVersionId: z.number().int(),
  clientId: z.number().int(),
  response: z.record(z.string(), z.unknown()),
  seal: z.string(),
  submittedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
