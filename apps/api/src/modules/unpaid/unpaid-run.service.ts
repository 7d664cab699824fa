import type { UnpaidType } from '@pd/contracts';
import type { Principal } from '../../auth/access.ts';
import type { Tx } from '../../db/tenancy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { billingSettings } from '../billing-runs/billing-settings.queries.ts';
import type { BillingCompany } from '../invoices/invoice-context.ts';
import { addDays } from '../invoices/invoice-totals.ts';
import { owedInvoices } from './unpaid.queries.ts';
import { createNotice } from './unpaid.service.ts';
import { finishUnpaidRun, type RunCandidate, runCandidates } from './unpaid-run.queries.ts';

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
  if (c.lastNoticeDate && addDays(c.lastNoticeDate, intervalDays) > today) return null;
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
  runId: number,
): Promise<{ notices: number; messageIds: number[] }> {
  const settings = await billingSettings(tx, company.id);
  const ladder = settings.unpaidLadder.filter((t) => t !== 'C');
  const candidates = await runCandidates(tx, company.today, company.timeZone, ladder);
  const messageIds: number[] = [];
  let notices = 0;
  for (const candidate of candidates) {
    const type = nextNoticeType(candidate, ladder, settings.unpaidIntervalDays, company.today);
    if (!type) continue;
    const invoices = await owedInvoices(tx, candidate.clientId, company.today, true);
    const amount = invoices.reduce((sum, i) => sum + i.outstandingCents, 0);
    if (amount <= 0) continue; // paid meanwhile
    const outcome = await createNotice(
      tx,
      principal,
      company,
      candidate.clientId,
      { unpaidType: type, unpaidAmountOutstanding: amount },
      { runId, invoices },
    );
    notices++;
    if (outcome.notice.messageId) messageIds.push(outcome.notice.messageId);
  }
  await finishUnpaidRun(tx, runId, notices);
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
