import { timeZoneFor, todayIn } from '@pd/contracts';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/connect.ts';
import { withSystem } from '../../db/tenancy.ts';
import { errorText } from '../../lib/log-safety.ts';
import { createBoss, type Logger, silentLogger, startBoss } from '../messaging/delivery/queue.ts';
import { runBilling } from './billing-run.service.ts';
import { companiesWithBillingDay } from './billing-schedule.queries.ts';

export const BILLING_QUEUE = 'billing-run';

export interface BillingJob {
  companyId: number;
  /** YYYY-MM */
  period: string;
}

/**
 * The monthly billing runs. The messaging helper's pg-boss instances run with `schedule: false` (no cron
 * clock), and a company's billing day is read in its own time zone, so instead of a pg-boss cron a check
 * runs every `tickMs` (an hour by default, and at start): every company whose billing day has come this
 * month (its time zone) and whose month has no finished run gets one pg-boss job; the job runs the month
 * (skipping it if a run finished meanwhile, under the numbering lock), so duplicate jobs from several
 * processes or ticks bill nothing twice. A failed run is tried again at the next tick.
 */
export class BillingSchedule {
  private boss: PgBoss | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger = silentLogger,
    private readonly options: { tickMs: number; pollingIntervalSeconds: number } = {
      tickMs: 60 * 60 * 1000,
      pollingIntervalSeconds: 30,
    },
  ) {}

  async start(): Promise<void> {
    const boss = createBoss(this.db, { supervise: false });
    boss.on('error', (error: Error) => this.log.error(`pg-boss (billing): ${errorText(error)}`));
    await startBoss(this.db, boss, () =>
      boss.createQueue(BILLING_QUEUE, { name: BILLING_QUEUE, retryLimit: 0 }),
    );
    this.boss = boss;
    await boss.work<BillingJob>(
      BILLING_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds },
      async ([job]) => {
        if (!job) return;
        const outcome = await runBilling(this.db, job.data.companyId, job.data.period, null, {
          skipIfBilled: true,
        });
        if (!outcome.skipped) {
          this.log.info(
            `Billing run ${outcome.runId} (company ${job.data.companyId}, ${job.data.period}): ${outcome.created} invoice(s)`,
          );
        }
      },
    );
    this.timer = setInterval(() => {
      this.tick().catch((error: Error) =>
        this.log.warn(`Billing schedule check failed: ${errorText(error)}`),
      );
    }, this.options.tickMs);
    this.timer.unref();
    await this.tick();
  }

  /** Enqueues the months that are due; answers the jobs sent. */
  async tick(now = new Date()): Promise<BillingJob[]> {
    const boss = this.boss;
    if (!boss) return [];
    // Every company at once, so the system role (no tenant): the one statement here without a company.
    const companies = await withSystem(this.db, (tx) => companiesWithBillingDay(tx));
    const jobs: BillingJob[] = [];
    for (const c of companies) {
      const today = todayIn(timeZoneFor(c.region), now);
      const period = today.slice(0, 7);
      if (Number(today.slice(8, 10)) < c.billingDay || c.billed.includes(period)) continue;
      const job = { companyId: c.id, period };
      await boss.send(BILLING_QUEUE, job, { singletonKey: `${job.companyId}:${period}` });
      jobs.push(job);
    }
    return jobs;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, timeout: 10_000, close: false });
  }
}

export async function startBillingSchedule(db: Db, log: Logger): Promise<BillingSchedule> {
  const schedule = new BillingSchedule(db, log);
  await schedule.start();
  return schedule;
}
