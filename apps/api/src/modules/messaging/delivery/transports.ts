import type { MessagingConfig } from '../../../config.ts';
import { bulkSmsProvider } from './bulksms.ts';
import { smtpTransport } from './smtp.ts';
import type { EmailTransport, SmsProvider } from './transport-types.ts';

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
