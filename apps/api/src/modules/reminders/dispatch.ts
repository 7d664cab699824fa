import { DISPATCH_REASONS } from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { debitAccount, lockAccount } from '../messaging/credit.queries.ts';
import { smsSentToday } from '../messaging/credit.service.ts';
import { claimDue, companionContexts, type DispatchContext, dispatchContexts } from './dispatch.queries.ts';
import { decide } from './dispatch-decide.ts';
import { type Group, groupsOf, messageOf } from './dispatch-groups.ts';
import {
  insertDebits,
  insertOutboxRows,
  type OutboxRow,
  type Settlement,
  settleDispatches,
} from './dispatch-write.queries.ts';
import { type ReminderCompany, reminderCompany } from './reminder-company.ts';

export interface DispatchHooks {
  /** Runs in the transaction once the rows are claimed (the crash test kills the process there). */
  afterClaim?: (dispatchIds: number[]) => Promise<void>;
}

export interface BatchOutcome {
  /** Dispatches this batch took (those whose appointment a booking change holds are left for later). */
  claimed: number;
  settled: number;
  messageIds: number[];
}

const DAY_MS = 86_400_000;

/** Companions: pending reminders of the same clients around the same days, decided like the claimed ones. */
async function companionsOf(
  tx: Tx,
  companyId: number,
  sendable: DispatchContext[],
  exclude: number[],
  now: number,
) {
  const before = sendable.filter((c) => c.kind === 'before');
  if (before.length === 0) return [];
  const starts = before.map((c) => c.startsAt.getTime());
  const found = await companionContexts(
    tx,
    companyId,
    [...new Set(before.map((c) => c.clientId))],
    new Date(Math.min(...starts) - DAY_MS),
    new Date(Math.max(...starts) + DAY_MS),
    exclude,
  );
  return found.flatMap((context) => {
    const verdict = decide(context, now);
    return verdict.send ? [{ context, recipient: verdict.recipient }] : [];
  });
}

/**
 * SMS within today's cap and the balance, in the order they fell due; the rest fail saying why. Nothing is
 * ever sent on credit the account does not have (the account row is locked for the transaction).
 */
async function affordable(tx: Tx, company: ReminderCompany, groups: Group[]) {
  const sms = groups.some((g) => g.members[0]?.channel === 'sms');
  const account = sms ? await lockAccount(tx, company.id) : undefined;
  let sentToday = sms ? await smsSentToday(tx, company.id, company.timeZone) : 0;
  let left = account?.balanceCents ?? 0;
  const accepted: { group: Group; message: ReturnType<typeof messageOf> }[] = [];
  const refused: { group: Group; reason: string }[] = [];
  for (const group of groups) {
    const message = messageOf(group, company);
    if (message.channel === 'sms' && account) {
      if (sentToday + 1 > account.dailyCap) {
        refused.push({ group, reason: DISPATCH_REASONS.dailyCap });
        continue;
      }
      if (message.costCents > left) {
        refused.push({ group, reason: DISPATCH_REASONS.noCredit });
        continue;
      }
      left -= message.costCents;
      sentToday += 1;
    }
    accepted.push({ group, message });
  }
  return { accepted, refused };
}

/**
 * One batch of one company's due dispatches, in one transaction: claimed (FOR UPDATE SKIP LOCKED), decided on
 * the appointment as it is now, grouped (consecutive appointments), paid for, written to the outbox with
 * their debits, and settled. A crash anywhere before the commit leaves every row pending and nothing in the
 * outbox; the outbox's unique key (one message per dispatch attempt) holds even past the locks.
 */
export async function dispatchBatch(
  tx: Tx,
  companyId: number,
  limit: number,
  hooks: DispatchHooks = {},
): Promise<BatchOutcome> {
  const mine = await claimDue(tx, companyId, limit);
  await hooks.afterClaim?.(mine);
  if (mine.length === 0) return { claimed: 0, settled: 0, messageIds: [] };
  const company = await reminderCompany(tx, companyId);
  const now = Date.now();
  const settlements: Settlement[] = [];
  const settle = (id: number, status: Settlement['status'], reason: string | null, extra = {}) =>
    settlements.push({ id, status, reason, messageId: null, segments: 0, costCents: 0, ...extra });
  const sendable: { context: DispatchContext; recipient: string }[] = [];
  for (const context of await dispatchContexts(tx, companyId, mine)) {
    const verdict = decide(context, now);
    if (verdict.send) sendable.push({ context, recipient: verdict.recipient });
    else settle(context.id, verdict.status, verdict.reason);
  }
  const companions = await companionsOf(
    tx,
    companyId,
    sendable.map((s) => s.context),
    mine,
    now,
  );
  const mineSet = new Set(mine);
  // A group is sent when one of its dispatches is due (claimed); companions alone wait for their own time.
  const groups = groupsOf([...sendable, ...companions], company.timeZone).filter((g) =>
    g.members.some((m) => mineSet.has(m.id)),
  );
  const { accepted, refused } = await affordable(tx, company, groups);
  for (const { group, reason } of refused) for (const m of group.members) settle(m.id, 'failed', reason);
  const outbox: OutboxRow[] = accepted.map(({ group, message }) => ({
    ...message,
    clientId: (group.members[0] as DispatchContext).clientId,
    recipient: group.recipient,
    idempotencyKey: keyOf(group.members[0] as DispatchContext),
  }));
  const messageIds = await insertOutboxRows(tx, companyId, outbox);
  const debits: { messageId: number; costCents: number }[] = [];
  for (const { group, message } of accepted) {
    const [leader, ...merged] = group.members as [DispatchContext, ...DispatchContext[]];
    const messageId = messageIds.get(keyOf(leader)) ?? null;
    if (messageId === null) throw new Error('A reminder message was not written');
    const { segments, costCents } = message;
    settle(leader.id, 'sent', null, { messageId, segments, costCents });
    for (const m of merged) settle(m.id, 'merged', null, { messageId });
    if (costCents > 0) debits.push({ messageId, costCents });
  }
  const total = debits.reduce((sum, d) => sum + d.costCents, 0);
  if (total > 0 && (await debitAccount(tx, companyId, total)) === null)
    throw new Error('The reminders cost more than the locked balance');
  await insertDebits(tx, companyId, debits);
  await settleDispatches(tx, companyId, settlements);
  return { claimed: mine.length, settled: settlements.length, messageIds: [...new Set(messageIds.values())] };
}

const keyOf = (c: DispatchContext) => `reminder:${c.id}:${c.attempt}`;
