import { z } from 'zod';
import { digitsParam } from './fields.ts';
import { isRealIsoDate } from './time.ts';

/**
 * Issue 17, part 9: one client's record as a single timeline, newest first. Entries at the same instant
 * follow this order, then the newest id first; the cursor names the last entry of a page.
 */
export const TIMELINE_KINDS = [
  'note',
  'call',
  'email',
  'sms',
  'invoice',
  'appointment',
  /** An opportunity of the client entering a stage (its stage history). */
  'stage',
  'audit',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  note: 'Notes',
  call: 'Calls',
  email: 'E-mails',
  sms: 'SMS',
  invoice: 'Invoices',
  appointment: 'Appointments',
  stage: 'Pipeline',
  audit: 'Audit',
};
export const TIMELINE_PAGE_SIZE = { default: 20, max: 100 } as const;
/** The longest summary line, in characters (rich text is reduced to plain text first). */
export const TIMELINE_SUMMARY_CHARS = 200;

const CURSOR = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}\.\d{6}Z_([a-z]+)_(\d{1,16})$/;

/** "<instant to the microsecond>_<kind>_<id>": where the next page starts (after that entry). */
export interface TimelineCursor {
  at: string;
  kind: TimelineKind;
  id: number;
}

export const timelineCursorOf = (entry: { at: string; kind: TimelineKind; id: number }): string =>
  `${entry.at}_${entry.kind}_${entry.id}`;

export function parseTimelineCursor(value: string): TimelineCursor | null {
  const match = CURSOR.exec(value);
  if (!match) return null;
  const [, day, kind, id] = match;
  const [at] = value.split('_');
  if (!day || !isRealIsoDate(day) || !at || !/T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\./.test(at)) return null;
  if (!(TIMELINE_KINDS as readonly string[]).includes(kind ?? '')) return null;
  if (!Number.isSafeInteger(Number(id))) return null;
  return { at, kind: kind as TimelineKind, id: Number(id) };
}

const CURSOR_MESSAGE = 'Not a timeline position: use the nextCursor of the page before.';

export const timelineQuerySchema = z.strictObject({
  /** Comma-separated kinds to show; absent shows every kind. */
  kinds: z
    .string()
    .max(200)
    .transform((text) => [...new Set(text.split(',').map((k) => k.trim()))].filter(Boolean))
    .pipe(z.array(z.enum(TIMELINE_KINDS, { error: `Kinds are ${TIMELINE_KINDS.join(', ')}.` })).min(1))
    .optional(),
  cursor: z
    .string()
    .max(60, CURSOR_MESSAGE)
    .transform((text, ctx) => {
      const cursor = parseTimelineCursor(text);
      if (!cursor) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE });
      return cursor ?? z.NEVER;
    })
    .optional(),
  size: digitsParam(
    z
      .number()
      .int()
      .min(1, `The page size is 1 to ${TIMELINE_PAGE_SIZE.max}.`)
      .max(TIMELINE_PAGE_SIZE.max, `The page size is 1 to ${TIMELINE_PAGE_SIZE.max}.`),
  ).default(TIMELINE_PAGE_SIZE.default),
});
export type TimelineQuery = z.output<typeof timelineQuerySchema>;

export const timelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  /** The row's id in its own kind (note, call, message, invoice, appointment or audit entry). */
  id: z.number().int(),
  /** When it happened, to the microsecond (UTC): a note, message, invoice or audit entry when written, a
   * call when it started, an appointment when it starts. */
  at: z.string(),
  /** One plain-text line: a note's subject, a call's direction and outcome, an e-mail's subject, … */
  title: z.string(),
  /** Plain text (rich text reduced to its words), at most TIMELINE_SUMMARY_CHARS characters. */
  summary: z.string(),
  /** Who wrote, handled or sent it (an appointment: the practitioner); null for what the system did. */
  who: z.string().nullable(),
  /** The item's own state where it has one: an invoice's or message's status, a call's outcome, … */
  status: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelinePageSchema = z.object({
  entries: z.array(timelineEntrySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelinePageSchema>;
