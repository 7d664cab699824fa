import { type SmsSegments, smsSegments } from './messaging.ts';
import { isoWeekdayOf, wallClockStringOf } from './time.ts';

/**
 * Reminder templates (issue 16, part 2): text with merge fields written {{name}}. Shared by the API (which
 * checks and renders them) and the web (which previews them as the admin types), so both say the same.
 */

/** The merge fields a reminder may use: nothing about health, only who, where and when. */
export const MERGE_FIELDS = [
  'preferredName',
  'practiceName',
  'practitioner',
  'date',
  'time',
  'address',
  'cancelInstruction',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  preferredName: 'Client’s preferred name',
  practiceName: 'Practice name',
  practitioner: 'Practitioner',
  date: 'Date (company time zone)',
  time: 'Time (company time zone)',
  address: 'Practice address',
  cancelInstruction: 'How to cancel',
};

export type MergeValues = Record<MergeField, string>;

/** A template longer than this many SMS segments (with the preview's sample values) is refused. */
export const MAX_REMINDER_SMS_SEGMENTS = 6;

/**
 * Merge-field names that would carry health details into a message a stranger may read on a phone's lock
 * screen: refused with their own message, not as merely unknown (spec: diagnosis, notes, medical aid).
 */
const HEALTH_STEMS = [
  'diagnos',
  'icd',
  'note',
  'medical',
  'clinical',
  'health',
  'condition',
  'treatment',
  'medication',
  'prescri',
  'allerg',
  'symptom',
  'injur',
  'scheme',
  'aid',
];
const isHealthField = (name: string) => {
  const flat = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return HEALTH_STEMS.some((stem) => flat.includes(stem));
};

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const TEMPLATE_MESSAGES = {
  unknownField: (name: string) =>
    `Unknown merge field {{${name}}}. Use ${MERGE_FIELDS.map((f) => `{{${f}}}`).join(', ')}.`,
  healthField: (name: string) =>
    `{{${name}}} would put health details into a reminder, which is not allowed. Reminders say who, where and when only.`,
  unbalanced: 'Write a merge field as {{name}}, with two braces on each side.',
  tooManySegments: (segments: number) =>
    `The message would take ${segments} SMS segments with typical values; at most ${MAX_REMINDER_SMS_SEGMENTS} are allowed.`,
} as const;

/** The first problem with a template text's merge fields, or undefined when every field is known. */
export function mergeFieldProblem(text: string): string | undefined {
  for (const match of text.matchAll(FIELD)) {
    const name = match[1] ?? '';
    if ((MERGE_FIELDS as readonly string[]).includes(name)) continue;
    return isHealthField(name) ? TEMPLATE_MESSAGES.healthField(name) : TEMPLATE_MESSAGES.unknownField(name);
  }
  const rest = text.replace(FIELD, '');
  if (rest.includes('{{') || rest.includes('}}')) return TEMPLATE_MESSAGES.unbalanced;
  return undefined;
}

/** The text with each merge field replaced by its value (call after mergeFieldProblem found none). */
export function renderTemplate(text: string, values: MergeValues): string {
  return text.replace(FIELD, (_, name: string) => values[name as MergeField] ?? '');
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** An instant's date and time as a reminder writes them in the company's zone: "Tuesday 3 March 2026", "09:30". */
export function reminderDateTime(instant: Date | number, timeZone: string): { date: string; time: string } {
  const local = wallClockStringOf(instant, timeZone);
  const day = local.slice(0, 10);
  const [year, month, dom] = day.split('-').map(Number) as [number, number, number];
  const weekday = WEEKDAY_NAMES[isoWeekdayOf(day) - 1] ?? '';
  return { date: `${weekday} ${dom} ${MONTH_NAMES[month - 1] ?? ''} ${year}`, time: local.slice(11) };
}

/** What the practice tells clients about cancelling when it has not written its own instruction. */
export const DEFAULT_CANCEL_INSTRUCTION = 'To cancel or move it, please call the practice.';

/**
 * The preview's values: the company's own name, address and cancel instruction, and typical values for
 * the rest (a long weekday and month, so the count errs on the long side).
 */
export function sampleMergeValues(company: {
  practiceName: string;
  address: string;
  cancelInstruction: string;
  practitioner?: string;
}): MergeValues {
  return {
    preferredName: 'Alexandra',
    practiceName: company.practiceName,
    practitioner: company.practitioner ?? 'Dr Practitioner',
    date: 'Wednesday 30 September 2026',
    time: '10:30',
    address: company.address,
    cancelInstruction: company.cancelInstruction,
  };
}

/** Characters, segments and cost of an SMS, as the Send SMS panel counts them. */
export function smsCost(text: string, segmentPriceCents: number): SmsSegments & { costCents: number } {
  const counted = smsSegments(text);
  return { ...counted, costCents: counted.segments * segmentPriceCents };
}
