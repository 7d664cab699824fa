import { EventEmitter } from 'node:events';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { type Db, needsTransactionPerStatement } from '../../../db/connect.ts';
import type { App } from '../../../lib/deps.ts';
import { errorText } from '../../../lib/log-safety.ts';

/** One pg-boss queue carries every delivery; a job names up to JOB_SIZE message ids. */
export const DELIVERY_QUEUE = 'message-delivery';
export const JOB_SIZE = 100;
/** A person waiting on one e-mail or SMS goes ahead of a bulk send's backlog. */
export const PRIORITY = { single: 10, sweep: 5, bulk: 0 } as const;

/** A stretch of one bulk send's message ids (one INSERT's, in order; other messages may lie between). */
export interface IdRange {
  companyId: number;
  bulkSendId: number;
  from: number;
  to: number;
}

/** Either message ids (single sends, the sweep) or a bulk send's id range: 200,000 ids need no list. */
export interface DeliveryJob {
  ids?: number[];
  range?: IdRange;
}

export interface QueueOptions {
  retryLimit: number;
  retryDelaySeconds: number;
  /** pg-boss fails (and retries) a job still active after this long, e.g. when its worker died. */
  expireInSeconds: number;
}

export const DEFAULT_QUEUE_OPTIONS: QueueOptions = {
  retryLimit: 10,
  retryDelaySeconds: 15,
  expireInSeconds: 15 * 60,
};

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** The drizzle instance's node-postgres pool: pg-boss shares it (PGlite's socket takes few connections). */
function poolOf(db: Db): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool) throw new Error('The database handle has no node-postgres pool');
  return pool;
}

/**
 * pglite-socket queues protocol messages one by one and keeps only a transaction's messages together, so
 * two connections' parameterised statements (Parse, Bind, Execute…) outside a transaction can interleave
 * ("bind message supplies 1 parameters, but prepared statement requires 6"). There, each parameterised
 * pg-boss statement runs in a transaction of its own; a statement without parameters is one message.
 */
async function executeSql(pool: pg.Pool, wrap: boolean, text: string, values: unknown[] | undefined) {
  if (!wrap || !values?.length) return pool.query(text, values as never[]);
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('begin');
    const result = await client.query(text, values as never[]);
    await client.query('commit');
    return result;
  } catch (error) {
    broken = error as Error;
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * A pg-boss instance over the app's own pool: no second pool (PGlite's socket takes few connections), no
 * LISTEN/NOTIFY (pg-boss 10 polls), transaction-scoped advisory locks: the same on PostgreSQL and PGlite.
 */
export function createBoss(db: Db, options: { supervise: boolean; maintenanceIntervalSeconds?: number }) {
  const pool = poolOf(db);
  const wrap = needsTransactionPerStatement(db); // PostgreSQL keeps each connection's messages apart
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => executeSql(pool, wrap, text, values) },
    supervise: options.supervise,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    schedule: false,
    migrate: true,
  });
  return boss;
}

const START_LOCK = 727_274_002; // any constant: serialises the processes' queue set-up

/**
 * Starts pg-boss and sets up its queues one process at a time: two app processes creating their queues at
 * once deadlocked on PostgreSQL and one of them exited (apps/api/src/test/two-processes.test.ts). The
 * embedded engine serves one process, so it needs no lock.
 */
export async function startBoss(db: Db, boss: PgBoss, setUpQueues: () => Promise<void>): Promise<void> {
  if (needsTransactionPerStatement(db)) {
    await boss.start();
    await setUpQueues();
    return;
  }
  const client = await poolOf(db).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [START_LOCK]);
    try {
      await boss.start();
      await setUpQueues();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [START_LOCK]);
    }
  } finally {
    client.release();
  }
}

export async function ensureQueue(boss: PgBoss, options: QueueOptions, update: boolean): Promise<void> {
  const queue = {
    name: DELIVERY_QUEUE,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds,
  };
  await boss.createQueue(DELIVERY_QUEUE, queue);
  if (update) await boss.updateQueue(DELIVERY_QUEUE, queue);
}

