import { type CountryCode, type E164Number, Metadata, PhoneNumber } from 'libphonenumber-js/min';
import { z } from 'zod';
import { normaliseMobile } from './clients.ts';
import { AUDIT_SUB_PROCESSES } from './enums.ts';
import { digitsParam, FIELD_MESSAGES, idParam, isoDate, optionalText, requiredText } from './fields.ts';

export type AuditSubProcess = (typeof AUDIT_SUB_PROCESSES)[number];

export const MAX_EMAIL_SUBJECT_CHARS = 200;
export const MAX_EMAIL_MESSAGE_CHARS = 20_000;
/** Ten concatenated parts is as long as handsets reliably reassemble. */
export const MAX_SMS_CHARS = 1530;
export const MAX_AUDIT_DESCRIPTION_CHARS = 2000;
/** Header that makes a send safe to repeat: the same key never charges or sends twice. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Spec section 7: send client email carries companyId, userId, emailSubject, emailMessage. */
export const sendEmailSchema = z.strictObject({
  companyId: z.number().int().positive(),
  userId: z.number().int().positive(),
  emailSubject: requiredText(MAX_EMAIL_SUBJECT_CHARS),
  emailMessage: optionalText(MAX_EMAIL_MESSAGE_CHARS).default(''),
});
export type SendEmail = z.infer<typeof sendEmailSchema>;

/** Spec section 7: send client SMS carries companyId, userId, smsMessage. */
export const sendSmsSchema = z.strictObject({
  companyId: z.number().int().positive(),
  userId: z.number().int().positive(),
  smsMessage: requiredText(MAX_SMS_CHARS),
});
export type SendSms = z.infer<typeof sendSmsSchema>;

/** Spec section 7: process bulk SMS (company, message). */
export const bulkSmsSchema = z.strictObject({
  message: requiredText(MAX_SMS_CHARS),
});
export type BulkSms = z.infer<typeof bulkSmsSchema>;

export const auditTrailInputSchema = z.strictObject({
  auditTrailSubProcess: z.enum(AUDIT_SUB_PROCESSES, { error: FIELD_MESSAGES.required }),
  auditTrailDescription: requiredText(MAX_AUDIT_DESCRIPTION_CHARS),
});
export type AuditTrailInput = z.infer<typeof auditTrailInputSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  user: z.string().nullable(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  subProcess: z.string(),
  action: z.string(),
  description: z.string(),
  changes: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const creditTopUpSchema = z.strictObject({
  /** Whole cents, at least 1.00 and at most 1,000,000.00 per top-up. */
  amountCents: z.number().int().min(100).max(100_000_000),
  note: optionalText(200).optional(),
});
export const smsSettingsSchema = z.strictObject({
  dailyCap: z.number().int().min(0).max(1_000_000),
  segmentPriceCents: z.number().int().min(0).max(100_000),
});

export const creditAccountSchema = z.object({
  balanceCents: z.number().int(),
  segmentPriceCents: z.number().int(),
  dailyCap: z.number().int(),
  sentToday: z.number().int(),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

export const bulkSmsPreviewSchema = z.object({
  recipients: z.number().int(),
  skipped: z.number().int(),
  segmentsPerMessage: z.number().int(),
  costCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type BulkSmsPreview = z.infer<typeof bulkSmsPreviewSchema>;

export const bulkSmsResultSchema = z.object({
  bulkSendId: z.number().int(),
  recipients: z.number().int(),
  skipped: z.number().int(),
  costCents: z.number().int(),
  balanceCents: z.number().int(),
});
export type BulkSmsResult = z.infer<typeof bulkSmsResultSchema>;

export const MESSAGE_STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const;

// GSM 03.38 basic set; the extension set costs two characters each (escape + char).
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the network counts them (extension characters count two, UCS-2 counts code units). */
  characters: number;
  segments: number;
  /** Characters per segment for this message (160/153 or 70/67). */
  perSegment: number;
}

/** Segments of an SMS: GSM-7 160 single, 153 per part; UCS-2 70 single, 67 per part. */
export function smsSegments(text: string): SmsSegments {
  let gsmLength = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) gsmLength += 1;
    else if (GSM7_EXTENSION.includes(ch)) gsmLength += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = gsmLength <= 160 ? 160 : 153;
    return {
      encoding: 'GSM-7',
      characters: gsmLength,
      segments: gsmLength === 0 ? 0 : Math.ceil(gsmLength / perSegment),
      perSegment,
    };
  }
  const units = text.length; // UTF-16 code units: characters outside the BMP take two
  const perSegment = units <= 70 ? 70 : 67;
  return {
    encoding: 'UCS-2',
    characters: units,
    segments: Math.ceil(units / perSegment),
    perSegment,
  };
}

/** A row of the delivery outbox (rights A), and the answer to a single e-mail or SMS send. */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  userId: z.number().int().nullable(),
  bulkSendId: z.number().int().nullable(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  content: z.string(),
  status: z.enum(['queued', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  /** 'outbox' when no provider is configured: the message was not delivered. */
  transport: z.string().nullable(),
  providerRef: z.string().nullable(),
  lastError: z.string().nullable(),
  segments: z.number().int(),
  costCents: z.number().int(),
  created: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const creditLedgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['topup', 'debit', 'refund']),
  amountCents: z.number().int(),
  userId: z.number().int().nullable(),
  user: z.string().nullable(),
  messageId: z.number().int().nullable(),
  bulkSendId: z.number().int().nullable(),
  note: z.string().nullable(),
  created: z.string(),
});
export type CreditLedgerEntry = z.infer<typeof creditLedgerEntrySchema>;

/** A page of a server-side list in the spec's client-list style. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ content: z.array(item), totalElements: z.number().int() });
}

/** Query of the company-wide audit list (rights A): search text, date range (ISO dates), 1-based page. */
export const auditListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  start: isoDate.optional(),
  end: isoDate.optional(),
  clientId: idParam.optional(),
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(z.number().int().min(1).max(100)).default(20),
});

