import { z } from 'zod';
import { digitsParam } from './fields.ts';
import { pageOf } from './messaging.ts';

/** What a received SMS did (issue 16, part 4): confirmed or cancelled an appointment, or waits for a person. */
export const REPLY_OUTCOMES = ['confirmed', 'cancelled', 'inbox'] as const;
export type ReplyOutcome = (typeof REPLY_OUTCOMES)[number];

/** Why a reply waits in the inbox: the words the Reminders page shows for each. */
export const REPLY_REASONS = {
  'unknown-number': 'No client has this number.',
  'ambiguous-number': 'More than one client has this number.',
  'no-appointment': 'No upcoming appointment with a reminder sent.',
  'not-understood': 'Not a Y (confirm) or C (cancel) answer.',
  'not-cancellable': 'The appointment is invoiced: cancel the invoice first, then the appointment.',
} as const;
export type ReplyReason = keyof typeof REPLY_REASONS;
export const REPLY_REASON_CODES = Object.keys(REPLY_REASONS) as [ReplyReason, ...ReplyReason[]];

/**
 * What a reply asks for: Y or YES confirms, C or CANCEL cancels; case, spaces and punctuation around the
 * word do not matter ("yes!", " c. "). Anything else is for a person to read.
 */
export function replyIntent(body: string): 'confirm' | 'cancel' | null {
  const word = body
    .normalize('NFKC')
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim()
    .toUpperCase();
  if (word === 'Y' || word === 'YES') return 'confirm';
  if (word === 'C' || word === 'CANCEL') return 'cancel';
  return null;
}

/** One received SMS as the Reminders page's inbox lists it. */
export const smsReplySchema = z.object({
  id: z.number().int(),
  /** The sender's number (E.164). */
  sender: z.string(),
  body: z.string(),
  /** UTC (ISO) and the company's wall clock. */
  received: z.string(),
  receivedLocal: z.string(),
  outcome: z.enum(REPLY_OUTCOMES),
  reason: z.enum(REPLY_REASON_CODES).nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
  appointmentStartLocal: z.string().nullable(),
  /** When a person marked an inbox reply handled, and who. */
  handled: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type SmsReply = z.infer<typeof smsReplySchema>;

/** inbox: the replies waiting for a person (unhandled first); all: every reply, newest first. */
export const REPLY_FILTERS = ['inbox', 'all'] as const;
export const replyListQuerySchema = z.strictObject({
  filter: z.enum(REPLY_FILTERS).default('inbox'),
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(z.number().int().min(1).max(100)).default(20),
});
export type ReplyListQuery = z.infer<typeof replyListQuerySchema>;

export const smsReplyPageSchema = pageOf(smsReplySchema).extend({
  /** Inbox replies no one has handled yet. */
  unhandled: z.number().int(),
  timeZone: z.string(),
});
export type SmsReplyPage = z.infer<typeof smsReplyPageSchema>;
