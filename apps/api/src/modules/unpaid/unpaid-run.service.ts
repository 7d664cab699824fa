import type { UnpaidType } from '@pd/contracts';
import { addDaysIso } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import type { PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { billingSettings } from '../billing-runs/billing-settings.queries.ts';
import { type BillingCompany, inBillingCompany } from '../invoices/invoice-context.ts';
import { unpaidRunInfo } from '../invoices/invoice-runs.queries.ts';
import { type DeliveryPublisher, PRIORITY } from '../messaging/delivery/queue.ts';
import { owedInvoices } from './unpaid.queries.ts';
import { createNotice } from './unpaid.service.ts';
import {
  finishUnpaidRun,
  insertUnpaidRun,
  type RunCandidate,
  recordFailedUnpaidRun,
  runCandidates,
} from './unpaid-run.queries.ts';

/**
 * The next notice for a client, or null:
 * - none when its latest notice (any type) is less than `intervalDays` old;
 * - the ladder's first step when it has had no ladder notice, or when every overdue invoice fell due after
 *   its latest ladder notice (new debt starts the ladder again);
 * - else the step after its latest ladder notice; none when that was the last step (the ladder is spent).
 */
export function nextNoticeType(
  c: RunCandidate,
  ladder: readonly UnpaidType[],
  intervalDays: number,
  today: string,
): UnpaidType | null {
  if (c.lastNoticeDate && addDaysIso(c.lastNoticeDate, intervalDays) > today) return null;
  const first = ladder[0] ?? null;
  if (!c.lastLadderType || !c.lastLadderDate || c.lastLadderDate < c.oldestDue) return first;
  const at = ladder.indexOf(c.lastLadderType);
  return at < 0 ? first : (ladder[at + 1] ?? null);
}

/** One unpaid run's work, in one transaction: a notice per client due one; answers the queued e-mails. */
export async function runUnpaid(
  tx: Tx,
  principal: Principal,
  company: BillingCompany,
  renderer: PdfRenderer,
  runId: number,
): Promise<{ notices: number; messageIds: number[] }> {
  const settings = await billingSettings(tx, company.id);
  const ladder = settings.unpaidLadder.filter((t) => t !== 'C');
  const candidates = await runCandidates(tx, company.id, company.today, company.timeZone, ladder);
  const messageIds: number[] = [];
  let notices = 0;
  for (const candidate of candidates) {
    const type = nextNoticeType(candidate, ladder, settings.unpaidIntervalDays, company.today);
    if (!type) continue;
    const invoices = await owedInvoices(tx, company.id, candidate.clientId, company.today, true);
    const amount = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
    if (amount <= 0) continue; // paid meanwhile
    const outcome = await createNotice(
      tx,
      principal,
      company,
      renderer,
      candidate.clientId,
      { unpaidType: type, unpaidAmountOutstanding: amount },
      { runId, invoices, ladderDue: candidate.oldestDue },
    );
    notices++;
    if (outcome.notice.messageId) messageIds.push(outcome.notice.messageId);
  }
  await finishUnpaidRun(tx, company.id, runId, notices);
  await recordAudit(tx, principal, {
    subProcess: 'Unpaids Management',
    action: 'unpaid.run',
    description: `Unpaid run ${runId}: ${notices} notice(s) created for ${candidates.length} client(s) with overdue invoices.`,
    changes: {
      runId,
      notices,
      clients: candidates.length,
      ladder,
      intervalDays: settings.unpaidIntervalDays,
    },
  });
  return { notices, messageIds };
}

/**
 * An unpaid run started by an administrator: the run's row, its notices and its audit entry in one
 * transaction, their e-mails enqueued once that has committed; a failure leaves a failed run saying why.
 * One run per company at a time is the database's: a second run's row waits on the first's
 * (unpaid_runs_running_key) and then finds the notices it made, and a notice per client, ladder step and
 * ladder is a unique key (unpaid_notices_ladder_step_key). A crash leaves no run behind.
 */
export async function startUnpaidRun(scope: Scope, publisher: DeliveryPublisher, renderer: PdfRenderer) {
  const { companyId, userId } = scope.principal;
  let runId: number;
  try {
    const outcome = await inBillingCompany(scope, async (tx, company) => {
      const id = await insertUnpaidRun(tx, companyId, userId);
      return { id, ...(await runUnpaid(tx, scope.principal, company, renderer, id)) };
    });
    runId = outcome.id;
    await publisher.enqueue(outcome.messageIds, PRIORITY.bulk);
  } catch (error) {
    await inTenant(scope, (tx) => recordFailedUnpaidRun(tx, companyId, userId, (error as Error).message));
    throw error;
  }
  return inTenant(scope, async (tx) => mustExist(await unpaidRunInfo(tx, companyId, runId), 'Unpaid run'));
}
