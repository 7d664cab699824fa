import { type ChildLimits, type ChildOutcome, PoolChild } from './pool-child.ts';

export interface ChildPoolOptions extends ChildLimits {
  /** The child's entry (it answers one message per job; see pool-child.ts). */
  script: URL;
  /** Child processes working at once; more jobs wait their turn. */
  size: number;
  /** Jobs waiting, all owners together; past it a job is turned away (QueueFull). */
  maxQueued: number;
  /** Jobs one owner (a company) may have waiting; past it that owner's next job is turned away. */
  maxQueuedPerOwner: number;
  /** What the caller is told when a job is turned away: the owner's queue is full, or the whole queue is. */
  turnedAway: { owner: (waiting: number) => string; all: string };
}

/** The pool's queue is full: the caller answers 429 with this message and a Retry-After. */
export class QueueFull extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** What one owner sees of the pool while its jobs wait. */
export interface OwnerStatus {
  /** The owner's jobs being worked on now. */
  running: number;
  /** The owner's jobs waiting for a free child. */
  waiting: number;
  /** Jobs (any owner's) that will be started before the owner's next waiting job. */
  ahead: number;
}

interface Pending<Job, Answer> {
  job: Job;
  owner: string;
  resolve: (outcome: ChildOutcome<Answer>) => void;
}

/**
 * Work that must not run on the request thread (intake parsing, PDF rendering) runs in a few long-lived
 * child processes (pool-child.ts: memory and time caps; a dead child is replaced by a new one). Waiting jobs
 * are queued per owner (a company) and served fairly: a free child takes the next job of the owner with the
 * fewest jobs running, the one served longest ago on a tie, so one company's many slow jobs delay another
 * company's job by at most one job. The queue is bounded per owner and in all.
 */
export class ChildPool<Job, Answer> {
  private readonly idle: PoolChild<Job, Answer>[] = [];
  private readonly queues = new Map<string, Pending<Job, Answer>[]>();
  private readonly running = new Map<string, number>();
  private readonly lastServed = new Map<string, number>();
  private readonly active = new Set<PoolChild<Job, Answer>>();
  private served = 0;
  private queued = 0;
  private closed = false;

  constructor(private readonly options: ChildPoolOptions) {}

  run(job: Job, owner: string | number = 'default'): Promise<ChildOutcome<Answer>> {
    if (this.closed) return Promise.reject(new Error('The pool is closed.'));
    const key = String(owner);
    const waiting = this.queues.get(key)?.length ?? 0;
    const busy = this.active.size >= this.options.size;
    if (busy && waiting >= this.options.maxQueuedPerOwner) {
      return Promise.reject(new QueueFull(this.options.turnedAway.owner(waiting), this.retryAfterSeconds()));
    }
    if (busy && this.queued >= this.options.maxQueued) {
      return Promise.reject(new QueueFull(this.options.turnedAway.all, this.retryAfterSeconds()));
    }
    return new Promise((resolve) => {
      this.queues.set(key, [...(this.queues.get(key) ?? []), { job, owner: key, resolve }]);
      this.queued += 1;
      this.next();
    });
  }

  /** A rough wait: the queue ahead at a few seconds a job, across the children. */
  private retryAfterSeconds(): number {
    return Math.min(120, Math.max(5, Math.ceil((this.queued * 3) / this.options.size)));
  }

  status(owner: string | number): OwnerStatus {
    const key = String(owner);
    const waiting = this.queues.get(key)?.length ?? 0;
    const order = this.serviceOrder();
    const mine = order.indexOf(key);
    // Round by round each owner with jobs waiting gets one start; count the starts before ours.
    const ahead = waiting === 0 ? 0 : Math.max(0, mine);
    return { running: this.running.get(key) ?? 0, waiting, ahead };
  }

  /** Owners with jobs waiting, in the order a free child would serve them. */
  private serviceOrder(): string[] {
    const owners = [...this.queues.keys()];
    return owners.sort(
      (a, b) =>
        (this.running.get(a) ?? 0) - (this.running.get(b) ?? 0) ||
        (this.lastServed.get(a) ?? -1) - (this.lastServed.get(b) ?? -1),
    );
  }

  private take(): Pending<Job, Answer> | undefined {
    const owner = this.serviceOrder()[0];
    if (owner === undefined) return undefined;
    const queue = this.queues.get(owner) ?? [];
    const pending = queue.shift();
    if (queue.length === 0) this.queues.delete(owner);
    this.queued -= 1;
    this.lastServed.set(owner, ++this.served);
    return pending;
  }

  private next(): void {
    while (this.queued > 0 && this.active.size < this.options.size) {
      const pending = this.take();
      if (!pending) return;
      void this.start(this.idleChild() ?? this.spawn(), pending);
    }
  }

  private spawn(): PoolChild<Job, Answer> {
    return new PoolChild(this.options.script, this.options);
  }

  /** A waiting child still alive (one may have died while idle). */
  private idleChild(): PoolChild<Job, Answer> | undefined {
    for (let child = this.idle.pop(); child; child = this.idle.pop()) if (!child.dead) return child;
    return undefined;
  }

  private async start(child: PoolChild<Job, Answer>, { job, owner, resolve }: Pending<Job, Answer>) {
    this.active.add(child);
    this.running.set(owner, (this.running.get(owner) ?? 0) + 1);
    const outcome = await child.run(job);
    this.active.delete(child);
    const left = (this.running.get(owner) ?? 1) - 1;
    if (left > 0) this.running.set(owner, left);
    else this.running.delete(owner);
    if (!child.dead && !this.closed) this.idle.push(child);
    else child.kill();
    resolve(outcome);
    this.next();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const queue of this.queues.values())
      for (const pending of queue) pending.resolve({ ok: false, failure: 'stopping' });
    this.queues.clear();
    this.queued = 0;
    for (const child of [...this.idle.splice(0), ...this.active]) child.kill();
  }
}
