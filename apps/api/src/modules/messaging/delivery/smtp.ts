import nodemailer from 'nodemailer';
import { DeliveryError, type EmailOut, type EmailTransport, type FailureKind } from './transport-types.ts';

interface SmtpError extends Error {
  code?: string;
  errno?: string;
  responseCode?: number;
  timeoutType?: string;
}

// Failures that happen before the server could hold the message: nothing was handed over.
const BEFORE_MESSAGE = new Set(['EAUTH', 'ENOAUTH', 'ETLS', 'EDNS', 'EREQUIRETLS', 'ECONFIG', 'EMAXLIMIT']);
const BEFORE_MESSAGE_TIMEOUTS = new Set(['CONNECTION_TIMEOUT', 'GREETING_TIMEOUT']);
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Sorts an SMTP failure by whether the server may have the message. The server holds it only once it has
 * answered the message data with 2xx; a reply refusing the envelope or the data says it does not, but a
 * connection lost or timed out mid-session leaves it open: unknown, never repeated (at most once).
 */
export function classifySmtpError(error: SmtpError): FailureKind {
  const code = error.code ?? '';
  const refused = code === 'EENVELOPE' || code === 'EMESSAGE';
  if (refused && error.responseCode) return error.responseCode >= 500 ? 'permanent' : 'transient';
  if (BEFORE_MESSAGE.has(code)) return 'transient';
  if (code === 'ETIMEDOUT' && BEFORE_MESSAGE_TIMEOUTS.has(error.timeoutType ?? '')) return 'transient';
  if (CONNECT_ERRORS.has(error.errno ?? '') || CONNECT_ERRORS.has(code)) return 'transient';
  return 'unknown';
}

function attachmentsOf(json: string | null) {
  if (!json) return undefined;
  const list = JSON.parse(json) as { filename: string; contentType: string; base64: string }[];
  return list.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.base64,
    encoding: 'base64',
  }));
}

/** E-mail over SMTP with a small connection pool; SMTP_URL as nodemailer reads it (smtp:// or smtps://). */
export function smtpTransport(url: string, from: string, timeoutMs: number): EmailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 5,
    maxMessages: 500,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    name: 'smtp',
    async send(message: EmailOut) {
      try {
        const info = await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          // Our id in the header: a receiving system, or a person, can tell a copy from a second message.
          messageId: `<pd-${message.id}@practicedesk.invalid>`,
          attachments: attachmentsOf(message.attachments),
        });
        return { ref: info.messageId };
      } catch (error) {
        const e = error as SmtpError;
        throw new DeliveryError(`SMTP: ${e.message}`.slice(0, 500), classifySmtpError(e));
      }
    },
    close: () => transporter.close(),
  };
}
