import { z } from 'zod';

/** ARCHITECTURE.md section 4.3: one shape for every failure. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'CSRF_REJECTED',
  /** Prepaid SMS credit does not cover the send; the message names the shortfall (409). */
  'INSUFFICIENT_CREDIT',
  /** The client has no e-mail address or no usable mobile number, or a bulk send reaches nobody (400). */
  'NO_RECIPIENT',
  /** The company's daily SMS limit would be passed (409). */
  'DAILY_CAP',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Browser writes carry this header; a cross-site form cannot set it (CSRF). */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'PracticeDesk';
