import { type ReplyReason, replyIntent, toE164 } from '@pd/contracts';
import type { Db } from '../../db/connect.ts';
import { type Tx, withSystem, withTenant } from '../../db/tenancy.ts';
import { ConflictError } from '../../lib/errors.ts';
import { lockAppointment } from '../appointments/appointment.queries.ts';
import { applyStatus } from '../appointments/appointment.service.ts';
import { diaryCompany } from '../appointments/diary-company.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SmsIn } from '../messaging/delivery/transport-types.ts';
import {
  confirmAppointment,
  insertReply,
  mobileHolders,
  remindedAppointments,
  sentMessageByRef,
  settleReply,
} from './reply.queries.ts';

/** The sender as stored mobiles are (E.164), or as the provider gave it when it is no phone number. */
export function senderNumber(from: string): string {
  const trimmed = from.trim();
  const international = /^\d{8,15}$/.test(trimmed) ? `+${trimmed}` : trimmed;
  return (international.startsWith('+') && toE164(international, 'ZA')) || trimmed.slice(0, 32);
}

interface Attribution {
  companyId: number | null;
  clientId: number | null;
  reason: ReplyReason | null;
}

/**
 * Whose reply it is. The company: the one whose SMS it answers (the provider links a reply to the last
 * repliable message sent to the number), else the one company whose clients have the number. The
 * client: the one live client with the number; none in that company, or the number held by more than
 * one client (in any company), leaves it to a person.
 */
async function attribute(tx: Tx, sender: string, relatedSentId: string | null): Promise<Attribution> {
  const sent = relatedSentId ? await sentMessageByRef(tx, relatedSentId) : undefined;
  const holders = await mobileHolders(tx, sender);
  const companies = new Set(holders.map((h) => h.companyId));
  const companyId = sent?.companyId ?? (companies.size === 1 ? (holders[0]?.companyId ?? null) : null);
  const own = holders.filter((h) => h.companyId === companyId);
  if (own.length === 0) return { companyId, clientId: null, reason: 'unknown-number' };
  if (holders.length > 1) return { companyId, clientId: null, reason: 'ambiguous-number' };
  return { companyId, clientId: own[0]?.clientId ?? null, reason: null };
}

const system = { userId: null };

/** The reply's own audit entry (the appointment service writes the status change's). */
const auditReply = (
  tx: Tx,
  companyId: number,
  clientId: number,
  ids: number[],
  did: 'confirmed' | 'cancelled',
) =>
  recordAudit(
    tx,
    { companyId, ...system },
    {
      subProcess: 'Client Management',
      clientId,
      action: did === 'confirmed' ? 'appointment.confirm' : 'appointment.cancel-by-reply',
      description: `The client ${did} appointment ${ids.join(', ')} by SMS reply.`,
    },
  );

/** Y confirms, C cancels (reason: client) the appointments the client's latest reminder was about. */
async function act(tx: Tx, companyId: number, replyId: number, clientId: number, message: SmsIn) {
  const intent = replyIntent(message.body);
  if (!intent) return settleReply(tx, companyId, replyId, 'inbox', 'not-understood', null);
  const targets = await remindedAppointments(tx, companyId, clientId, message.receivedAt);
  const first = targets[0];
  if (!first) return settleReply(tx, companyId, replyId, 'inbox', 'no-appointment', null);
  const actor = { companyId, ...system };
  if (intent === 'confirm') {
    for (const t of targets) await confirmAppointment(tx, companyId, t.id);
    await auditReply(
      tx,
      companyId,
      clientId,
      targets.map((t) => t.id),
      'confirmed',
    );
    return settleReply(tx, companyId, replyId, 'confirmed', null, first.id);
  }
  const company = await diaryCompany(tx, companyId);
  try {
    // A savepoint: an appointment that cannot be cancelled (invoiced) leaves the reply to a person.
    await tx.transaction(async (sp) => {
      for (const t of targets) {
        const before = await lockAppointment(sp, companyId, t.id);
        if (before?.status !== 'booked' || before.startAt.getTime() <= Date.now()) continue;
        await applyStatus(sp, actor, company, before, { status: 'cancelled', cancelReason: 'client' });
      }
    });
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    return settleReply(tx, companyId, replyId, 'inbox', 'not-cancellable', first.id);
  }
  await auditReply(
    tx,
    companyId,
    clientId,
    targets.map((t) => t.id),
    'cancelled',
  );
  return settleReply(tx, companyId, replyId, 'cancelled', null, first.id);
}

/**
 * Stores one received message once and does what it asks, in one transaction of its company (or, when no
 * company can be told, as the system: kept, visible to no company). Answers whether it was new.
 */
export async function takeReply(db: Db, provider: string, message: SmsIn): Promise<boolean> {
  const sender = senderNumber(message.from);
  const who = await withSystem(db, (tx) => attribute(tx, sender, message.relatedSentId));
  const row = {
    ...who,
    provider,
    providerMessageId: message.id,
    sender,
    body: message.body,
    receivedAt: message.receivedAt,
  };
  const { companyId, clientId } = who;
  if (companyId === null) return (await withSystem(db, (tx) => insertReply(tx, row))) !== undefined;
  return withTenant(db, companyId, async (tx) => {
    const id = await insertReply(tx, row);
    if (id === undefined) return false;
    if (clientId !== null) await act(tx, companyId, id, clientId, message);
    return true;
  });
}
