import type { Db } from '../../db/connect.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import { errorText } from '../../lib/log-safety.ts';
import { PeriodicJob } from '../messaging/delivery/periodic-job.ts';
import { DeliveryPublisher, type Logger, PRIORITY, silentLogger } from '../messaging/delivery/queue.ts';
import { companiesWithDue } from './dispatch.queries.ts';
import { type DispatchHooks, dispatchBatch } from './dispatch.ts';

export const REMINDER_QUEUE = 'reminder-dispatch';

export interface DispatchOptions {
  /** Dispatches one transaction takes. */
  batchSize: number;
  /** Where a company whose batch failed is reported (the run goes on with the others); unset: it throws. */
  log?: Logger;
  hooks?: DispatchHooks & {
    /** Runs after a batch committed and before its messages are enqueued (the crash test kills there). */
    afterCommit?: (messageIds: number[]) => Promise<void>;
  };
}

/**
 * Dispatches every due reminder of every company, a batch per transaction, and enqueues the delivery of
 * what each batch queued once it has committed (a crash in between loses nothing: the outbox sweep
 * enqueues messages no job picked up). Answers how many dispatches were settled and messages queued.
 */
export async function dispatchDue(
  db: Db,
  options: DispatchOptions,
  enqueue: (messageIds: number[]) => Promise<void>,
) {
  let settled = 0;
  let messages = 0;
  const failed = new Set<number>();
  for (let round = 0; round < 1000; round++) {
    const due = await withSystem(db, (tx) => companiesWithDue(tx, 500));
    const companies = due.filter((id) => !failed.has(id));
    let progressed = false;
    for (const companyId of companies) {
      try {
        for (;;) {
          const outcome = await withTenant(db, companyId, (tx) =>
            dispatchBatch(tx, companyId, options.batchSize, options.hooks),
          );
          await options.hooks?.afterCommit?.(outcome.messageIds);
          if (outcome.messageIds.length > 0) await enqueue(outcome.messageIds);
          settled += outcome.settled;
          messages += outcome.messageIds.length;
          if (outcome.settled > 0) progressed = true;
          if (outcome.claimed < options.batchSize) break;
        }
      } catch (error) {
        // One company's failure (its batch rolled back, its rows still pending) does not hold up the others.
        if (!options.log) throw error;
        options.log.error(`Reminders of company ${companyId} not dispatched: ${errorText(error)}`);
        failed.add(companyId);
      }
    }
    // Nothing due, or only rows another dispatcher or a booking change holds: the next tick tries again.
    if (!progressed) break;
  }
  return { settled, messages };
}

export interface DispatcherOptions extends DispatchOptions {
  /** How often due reminders are looked for. */
  tickMs: number;
  pollingIntervalSeconds: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  batchSize: 200,
  tickMs: 30_000,
  pollingIntervalSeconds: 5,
};

/**
 * The reminder schedule: every tick (and at start) one pg-boss job on a stately queue (at most one queued
 * and one running across all processes) dispatches what is due. The once-guarantee does not rest on it:
 * rows are claimed FOR UPDATE SKIP LOCKED, so dispatchers running side by side never take the same row.
 */
export class ReminderDispatcher {
  readonly options: DispatcherOptions;
  private readonly publisher: DeliveryPublisher;
  private readonly schedule: PeriodicJob;

  constructor(
    private readonly db: Db,
    private readonly log: Logger = silentLogger,
    options: Partial<DispatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, log, ...options };
    this.publisher = new DeliveryPublisher(db, log);
    this.schedule = new PeriodicJob(
      db,
      log,
      { ...this.options, queue: REMINDER_QUEUE, label: 'reminders' },
      async () => {
        const outcome = await this.run();
        if (outcome.messages > 0) this.log.info(`Reminders: ${outcome.messages} message(s) queued`);
      },
    );
  }

  /** One run now, without pg-boss (tests, the retry of a failed reminder). */
  run() {
    return dispatchDue(this.db, this.options, (ids) => this.publisher.enqueue(ids, PRIORITY.single));
  }

  start(): Promise<void> {
    return this.schedule.start();
  }

  /** Asks for a run; while one is queued already, this adds nothing. */
  tick(): Promise<void> {
    return this.schedule.tick();
  }

  async stop(): Promise<void> {
    await this.schedule.stop();
    await this.publisher.stop();
  }
}

export async function startReminderDispatcher(db: Db, log: Logger): Promise<ReminderDispatcher> {
  const dispatcher = new ReminderDispatcher(db, log);
  await dispatcher.start();
  return dispatcher;
}
