import { type BulkSmsPreview, type BulkSmsResult, smsSegments, toE164 } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  bulkSendByKey,
  countEligible,
  eligibleClients,
  type IdSpan,
  insertBulkMessages,
  insertBulkSend,
  settleBulkSend,
} from './bulk-sms.queries.ts';
import { type AccountRow, debitAccount, insertLedger, lockAccount, readAccount } from './credit.queries.ts';
import { companyFacts, smsSentToday } from './credit.service.ts';
import type { DeliveryPublisher } from './delivery/queue.ts';
import { DailyCapError, InsufficientCreditError, NoRecipientError } from './messaging.errors.ts';

/** What a committed bulk send hands to the delivery queue. */
export interface BulkQueued extends IdSpan {
  companyId: number;
  bulkSendId: number;
}

interface Page {
  clientIds: number[];
  numbers: string[];
  /** Clients whose mobile does not parse as a number of their country. */
  skipped: number;
}

const PAGE = 5_000;

/**
 * The company's bulk SMS recipients a page at a time, numbers in E.164 (the client's country decides):
 * a company of 200,000 is never held in memory at once.
 */
async function* recipientPages(tx: Tx, companyId: number): AsyncGenerator<Page> {
  for (let afterId = 0; ; ) {
    const rows = await eligibleClients(tx, companyId, afterId, PAGE);
    const page: Page = { clientIds: [], numbers: [], skipped: 0 };
    for (const client of rows) {
      const number = toE164(client.mobile, client.country);
      if (number) {
        page.clientIds.push(client.id);
        page.numbers.push(number);
      } else {
        page.skipped += 1;
      }
    }
    yield page;
    if (rows.length < PAGE) return;
    afterId = rows[rows.length - 1]?.id ?? afterId;
  }
}

async function countRecipients(tx: Tx, companyId: number) {
  const counts = { recipients: 0, skipped: 0 };
  for await (const page of recipientPages(tx, companyId)) {
    counts.recipients += page.clientIds.length;
    counts.skipped += page.skipped;
  }
  return counts;
}

/** What a bulk SMS of this message would reach and cost (the message may still be empty). */
export const previewBulkSms = (scope: Scope, message: string): Promise<BulkSmsPreview> =>
  inTenant(scope, async (tx) => {
    const { companyId } = scope.principal;
    const account = await readAccount(tx, companyId);
    const counts = await countRecipients(tx, companyId);
    const segmentsPerMessage = smsSegments(message).segments;
    return {
      ...counts,
      segmentsPerMessage,
      costCents: counts.recipients * segmentsPerMessage * account.segmentPriceCents,
      balanceCents: account.balanceCents,
    };
  });

/**
 * Spec tab 24: one bulk SMS to every client who accepts SMS; its messages are enqueued for delivery (as id
 * ranges) once the send has committed, and not again for a repeated idempotency key.
 */
export async function sendBulkSms(
  scope: Scope,
  publisher: DeliveryPublisher,
  message: string,
  idempotencyKey: string | undefined,
): Promise<BulkSmsResult> {
  const { result, queued } = await inTenant(scope, (tx) =>
    queueBulkSms(tx, scope.principal, message, idempotencyKey),
  );
  if (queued) await publisher.enqueueBulk(queued);
  return result;
}

/**
 * Refuses, before anything is written, a send the credit or the daily cap cannot take. The clients with a
 * mobile are an upper bound of the recipients; only when that bound does not pass are the numbers counted.
 */
async function checkAffordable(tx: Tx, account: AccountRow, each: number) {
  const { companyId } = account;
  const { timeZone, currency } = await companyFacts(tx, companyId);
  const sentToday = await smsSentToday(tx, companyId, timeZone);
  const fits = (n: number) => n * each <= account.balanceCents && sentToday + n <= account.dailyCap;
  const upper = await countEligible(tx, companyId);
  if (upper > 0 && fits(upper)) return;
  const { recipients } = upper > 0 ? await countRecipients(tx, companyId) : { recipients: 0 };
  if (recipients === 0)
    throw new NoRecipientError('No active client with a usable mobile number accepts SMS.');
  if (sentToday + recipients > account.dailyCap)
    throw new DailyCapError(sentToday, account.dailyCap, recipients);
  if (recipients * each > account.balanceCents) {
    throw new InsufficientCreditError(recipients * each - account.balanceCents, currency);
  }
}

/**
 * One transaction: lock the account, queue every message (a set-based insert per page of recipients), debit
 * the whole cost, or nothing at all. Returns the messages to enqueue once it commits (none for a repeat).
 */
async function queueBulkSms(
  tx: Tx,
  principal: Principal,
  message: string,
  idempotencyKey: string | undefined,
): Promise<{ result: BulkSmsResult; queued: BulkQueued | null }> {
  const { companyId, userId } = principal;
  const account = await lockAccount(tx, companyId);
  const earlier = idempotencyKey ? await bulkSendByKey(tx, companyId, idempotencyKey) : undefined;
  if (earlier) return { result: { ...earlier, balanceCents: account.balanceCents }, queued: null };
  const segments = smsSegments(message).segments;
  const each = segments * account.segmentPriceCents;
  await checkAffordable(tx, account, each);
  const bulkSendId = await insertBulkSend(tx, {
    companyId,
    userId,
    message,
    idempotencyKey: idempotencyKey ?? null,
  });
  const span: IdSpan = { first: Number.MAX_SAFE_INTEGER, last: 0, count: 0 };
  let skipped = 0;
  for await (const page of recipientPages(tx, companyId)) {
    skipped += page.skipped;
    if (page.clientIds.length === 0) continue;
    const content = { companyId, userId, bulkSendId, content: message, segments, costCents: each };
    const inserted = await insertBulkMessages(tx, content, page.clientIds, page.numbers, span.count);
    span.first = Math.min(span.first, inserted.first);
    span.last = Math.max(span.last, inserted.last);
    span.count += inserted.count;
  }
  const cost = each * span.count;
  // The guarded debit: checked above under the lock, and the balance can never go below zero regardless.
  const balance = cost > 0 ? await debitAccount(tx, companyId, cost) : account.balanceCents;
  if (balance === null)
    throw new InsufficientCreditError(
      cost - account.balanceCents,
      (await companyFacts(tx, companyId)).currency,
    );
  await settleBulkSend(tx, companyId, bulkSendId, { recipients: span.count, skipped, costCents: cost });
  if (cost > 0) await insertLedger(tx, { companyId, kind: 'debit', amountCents: -cost, userId, bulkSendId });
  await recordAudit(tx, principal, {
    subProcess: 'Client Management',
    action: 'message.bulksms',
    description: `Sent bulk SMS to ${span.count} clients (${skipped} skipped: mobile not usable).`,
    changes: { bulkSendId, recipients: span.count, skipped, costCents: cost },
  });
  return {
    result: { bulkSendId, recipients: span.count, skipped, costCents: cost, balanceCents: balance },
    queued: { companyId, bulkSendId, ...span },
  };
}
