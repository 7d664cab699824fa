import http from 'node:http';
import https from 'node:https';
import { MAX_SMS_CHARS, smsSegments } from '@pd/contracts';
import { DeliveryError, type SmsIn, type SmsOut, type SmsProvider } from './transport-types.ts';

/**
 * BulkSMS JSON REST API v1 (https://www.bulksms.com/developer/json/v1/), chosen in
 * docs/decisions/0004-sms-provider.md:
 * - POST /messages?deduplication-id=N with [{to, body, encoding, userSuppliedId, longMessageMaxParts}]
 *   answers 201 and the created messages; a repeat with the same deduplication-id (kept ~12 hours) is not
 *   sent again but answered like the first.
 * - GET /messages?filter=userSuppliedId%3D… finds a sent message by our reference.
 * - GET /messages?filter=type%3DRECEIVED%26id%3E…&sortOrder=ASCENDING&limit=N lists received messages (replies)
 *   after an id, oldest first; a reply to a REPLIABLE message names it in relatedSentMessageId.
 * - Errors are {type, title, status, detail}: 400 bad request, 401 unauthorised, 403 insufficient
 *   credits, 429 and 5xx.
 */
export interface BulkSmsOptions {
  baseUrl: string;
  /** tokenId:tokenSecret (or username:password), sent as HTTP Basic. */
  apiKey: string;
  from?: string | undefined;
  timeoutMs: number;
}

interface BulkSmsMessage {
  id: string;
  type?: string;
  userSuppliedId?: string;
  status?: { id?: string; type?: string };
  from?: string;
  body?: string;
  relatedSentMessageId?: string | null;
  submission?: { date?: string };
}

/** Ids are 64-bit integers that BulkSMS may write as JSON numbers: quoted before parsing, so none is rounded. */
const quoteIds = (text: string) => text.replace(/("(?:id|relatedSentMessageId)"\s*:\s*)(\d+)/g, '$1"$2"');

function toSmsIn(m: BulkSmsMessage): SmsIn {
  const when = m.submission?.date ? new Date(m.submission.date) : new Date();
  return {
    id: String(m.id),
    from: String(m.from ?? ''),
    body: typeof m.body === 'string' ? m.body : '',
    receivedAt: Number.isNaN(when.getTime()) ? new Date() : when,
    relatedSentId: m.relatedSentMessageId ? String(m.relatedSentMessageId) : null,
  };
}

const reference = (messageId: number) => `pd-${messageId}`;
/** deduplication-id is an int32; message ids stay far below, and a wrap could only meet a 12-hour-old id. */
const deduplicationId = (messageId: number) => ((messageId - 1) % 2_147_483_646) + 1;
const MAX_PARTS = Math.ceil(MAX_SMS_CHARS / 153);

function problem(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { title?: string; detail?: string };
    return [body.title, body.detail].filter(Boolean).join(': ') || `HTTP ${status}`;
  } catch {
    return `HTTP ${status}`;
  }
}

function parsed<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

// A bulk send repeats one text thousands of times: its encoding is worked out once.
let lastText = '';
let lastEncoding = 'TEXT';
function encodingOf(body: string): string {
  if (body !== lastText) {
    lastEncoding = smsSegments(body).encoding === 'UCS-2' ? 'UNICODE' : 'TEXT';
    lastText = body;
  }
  return lastEncoding;
}

export function bulkSmsProvider(options: BulkSmsOptions): SmsProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = {
    authorization: `Basic ${Buffer.from(options.apiKey).toString('base64')}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };

  const url = new URL(`${base}/`);
  const client = url.protocol === 'https:' ? https : http;
  // node:http with keep-alive: fetch (undici) cost about five times the CPU per request in the bench.
  const agent = new client.Agent({ keepAlive: true, maxSockets: 64 });

  /** One request, its answer read whole within the timeout. */
  function call(
    path: string,
    method: 'GET' | 'POST',
    body?: string,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      // No answer: maybe it arrived. The same deduplication-id (send) or a lookup (retry) makes a repeat safe.
      const fail = (why: string) => reject(new DeliveryError(`BulkSMS: ${why}`, 'transient'));
      const target = {
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port,
        path: `${url.pathname}${path}`,
      };
      const req = client.request({ ...target, method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() });
        });
        res.on('error', (error) => fail(error.message));
      });
      const timer = setTimeout(() => {
        req.destroy();
        fail('no answer in time');
      }, options.timeoutMs);
      req.on('error', (error) => {
        clearTimeout(timer);
        fail(error.message);
      });
      req.end(body);
    });
  }

  return {
    name: 'bulksms',
    async send(message: SmsOut) {
      const entry = {
        to: message.to,
        body: message.body,
        encoding: encodingOf(message.body),
        userSuppliedId: reference(message.id),
        longMessageMaxParts: MAX_PARTS,
        ...(options.from ? { from: options.from } : {}),
      };
      const path = `messages?deduplication-id=${deduplicationId(message.id)}`;
      const res = await call(path, 'POST', JSON.stringify([entry]));
      if (res.status === 201 || res.status === 200) {
        const [created] = parsed<BulkSmsMessage[]>(res.text, []);
        if (!created?.id) throw new DeliveryError('BulkSMS: accepted without a message id', 'transient');
        if (created.status?.type === 'FAILED') {
          throw new DeliveryError(`BulkSMS: ${created.status.id ?? 'FAILED'}`, 'permanent');
        }
        return { ref: created.id };
      }
      const detail = `BulkSMS ${res.status}: ${problem(res.status, res.text)}`;
      // 401 (credentials) and 403 (the provider account's credit) are ours to fix: retry with backoff.
      const transient = res.status === 401 || res.status === 403 || res.status === 429 || res.status >= 500;
      throw new DeliveryError(detail.slice(0, 500), transient ? 'transient' : 'permanent');
    },
    async lookup(messageId: number) {
      const filter = encodeURIComponent(`userSuppliedId=${reference(messageId)}`);
      const res = await call(`messages?filter=${filter}&limit=1`, 'GET');
      if (res.status !== 200) {
        throw new DeliveryError(
          `BulkSMS lookup ${res.status}: ${problem(res.status, res.text)}`,
          'transient',
        );
      }
      const found = parsed<BulkSmsMessage[]>(res.text, []).find(
        (m) => m.userSuppliedId === reference(messageId) && m.type !== 'RECEIVED',
      );
      return found ? { ref: found.id } : null;
    },
    async received(afterId: string | null, limit: number) {
      const clauses = afterId ? `type=RECEIVED&id>${afterId}` : 'type=RECEIVED';
      const path = `messages?filter=${encodeURIComponent(clauses)}&sortOrder=ASCENDING&limit=${limit}`;
      const res = await call(path, 'GET');
      if (res.status !== 200) {
        throw new DeliveryError(`BulkSMS inbox ${res.status}: ${problem(res.status, res.text)}`, 'transient');
      }
      return parsed<BulkSmsMessage[]>(quoteIds(res.text), [])
        .filter((m) => m.type === 'RECEIVED' && m.id)
        .map(toSmsIn);
    },
    close: () => agent.destroy(),
  };
}