// In-process nudge: a worker in this process fetches at once instead of at its next poll.
const enqueued = new EventEmitter();
enqueued.setMaxListeners(0);
export const onEnqueued = (listener: () => void) => enqueued.on('enqueued', listener);
export const offEnqueued = (listener: () => void) => enqueued.off('enqueued', listener);

type Job = { name: string; data: DeliveryJob; priority: number };

export function deliveryJobs(ids: number[], priority: number): Job[] {
  const jobs: Job[] = [];
  for (let i = 0; i < ids.length; i += JOB_SIZE) {
    jobs.push({ name: DELIVERY_QUEUE, data: { ids: ids.slice(i, i + JOB_SIZE) }, priority });
  }
  return jobs;
}

export function bulkJobs(bulk: {
  companyId: number;
  bulkSendId: number;
  first: number;
  last: number;
}): Job[] {
  const jobs: Job[] = [];
  for (let from = bulk.first; from <= bulk.last; from += JOB_SIZE) {
    const range = {
      companyId: bulk.companyId,
      bulkSendId: bulk.bulkSendId,
      from,
      to: Math.min(bulk.last, from + JOB_SIZE - 1),
    };
    jobs.push({ name: DELIVERY_QUEUE, data: { range }, priority: PRIORITY.bulk });
  }
  return jobs;
}

/** Inserts pg-boss jobs (no workers): the API calls it after a send's transaction commits. */
export class DeliveryPublisher {
  #boss: Promise<PgBoss> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger = silentLogger,
  ) {}

  #started(): Promise<PgBoss> {
    if (!this.#boss) {
      const boss = createBoss(this.db, { supervise: false });
      boss.on('error', (error: Error) => this.log.error(`pg-boss: ${errorText(error)}`));
      this.#boss = boss
        .start()
        .then(() => ensureQueue(boss, DEFAULT_QUEUE_OPTIONS, false))
        .then(() => boss);
      this.#boss.catch(() => {
        this.#boss = undefined; // the next send tries again
      });
    }
    return this.#boss;
  }

  /**
   * Enqueues delivery of committed messages. A failure here loses nothing: the messages are in the table
   * and the worker's sweep enqueues any that no job picked up (docs/decisions/0004-sms-provider.md).
   */
  async enqueue(ids: number[], priority: number): Promise<void> {
    await this.#insert(deliveryJobs(ids, priority));
  }

  /** A bulk send's messages as id ranges: no list of 200,000 ids is built or sent. */
  async enqueueBulk(bulk: {
    companyId: number;
    bulkSendId: number;
    first: number;
    last: number;
  }): Promise<void> {
    await this.#insert(bulkJobs(bulk));
  }

  async #insert(jobs: Job[]): Promise<void> {
    if (jobs.length === 0) return;
    try {
      const boss = await this.#started();
      // pg-boss sends a batch as one JSON parameter: keep each to a few thousand jobs.
      for (let i = 0; i < jobs.length; i += 2000) await boss.insert(jobs.slice(i, i + 2000));
      enqueued.emit('enqueued');
    } catch (error) {
      this.log.warn(`Delivery jobs not enqueued (the sweep will): ${errorText(error)}`);
    }
  }

  async stop(): Promise<void> {
    const pending = this.#boss;
    this.#boss = undefined;
    if (!pending) return;
    const boss = await pending.catch(() => undefined);
    await boss?.stop({ graceful: false, close: false });
  }
}

const publishers = new WeakMap<App, DeliveryPublisher>();

/**
 * The app's one publisher: every route that queues a message enqueues it through the same pg-boss instance
 * right after its transaction commits (the sweep is only the safety net). Stopped when the app closes.
 */
export function appPublisher(app: App, db: Db): DeliveryPublisher {
  let publisher = publishers.get(app);
  if (!publisher) {
    const created = new DeliveryPublisher(db, app.log);
    app.addHook('onClose', () => created.stop());
    publishers.set(app, created);
    publisher = created;
  }
  return publisher;
}
