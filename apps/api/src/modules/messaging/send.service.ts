import { type OutboxMessage, type SendEmail, type SendSms, smsSegments, toE164 } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { claimElectronicApproach } from '../prospects/consent.service.ts';
import { debitAccount, insertLedger, lockAccount } from './credit.queries.ts';
import { checkDailyCap, companyFacts } from './credit.service.ts';
import { type DeliveryPublisher, PRIORITY } from './delivery/queue.ts';
import { findClientContact, insertMessage, messageIdByKey, messageView } from './message.queries.ts';
import { InsufficientCreditError, NoRecipientError } from './messaging.errors.ts';
import { usableEmail } from './recipients.ts';

export interface Queued {
  id: number;
  /** false when an earlier request with the same idempotency key already queued it. */
  created: boolean;
}

/**
 * One e-mail or SMS (spec tabs 13 and 14): queued in one tenant transaction, its delivery enqueued once that
 * has committed (not again for a repeated idempotency key). Answers the outbox row.
 */
export async function send(
  scope: Scope,
  publisher: DeliveryPublisher,
  queue: (tx: Tx) => Promise<Queued>,
): Promise<OutboxMessage> {
  const { queued, view } = await inTenant(scope, async (tx) => {
    const queued = await queue(tx);
    return { queued, view: await messageView(tx, scope.principal.companyId, queued.id) };
  });
  if (queued.created) await publisher.enqueue([queued.id], PRIORITY.single);
  return view;
}

export type Send<T> = (
  scope: Scope,
  publisher: DeliveryPublisher,
  clientId: number,
  input: T,
  idempotencyKey: string | undefined,
) => Promise<OutboxMessage>;

export const sendEmail: Send<SendEmail> = (scope, publisher, clientId, input, key) =>
  send(scope, publisher, (tx) => queueEmail(tx, scope.principal, clientId, input, key));

export const sendSms: Send<SendSms> = (scope, publisher, clientId, input, key) =>
  send(scope, publisher, (tx) => queueSms(tx, scope.principal, clientId, input, key));

/** Spec section 7: the request carries companyId and userId; they must be the caller's own. */
function assertSender(principal: Principal, body: { companyId: number; userId: number }) {
  if (body.companyId !== principal.companyId) throw new NotFoundError('Company');
  if (body.userId !== principal.userId) {
    throw new ValidationError('Some fields are not valid.', [
      { path: 'body.userId', message: 'Must be the signed-in user.' },
    ]);
  }
}

async function clientFor(tx: Tx, principal: Principal, clientId: number, body: SendEmail | SendSms) {
  const client = mustExist(await findClientContact(tx, principal.companyId, clientId), 'Client');
  assertSender(principal, body);
  return client;
}

export async function queueEmail(
  tx: Tx,
  principal: Principal,
  clientId: number,
  input: SendEmail,
  idempotencyKey: string | undefined,
): Promise<Queued> {
  const client = await clientFor(tx, principal, clientId, input);
  const { companyId } = principal;
  const repeated = idempotencyKey && (await messageIdByKey(tx, companyId, idempotencyKey));
  if (repeated) return { id: repeated, created: false };
  const to = usableEmail(client.email);
  if (!to) throw new NoRecipientError('The client has no e-mail address.');
  const id = await insertMessage(tx, {
    companyId,
    clientId,
    userId: principal.userId,
    channel: 'email',
    recipient: to,
    subject: input.emailSubject,
    content: input.emailMessage,
    segments: 0,
    costCents: 0,
    idempotencyKey: idempotencyKey ?? null,
  });
  if (id === undefined) {
    // A concurrent request with the same key won the insert; this one answers with its message.
    return {
      id: mustExist(await messageIdByKey(tx, companyId, idempotencyKey ?? ''), 'Message'),
      created: false,
    };
  }
  await claimElectronicApproach(tx, companyId, clientId, 'email');
  await recordAudit(tx, principal, {
    clientId,
    subProcess: 'Client Management',
    action: 'message.email',
    description: `Sent e-mail to ${client.name}.`,
    changes: { messageId: id },
  });
  return { id, created: true };
}

/** Debit and message in one transaction: the SMS exists exactly when it is paid for. */
export async function queueSms(
  tx: Tx,
  principal: Principal,
  clientId: number,
  input: SendSms,
  idempotencyKey: string | undefined,
): Promise<Queued> {
  const client = await clientFor(tx, principal, clientId, input);
  const { companyId } = principal;
  const account = await lockAccount(tx, companyId);
  const repeated = idempotencyKey && (await messageIdByKey(tx, companyId, idempotencyKey));
  if (repeated) return { id: repeated, created: false };
  const to = client.mobile ? toE164(client.mobile, client.country) : null;
  if (!to) throw new NoRecipientError('The client has no usable mobile number.');
  const { timeZone, currency } = await companyFacts(tx, companyId);
  await checkDailyCap(tx, account, timeZone, 1);
  const segments = smsSegments(input.smsMessage).segments;
  const cost = segments * account.segmentPriceCents;
  if (cost > 0 && (await debitAccount(tx, companyId, cost)) === null) {
    throw new InsufficientCreditError(cost - account.balanceCents, currency);
  }
  const id = mustExist(
    await insertMessage(tx, {
      companyId,
      clientId,
      userId: principal.userId,
      channel: 'sms',
      recipient: to,
      subject: null,
      content: input.smsMessage,
      segments,
      costCents: cost,
      idempotencyKey: idempotencyKey ?? null,
    }),
    'Message',
  );
  await claimElectronicApproach(tx, companyId, clientId, 'sms');
  if (cost > 0) {
    await insertLedger(tx, {
      companyId,
      kind: 'debit',
      amountCents: -cost,
      userId: principal.userId,
      messageId: id,
    });
  }
  await recordAudit(tx, principal, {
    clientId,
    subProcess: 'Client Management',
    action: 'message.sms',
    description: `Sent SMS to ${client.name}.`,
    changes: { messageId: id, segments, costCents: cost },
  });
  return { id, created: true };
}
