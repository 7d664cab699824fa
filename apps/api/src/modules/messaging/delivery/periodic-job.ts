import type PgBoss from 'pg-boss';
import type { Db } from '../../../db/connect.ts';
import { errorText } from '../../../lib/log-safety.ts';
import { createBoss, type Logger, startBoss } from './queue.ts';

export interface PeriodicJobOptions {
  /** The pg-boss queue (stately: at most one job queued and one running across all processes). */
  queue: string;
  /** Names the job in log lines ("reminders", "replies"). */
  label: string;
  /** How often a run is asked for (and once at start). */
  tickMs: number;
  pollingIntervalSeconds: number;
}

/**
 * A job that runs every `tickMs` on a stately pg-boss queue, so processes running side by side never run it
 * twice at once. What must happen once must still be guaranteed by the job's own SQL, not by this.
 */
export class PeriodicJob {
  private boss: PgBoss | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly options: PeriodicJobOptions,
    private readonly run: () => Promise<void>,
  ) {}

  async start(): Promise<void> {
    const { queue, label } = this.options;
    const boss = createBoss(this.db, { supervise: false });
    boss.on('error', (error: Error) => this.log.error(`pg-boss (${label}): ${errorText(error)}`));
    await startBoss(this.db, boss, () =>
      boss.createQueue(queue, { name: queue, policy: 'stately', retryLimit: 0 }),
    );
    this.boss = boss;
    await boss.work(
      queue,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds },
      () => this.run(),
    );
    this.timer = setInterval(() => {
      this.tick().catch((error: Error) => this.log.warn(`Schedule (${label}) failed: ${errorText(error)}`));
    }, this.options.tickMs);
    this.timer.unref();
    await this.tick();
  }

  /** Asks for a run; while one is queued already, this adds nothing. */
  async tick(): Promise<void> {
    await this.boss?.send(this.options.queue, {});
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const boss = this.boss;
    this.boss = undefined;
    await boss?.stop({ graceful: true, timeout: 10_000, close: false });
  }
}
