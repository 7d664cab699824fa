import type { MessagingConfig } from '../../../config.ts';
import { bulkSmsProvider } from './bulksms.ts';
import { smtpTransport } from './smtp.ts';

/**
 * How a failed hand-over counts:
 * - permanent: the provider refused the message; sending it again would fail the same way.
 * - transient: it certainly did not arrive (or the provider dedupes a repeat); try again later.
 * - unknown: it may have arrived; sending again could deliver it twice, so it is never repeated.
 */
export type FailureKind = 'permanent' | 'transient' | 'unknown';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
  ) {
    super(message);
  }
}

export interface Accepted {
  /** The provider's id of the message. */
  ref: string;
}

export interface EmailOut {
  id: number;
  to: string;
  subject: string;
  text: string;
  /** JSON [{ filename, contentType, base64 }] as stored in messages.attachments. */
  attachments: string | null;
}

export interface SmsOut {
  id: number;
  to: string;
  body: string;
}

export interface EmailTransport {
  readonly name: string;
  send(message: EmailOut): Promise<Accepted>;
  close(): void;
}

export interface SmsProvider {
  readonly name: string;
  send(message: SmsOut): Promise<Accepted>;
  /** The message the provider holds under our id, if any: answers "did an earlier attempt arrive?". */
  lookup(messageId: number): Promise<Accepted | null>;
  close(): void;
}

/** null: no provider configured; messages go to the development outbox and are marked not delivered. */
export interface Transports {
  email: EmailTransport | null;
  sms: SmsProvider | null;
}

export interface TransportTimeouts {
  /** Per HTTP request to the SMS provider, and per SMTP socket read. */
  timeoutMs: number;
}

export function createTransports(config: MessagingConfig, timeouts: TransportTimeouts): Transports {
  return {
    email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpFrom, timeouts.timeoutMs) : null,
    sms:
      config.smsProvider === 'bulksms' && config.smsApiKey
        ? bulkSmsProvider({
            baseUrl: config.smsApiUrl,
            apiKey: config.smsApiKey,
            from: config.smsFrom,
            timeoutMs: timeouts.timeoutMs,
          })
        : null,
  };
}

/** What the Outbox page says about each channel. */
export function deliveryNames(config: MessagingConfig) {
  return {
    email: config.smtpUrl ? 'smtp' : 'outbox',
    sms: config.smsProvider && config.smsApiKey ? config.smsProvider : 'outbox',
  };
}
