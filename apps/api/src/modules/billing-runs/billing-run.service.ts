import type { RunInfo } from '@pd/contracts';
import type { Db } from '../../db/connect.ts';
import { withTenant } from '../../db/tenancy.ts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { billingCompany } from '../invoices/invoice-context.ts';
import { billingRunInfo } from '../invoices/invoice-runs.queries.ts';
import { recallsForBillingRun } from '../recalls/recall.service.ts';
import {
  billDueProducts,
  finishBillingRun,
  insertBillingRun,
  lockNumbering,
  periodBilled,
  recordFailedBillingRun,
} from './billing-run.queries.ts';

/** A calendar month: its first and last day. `period` is YYYY-MM. */
export function monthPeriod(period: string): { start: string; end: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${period}-01`, end: `${period}-${String(last).padStart(2, '0')}` };
}

export interface BillingRunOutcome {
  runId: number;
  created: number;
  /** The schedule skips a month that has a finished run already. */
  skipped?: boolean;
}

/**
 * Bills one month for one company in one transaction (run row, invoices, lines, audit), under the company's
 * numbering lock. Invoices are dated today when today falls in the month, else the month's first day; due
 * after the payment terms. A failure rolls everything back and leaves a failed run saying why.
 * `userId` null: started by the monthly schedule.
 */
export async function runBilling(
  db: Db,
  companyId: number,
  period: string | undefined,
  userId: number | null,
  options: { skipIfBilled?: boolean } = {},
): Promise<BillingRunOutcome> {
  let month: { start: string; end: string } | undefined;
  try {
    return await withTenant(db, companyId, async (tx) => {
      const company = await billingCompany(tx, companyId);
      month = monthPeriod(period ?? company.today.slice(0, 7));
      const { start, end } = month;
      await lockNumbering(tx, companyId);
      if (options.skipIfBilled && (await periodBilled(tx, companyId, start)))
        return { runId: 0, created: 0, skipped: true };
      const runId = await insertBillingRun(tx, companyId, month, userId);
      const useTaxRate = company.taxRegistered === 'Y' ? 'Y' : 'N';
      const created = await billDueProducts(tx, {
        companyId,
        runId,
        userId,
        periodStart: start,
        periodEnd: end,
        invoiced: company.today >= start && company.today <= end ? company.today : start,
        useTaxRate,
        vatRateBps: useTaxRate === 'Y' ? company.vatRateBps : 0,
        currency: company.currency,
      });
      if (created > 0) await recallsForBillingRun(tx, companyId, runId, userId);
      await finishBillingRun(tx, companyId, runId, created);
      await recordAudit(
        tx,
        { companyId, userId: userId as number },
        {
          subProcess: 'Billing Management',
          action: 'billing.run',
          description: `Billing run ${runId} for ${start} to ${end}${userId === null ? ' (monthly schedule)' : ''}: ${created} invoice(s) created.`,
          changes: { runId, periodStart: start, periodEnd: end, created },
        },
      );
      return { runId, created };
    });
  } catch (error) {
    if (!month) throw error;
    const failed = month;
    const message = (error as Error).message;
    const runId = await withTenant(db, companyId, (tx) =>
      recordFailedBillingRun(tx, companyId, failed, userId, message),
    );
    return Promise.reject(Object.assign(error as Error, { runId }));
  }
}

/** A billing run started by an administrator (Settings): the run and the totals of what it created. */
export async function startBillingRun(scope: Scope, period: string | undefined): Promise<RunInfo> {
  const { companyId, userId } = scope.principal;
  const { runId } = await runBilling(scope.db, companyId, period, userId);
  return inTenant(scope, async (tx) => mustExist(await billingRunInfo(tx, companyId, runId), 'Billing run'));
}
