import { z } from 'zod';
import { OTHER_MESSAGES } from './messages.ts';
import { isRealIsoDate } from './time.ts';

/**
 * Field messages, defined once. Forms and the API show the same words because both validate with the
 * schemas built from these.
 */
export const FIELD_MESSAGES = {
  required: OTHER_MESSAGES.fieldRequired,
  atMost: (max: number) => `At most ${max} characters.`,
  dateFormat: 'Use the format YYYY-MM-DD.',
  realDate: 'Not a valid date.',
  email: 'Enter a valid e-mail address.',
  wholeCents: 'Amounts are whole cents.',
  negativeAmount: 'Amounts cannot be negative.',
  chooseOption: 'Choose an option.',
  province: 'Choose a province.',
  realBirthDate: 'Enter a real date of birth.',
  // The screens' own checks, worded once here so a form never writes a message of its own.
  chooseFromList: 'Choose from the list, or clear the field.',
  chooseClientFromList: 'Choose a client from the list, or clear the field.',
  mobileFor: (country: string) => `Enter a valid mobile number for ${country}.`,
  notPrimaryDiagnosis: (code: string) => `${code} is not valid as a primary diagnosis.`,
  endBeforeStart: 'The end must not be before the start.',
  drawingRequired: 'Draw something on the canvas first.',
  noSuchTime: (timeZone: string) =>
    `That time does not exist in ${timeZone.replace('_', ' ')}: the clocks go forward then.`,
  chooseMonth: 'Choose a month.',
  daysFromTo: (min: number, max: number) => `From ${min} to ${max} days.`,
  billingDay: 'A day from 1 to 28 (every month has those).',
  zeroOrMore: 'Zero or more.',
  topUpAtLeast: 'At least 1.00 per top-up.',
  topUpAtMost: 'At most 1,000,000.00 per top-up.',
  dailyCapAtMost: 'At most 1,000,000 a day.',
  segmentPriceAtMost: 'At most 1,000.00 a segment.',
  fileTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  digitsOnly: 'Use decimal digits only.',
  vatRate: 'From 0% to 100%.',
  instant: 'Use a date and time with its offset, such as 2026-03-02T09:30:00+02:00.',
  text: 'Enter text.',
} as const;

const M = FIELD_MESSAGES;

/** A missing value is "Field is required."; a value of the wrong JSON type (a number for a text) gets `wrongType`. */
const requiredOr = (wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? M.required : wrongType;

/** Trimmed text that must not be empty. */
export const requiredText = (max: number) =>
  z
    .string({ error: requiredOr(M.text) })
    .trim()
    .min(1, M.required)
    .max(max, M.atMost(max));

/** Trimmed text that may be empty. */
export const optionalText = (max: number) =>
  z
    .string({ error: requiredOr(M.text) })
    .trim()
    .max(max, M.atMost(max));

/** A calendar day as YYYY-MM-DD that exists (2026-02-30 does not). */
export const isoDate = z
  .string({ error: requiredOr(M.dateFormat) })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat)
  .refine(isRealIsoDate, M.realDate);

/**
 * An ISO 8601 instant with an offset or Z (2026-02-30 and 25:00 are not one, nor year 0000, which PostgreSQL's
 * calendar does not have).
 */
export const instantField = z.iso
  .datetime({ offset: true, error: M.instant })
  .refine((value) => !value.startsWith('0000'), M.instant);

/** A row id in a body. */
export const idField = z
  .number({ error: (issue) => (issue.input === undefined ? M.required : undefined) })
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER);

/**
 * A whole number in a path or a query string: decimal digits only, so `0x1`, `1e0`, `+1` and `1.0` are
 * refused instead of being read as 1 (z.coerce.number() would take them all).
 */
export const digitsParam = <T extends z.ZodType<number, number>>(number: T) =>
  z
    .string()
    .regex(/^\d{1,16}$/, M.digitsOnly)
    .transform(Number)
    .pipe(number);

/** A row id in a path or a query string. */
export const idParam = digitsParam(idField);

/** Amounts are integer cents; 10 million in the currency is a sane upper bound for one line. */
export const cents = z
  .number({ error: requiredOr(M.wholeCents) })
  .int(M.wholeCents)
  .min(0, M.negativeAmount)
  .max(1_000_000_000);

/** PostgreSQL cannot store a NUL character, and a lone surrogate is not text at all (JSON columns refuse it). */
export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain a NUL character or an incomplete character.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The one check for text the database cannot store, run on every request at the edge: the path of the first
 * string (or object key) holding a NUL or a lone surrogate, or undefined when there is none.
 */
export function findUnstorableText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (isUnstorable(key)) return [...path, '(key)'];
      const found = findUnstorableText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** JSON nested deeper than this is refused at the edge (no request needs more; a form definition needs 17). */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `Nested more than ${MAX_JSON_DEPTH} levels deep.`;

/**
 * The path of the first array or object nested deeper than MAX_JSON_DEPTH, or undefined. Run before every
 * other walk over a request, so none of them (nor a recursive schema) can exhaust the stack.
 */
export function findTooDeep(value: unknown, depth = 0, path: string[] = []): string[] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  if (depth >= MAX_JSON_DEPTH) return path;
  for (const [key, item] of Object.entries(value)) {
    const found = findTooDeep(item, depth + 1, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** asc or desc for a server-paged list; the table component's 1 and -1 mean the same. */
export const sortOrderParam = z
  .enum(['asc', 'desc', '1', '-1'])
  .default('desc')
  .transform((o) => (o === 'asc' || o === '1' ? 'asc' : 'desc'));

/** page and size of a server-paged list (10, 20, 50 or 100 rows). */
export const pagingParams = {
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(
    z
      .number()
      .int()
      .refine((n) => [10, 20, 50, 100].includes(n), 'Page size is 10, 20, 50 or 100.'),
  ).default(10),
};

/** A list's start and end instants: the end must not be before the start. */
export const startBeforeEnd: [
  (q: { start?: string | undefined; end?: string | undefined }) => boolean,
  { path: string[]; message: string },
] = [
  (q) => !q.start || !q.end || Date.parse(q.start) <= Date.parse(q.end),
  { path: ['end'], message: 'The end must not be before the start.' },
];