/** Outbox rows whose transport is 'outbox' carry this as lastError: nothing left the building. */
export const NOT_DELIVERED_NO_PROVIDER = 'Not delivered: no provider configured.';

/** Where the API delivers each channel: 'smtp' or the SMS provider's name, else 'outbox' (not delivered). */
export const deliverySchema = z.object({ email: z.string(), sms: z.string() });

export const outboxQuerySchema = z.object({
  status: z.enum(['queued', 'sending', 'sent', 'failed']).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  clientId: idParam.optional(),
  bulkSendId: idParam.optional(),
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(z.number().int().min(1).max(100)).default(20),
});
export const outboxPageSchema = pageOf(outboxMessageSchema).extend({ delivery: deliverySchema });

/** Issue 13: the messages of one client (its record page), newest first, a page at a time. */
export const clientMessagesQuerySchema = outboxQuerySchema.pick({ page: true, size: true });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const ledgerQuerySchema = z.object({
  page: digitsParam(z.number().int().min(1).max(100_000)).default(1),
  size: digitsParam(z.number().int().min(1).max(100)).default(20),
});

/** The preview may be asked before a message is typed: it then counts recipients only. */
export const bulkSmsPreviewQuerySchema = z.object({
  message: z.string().trim().max(MAX_SMS_CHARS).default(''),
});

const E164_SHAPE = /^\+[1-9]\d{6,14}$/;

// Per calling code: the national prefix (or carrier code) the full parse would strip from an E.164 number.
const prefixRules = new Map<string, RegExp | null | undefined>();
function prefixRule(callingCode: string): RegExp | null | undefined {
  if (!prefixRules.has(callingCode)) {
    const metadata = new Metadata();
    metadata.selectNumberingPlan(callingCode as CountryCode); // a calling code selects its main country
    const plan = metadata.numberingPlan as
      | { nationalPrefixForParsing?: () => string | undefined }
      | undefined;
    // undefined (the library's shape changed): no fast path, every number takes the full parse
    const prefix =
      typeof plan?.nationalPrefixForParsing === 'function' ? plan.nationalPrefixForParsing() : '';
    prefixRules.set(callingCode, prefix === '' ? undefined : prefix ? new RegExp(`^(?:${prefix})`) : null);
  }
  return prefixRules.get(callingCode);
}

/**
 * normaliseMobile, fast for numbers already in E.164 (the API stores mobiles so): a bulk send checks
 * hundreds of thousands, and the full parse costs tens of microseconds each. A number the full parse might
 * read differently (a national prefix or carrier code after the calling code) takes the full parse with the
 * client's country, so the answer is always normaliseMobile's (e164.test.ts compares them).
 */
export function toE164(mobile: string, country: string): string | null {
  const trimmed = mobile.trim();
  if (E164_SHAPE.test(trimmed)) {
    try {
      const phone = new PhoneNumber(trimmed as E164Number);
      const rule = prefixRule(phone.countryCallingCode);
      if (rule !== undefined && !rule?.test(phone.nationalNumber) && phone.isValid()) return trimmed;
    } catch {
      // an unknown calling code: the full parse decides
    }
  }
  return normaliseMobile(trimmed, country);
}

/** Whether a real provider delivers each channel; false: messages stay in the outbox, not delivered. */
export const deliveryProvidersSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type DeliveryProviders = z.infer<typeof deliveryProvidersSchema>;
