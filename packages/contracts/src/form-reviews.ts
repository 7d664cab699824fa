import { z } from 'zod';
import { idParam, instantField, pagingParams, sortOrderParam, startBeforeEnd } from './fields.ts';
import {
  FORM_CHANNELS,
  FORM_REQUEST_STATUSES,
  type FormRequestStatus,
  formRequestSchema,
} from './form-requests.ts';

/** Issue 18, parts 5 to 7: the Forms page's list, the review of a submission and its acceptance into the record. */
export const FORM_REQUEST_STATUS_LABELS: Record<FormRequestStatus, string> = {
  sent: 'Sent',
  opened: 'Opened',
  submitted: 'Submitted',
  accepted: 'Accepted',
  revoked: 'Withdrawn',
  expired: 'Expired',
};
export const FORM_CHANNEL_LABELS: Record<(typeof FORM_CHANNELS)[number], string> = {
  sms: 'SMS',
  email: 'E-mail',
  kiosk: 'Kiosk',
};

export const FORM_REVIEW_MESSAGES = {
  accepted: (fields: number) =>
    fields === 0
      ? 'Accepted the form; no field of the record changed.'
      : `Accepted ${fields} field(s) into the record.`,
  alreadyAccepted: 'This submission has already been accepted.',
  notMapped: 'This answer fills no field of the record.',
  healthcareOnly: 'Only healthcare practices keep healthcare details: untick this answer.',
  otherClient: (what: string, id: number, name: string) =>
    `The ${what} belongs to client ${id} (${name}), not to this client: untick it or correct that record first.`,
  sent: 'Sent the form.',
  resent: 'Sent a new link; the old one no longer works.',
  withdrawn: 'Withdrew the link.',
  kioskOpened: 'The form is open in a new tab for the client to fill in.',
} as const;

export const FORM_REQUEST_SORT_FIELDS = [
  'created',
  'formName',
  'clientName',
  'status',
  'expiresAt',
  'submittedAt',
] as const;
export type FormRequestSortField = (typeof FORM_REQUEST_SORT_FIELDS)[number];

/** GET /api/form/request/lazyloading/{companyId}: one page of the Forms page (docs/api.md, "Digital forms"). */
export const formRequestListQuerySchema = z
  .strictObject({
    sortField: z.enum(FORM_REQUEST_SORT_FIELDS).default('created'),
    sortOrder: sortOrderParam,
    status: z.enum(FORM_REQUEST_STATUSES).optional(),
    formId: idParam.optional(),
    clientId: idParam.optional(),
    /** Sent within start and end (ISO date-times), both inclusive. */
    start: instantField.optional(),
    end: instantField.optional(),
    ...pagingParams,
  })
  .refine(...startBeforeEnd);
export type FormRequestListQuery = z.infer<typeof formRequestListQuerySchema>;
export const formRequestPageSchema = z.object({
  data: z.array(formRequestSchema),
  totalRecords: z.number().int(),
});
export type FormRequestPage = z.infer<typeof formRequestPageSchema>;

/** A new link for the same client and form (the newest published version); the old link stops working. */
export const formResendSchema = z.strictObject({
  channel: z.enum(FORM_CHANNELS, { error: 'Choose SMS, e-mail or kiosk.' }).optional(),
});

/** A mapped answer beside the record's value now: what accepting it would change. */
export const formReviewFieldSchema = z.object({
  linkId: z.string(),
  text: z.string().nullable(),
  /** The record field (a RECORD_TARGETS name). */
  field: z.string(),
  current: z.string().nullable(),
  submitted: z.string().nullable(),
  changes: z.boolean(),
});
export type FormReviewField = z.infer<typeof formReviewFieldSchema>;

/** Every answer as submitted, in the form's order: the read-only view and the PDF. */
export const formShownAnswerSchema = z.object({
  linkId: z.string(),
  text: z.string().nullable(),
  /** The texts of the groups it sits in, outermost first. */
  groups: z.array(z.string()),
  values: z.array(z.string()),
  /** A signature's or picture's PNG, base64. */
  images: z.array(z.string()),
  mapped: z.boolean(),
});
export type FormShownAnswer = z.infer<typeof formShownAnswerSchema>;

export const formAcceptanceSchema = z.object({
  acceptedAt: z.string(),
  acceptedBy: z.string(),
  clientId: z.number().int(),
  /** The record fields written (the linkIds' targets), possibly none. */
  fields: z.array(z.string()),
  createdClient: z.boolean(),
});
export type FormAcceptance = z.infer<typeof formAcceptanceSchema>;

export const formReviewSchema = z.object({
  submissionId: z.number().int(),
  requestId: z.number().int(),
  formName: z.string(),
  version: z.number().int(),
  clientId: z.number().int(),
  /** The request's client's name now; null when the client has since been deleted. */
  clientName: z.string().nullable(),
  submittedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  seal: z.string(),
  /** The stored response still hashes to its seal. */
  sealValid: z.boolean(),
  fields: z.array(formReviewFieldSchema),
  answers: z.array(formShownAnswerSchema),
  acceptance: formAcceptanceSchema.nullable(),
});
export type FormReview = z.infer<typeof formReviewSchema>;

/** POST /api/form/review/{id}/accept: the linkIds of the mapped answers to write into the record (may be none). */
export const formAcceptSchema = z.strictObject({
  linkIds: z.array(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/)).max(300),
});
export type FormAccept = z.infer<typeof formAcceptSchema>;
