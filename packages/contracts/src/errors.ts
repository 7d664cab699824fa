import { z } from 'zod';

/** ARCHITECTURE.md section 4.3: one shape for every failure. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The client product has a live invoice for the month already; "invoice again" confirms a repeat (409). */
  'ALREADY_INVOICED',
  /**
   * A new client has the ID number or e-mail of a live client of the company (409): `fields` names each,
   * `existingId` is that client; `confirmDuplicate: true` creates it anyway.
   */
  'DUPLICATE_CLIENT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'CSRF_REJECTED',
  /** Prepaid SMS credit does not cover the send; the message names the shortfall (409). */
  'INSUFFICIENT_CREDIT',
  /** The client has no e-mail address or no usable mobile number, or a bulk send reaches nobody (400). */
  'NO_RECIPIENT',
  /**
   * POPIA section 69 (issue 17): e-mail or SMS to a prospect who was asked for consent once and has not
   * given it, or refused it (409).
   */
  'NO_CONSENT',
  /** The company's daily SMS limit would be passed (409). */
  'DAILY_CAP',
  /** The database cannot be reached for a moment (503 with Retry-After). */
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The existing record the request would repeat (409 DUPLICATE_CLIENT: the client's id). */
  existingId: z.number().int().optional(),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Browser writes carry this header; a cross-site form cannot set it (CSRF). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'PracticeDesk';
/** Sent as '1' on checks the web app makes by itself: they do not count as activity for the idle timeout. */
export const BACKGROUND_HEADER = 'x-pd-background';
