import {
  type MergeValues,
  RECALL_MESSAGES,
  type RecallSendResult,
  reminderDateTime,
  renderTemplate,
  smsCost,
  toE164,
  wallClockToInstant,
} from '@pd/contracts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { diaryCompany } from '../appointments/diary-company.ts';
import { publicHolidays } from '../appointments/holidays.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { debitAccount, lockAccount } from '../messaging/credit.queries.ts';
import { smsSentToday } from '../messaging/credit.service.ts';
import { type DeliveryPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { usableEmail } from '../messaging/recipients.ts';
import { insertDebits, insertOutboxRows, type OutboxRow } from '../reminders/dispatch-write.queries.ts';
import { type ReminderCompany, reminderCompany } from '../reminders/reminder-company.ts';
import { invalidField } from '../reminders/reminder-errors.ts';
import { nextMarketingInstant } from './quiet-hours.ts';
import {
  lockSendContexts,
  type NoticeRow,
  type RecallSendContext,
  recordNotices,
} from './recall-send.queries.ts';

const S = RECALL_MESSAGES.skip;

/** Who the notice goes to, or why it does not go (closed, ladder done, not yet, opted out, no address). */
function verdictOf(c: RecallSendContext, today: string): { to: string } | { skip: string } {
  if (c.status !== 'due' && c.status !== 'notified') return { skip: S.closed };
  if (c.nextFrom === null) return { skip: S.ladderDone };
  if (c.nextFrom > today) return { skip: S.notYet(c.nextFrom) };
  if (c.client.deleted) return { skip: S.closed };
  if (c.client.commStatus === 'N') return { skip: S.optedOut };
  if (c.channel === 'sms') {
    const to = c.client.mobile ? toE164(c.client.mobile, c.client.country) : null;
    return to ? { to } : { skip: S.noMobile };
  }
  const to = usableEmail(c.client.email);
  return to ? { to } : { skip: S.noEmail };
}

function valuesOf(c: RecallSendContext, company: ReminderCompany): MergeValues {
  const noon = wallClockToInstant(c.dueDate, '12:00', company.timeZone) ?? new Date(`${c.dueDate}T12:00:00Z`);
  return {
    preferredName: c.client.preferredName || c.client.firstName || c.client.name,
    practiceName: company.name,
    practitioner: '',
    date: reminderDateTime(noon, company.timeZone).date,
    time: '',
    address: company.address,
    cancelInstruction: company.cancelInstruction,
  };
}

interface Planned {
  context: RecallSendContext;
  outbox: OutboxRow;
}

/**
 * The notices of one send in one transaction: recalls locked, each decided, SMS within today's cap and the
 * locked balance (never overdrawn), written to the outbox (held until the quiet hours allow) with their
 * debits and notices. Answers the result and the messages to enqueue at once.
 */
async function queueNotices(tx: Tx, scope: Scope, recallIds: number[], now: Date) {
  const { companyId, userId } = scope.principal;
  const company = await reminderCompany(tx, companyId);
  const diary = await diaryCompany(tx, companyId);
  const wanted = [...new Set(recallIds)];
  const contexts = await lockSendContexts(tx, companyId, wanted, company.timeZone);
  if (contexts.length !== wanted.length)
    throw invalidField('body.recallIds', 'Choose the company’s own recalls.');
  const holidays = new Set(publicHolidays(diary.holidayCalendar).map((h) => h.date));
  const sendAt = nextMarketingInstant(now, company.timeZone, (d) => holidays.has(d));
  const held = sendAt.getTime() > now.getTime();
  const skipped: RecallSendResult['skipped'] = [];
  const planned: Planned[] = [];
  const sms = contexts.some((c) => c.channel === 'sms');
  const account = sms ? await lockAccount(tx, companyId) : undefined;
  let sentToday = sms ? await smsSentToday(tx, companyId, company.timeZone) : 0;
  let left = account?.balanceCents ?? 0;
  for (const context of contexts) {
    const verdict = verdictOf(context, diary.today);
    if ('skip' in verdict) {
      skipped.push({ recallId: context.id, reason: verdict.skip });
      continue;
    }
    const values = valuesOf(context, company);
    const content = renderTemplate(context.body, values);
    const counted = smsCost(content, company.segmentPriceCents);
    const isSms = context.channel === 'sms';
    const costCents = isSms ? counted.costCents : 0;
    if (isSms && account) {
      if (sentToday + 1 > account.dailyCap) {
        skipped.push({ recallId: context.id, reason: S.dailyCap });
        continue;
      }
      if (costCents > left) {
        skipped.push({ recallId: context.id, reason: S.noCredit });
        continue;
      }
      left -= costCents;
      sentToday += 1;
    }
    const step = context.noticesSent + 1;
    planned.push({
      context,
      outbox: {
        clientId: context.clientId,
        channel: context.channel,
        recipient: verdict.to,
        subject: isSms ? null : renderTemplate(context.subject ?? '', values),
        content,
        segments: isSms ? counted.segments : 0,
        costCents,
        idempotencyKey: `recall:${context.id}:${step}`,
        ...(held ? { notBefore: sendAt } : {}),
      },
    });
  }
  const messageIds = await insertOutboxRows(
    tx,
    companyId,
    planned.map((p) => p.outbox),
  );
  const notices: NoticeRow[] = planned.map(({ context, outbox }) => {
    const messageId = messageIds.get(outbox.idempotencyKey);
    if (messageId === undefined) throw new Error('A recall notice was not written');
    return {
      recallId: context.id,
      step: context.noticesSent + 1,
      messageId,
      sendAt,
      costCents: outbox.costCents,
    };
  });
  const debits = notices
    .filter((n) => n.costCents > 0)
    .map((n) => ({ messageId: n.messageId, costCents: n.costCents }));
  const total = debits.reduce((sum, d) => sum + d.costCents, 0);
  if (total > 0 && (await debitAccount(tx, companyId, total)) === null)
    throw new Error('The recall notices cost more than the locked balance');
  await insertDebits(tx, companyId, debits, 'Recall notice');
  await recordNotices(tx, companyId, userId, notices);
  if (notices.length > 0)
    await recordAudit(tx, scope.principal, {
      subProcess: 'Client Management',
      action: 'recall.notice.send',
      description: `Queued ${notices.length} recall notice${notices.length === 1 ? '' : 's'}${held ? ' (held for the quiet hours)' : ''}.`,
      changes: { recallIds: notices.map((n) => n.recallId), costCents: total },
    });
  const result: RecallSendResult = {
    queued: notices.length,
    held: held ? notices.length : 0,
    sendAt: notices.length > 0 ? sendAt.toISOString() : null,
    costCents: total,
    skipped,
  };
  return { result, enqueue: held ? [] : notices.map((n) => n.messageId) };
}

/**
 * Bulk send of the next notice of each selected recall. Notices held by the quiet hours are not enqueued:
 * the outbox sweep hands them to delivery once their time (the window's start) has come.
 */
export async function sendRecallNotices(
  scope: Scope,
  publisher: DeliveryPublisher,
  recallIds: number[],
  now: () => Date = () => new Date(),
): Promise<RecallSendResult> {
  const { result, enqueue } = await inTenant(scope, (tx) => queueNotices(tx, scope, recallIds, now()));
  if (enqueue.length > 0) await publisher.enqueue(enqueue, PRIORITY.single);
  return result;
}
