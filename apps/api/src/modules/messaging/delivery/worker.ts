import type PgBoss from 'pg-boss';
import type { MessagingConfig } from '../../../config.ts';
import type { Db } from '../../../db/connect.ts';
import { withSystem } from '../../../db/tenancy.ts';
import { errorText } from '../../../lib/log-safety.ts';
import { Deliverer, type DeliverOptions } from './deliver.ts';
import { overdueMessages } from './delivery.queries.ts';
import {
  createBoss,
  DEFAULT_QUEUE_OPTIONS,
  DELIVERY_QUEUE,
  type DeliveryJob,
  deliveryJobs,
  ensureQueue,
  type Logger,
  offEnqueued,
  onEnqueued,
  PRIORITY,
  type QueueOptions,
  silentLogger,
  startBoss,
} from './queue.ts';
import { createTransports, type Transports } from './transports.ts';

export interface WorkerOptions extends DeliverOptions, QueueOptions {
  /** Jobs delivered at the same time by this process. */
  concurrency: number;
  pollingIntervalSeconds: number;
  /** How often pg-boss fails expired jobs (so they are retried) and tidies its tables. */
  maintenanceIntervalSeconds: number;
  sweepIntervalMs: number;
  /** Per provider request (HTTP) or SMTP socket read. */
  providerTimeoutMs: number;
  /** How long stop() lets running jobs finish. */
  stopTimeoutMs: number;
}

export const DEFAULT_WORKER_OPTIONS: WorkerOptions = {
  ...DEFAULT_QUEUE_OPTIONS,
  concurrency: 4,
  groupSize: 25,
  leaseSeconds: 25,
  maxAttempts: 11,
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  sweepIntervalMs: 10_000,
  providerTimeoutMs: 15_000,
  stopTimeoutMs: 10_000,
};

/**
 * Delivers the outbox: pg-boss hands out jobs (message ids) with retries and backoff; the Deliverer claims
 * and records each message in the messages table, which stays the one truth about what was sent.
 */
export class MessageWorker {
  readonly options: WorkerOptions;
  private boss: PgBoss | undefined;
  private readonly deliverer: Deliverer;
  private readonly workerIds: string[] = [];
  private sweepTimer: NodeJS.Timeout | undefined;
  private readonly nudge = () => {
    for (const id of this.workerIds) this.boss?.notifyWorker(id);
  };

  constructor(
    private readonly db: Db,
    private readonly transports: Transports,
    options: Partial<WorkerOptions> = {},
    private readonly log: Logger = silentLogger,
  ) {
    this.options = { ...DEFAULT_WORKER_OPTIONS, ...options };
    if (this.options.leaseSeconds < 1) {
      throw new Error('The lease must last at least 1 s: it is renewed every third of it while a send runs');
    }
    this.deliverer = new Deliverer(db, transports, this.options, log);
  }

  async start(): Promise<void> {
    const o = this.options;
    const boss = createBoss(this.db, {
      supervise: true,
      maintenanceIntervalSeconds: o.maintenanceIntervalSeconds,
    });
    boss.on('error', (error: Error) => this.log.error(`pg-boss: ${errorText(error)}`));
    await startBoss(this.db, boss, () => ensureQueue(boss, o, true));
    this.boss = boss;
    for (let i = 0; i < o.concurrency; i++) {
      const id = await boss.work<DeliveryJob>(
        DELIVERY_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: o.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          const { retrying } = await this.deliverer.deliver(job.data);
          // pg-boss waits a polling interval after each job unless notified: a backlog drains without pauses.
          this.nudge();
          // Failing the job makes pg-boss retry it with backoff; the retry takes only what is still queued.
          if (retrying > 0 || this.deliverer.stopping) {
            throw new Error(`${retrying} message(s) to retry`);
          }
        },
      );
      this.workerIds.push(id);
    }
    onEnqueued(this.nudge);
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((error: Error) => this.log.warn(`Outbox sweep failed: ${errorText(error)}`));
    }, o.sweepIntervalMs);
    this.sweepTimer.unref();
    await this.sweep(); // what an earlier process left behind
  }

  /** Enqueues every overdue message (see overdueMessages); returns how many. */
  async sweep(): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    let total = 0;
    for (;;) {
      const ids = await withSystem(this.db, (tx) => overdueMessages(tx, 5000));
      if (ids.length === 0) break;
      await boss.insert(deliveryJobs(ids, PRIORITY.sweep));
      total += ids.length;
      if (ids.length < 5000) break;
    }
    if (total > 0) {
      this.log.info(`Outbox sweep: ${total} message(s) enqueued again`);
      this.nudge();
    }
    return total;
  }

  async stop(): Promise<void> {
    offEnqueued(this.nudge);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.deliverer.stopping = true;
    const boss = this.boss;
    this.boss = undefined;
    // Running jobs finish their current group; pg-boss then fails what is left so it is retried.
    await boss?.stop({ graceful: true, timeout: this.options.stopTimeoutMs, close: false });
    this.transports.email?.close();
    this.transports.sms?.close();
  }
}

export async function startMessageWorker(
  db: Db,
  config: MessagingConfig,
  log: Logger,
  options: Partial<WorkerOptions> = {},
): Promise<MessageWorker> {
  const o = { ...DEFAULT_WORKER_OPTIONS, ...options };
  const worker = new MessageWorker(db, createTransports(config, { timeoutMs: o.providerTimeoutMs }), o, log);
  await worker.start();
  return worker;
}
