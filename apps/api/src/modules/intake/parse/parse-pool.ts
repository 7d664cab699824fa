import { Worker } from 'node:worker_threads';
import type { ParseJob, ParseResult } from './parse-intake.ts';

export interface PoolOptions {
  /** Threads parsing at once; more jobs wait their turn. */
  size: number;
  /** A job running longer is stopped (its thread terminated) and answers with `timedOut`. */
  timeLimitMs: number;
  /** Heap cap of each thread, so a decompression bomb fails alone instead of taking the server down. */
  memoryMb: number;
  script?: URL;
}

export type PoolResult = ParseResult | { ok: false; timedOut: true; reason: string };

interface Pending {
  job: ParseJob;
  resolve: (result: PoolResult) => void;
}

const DEFAULT_SCRIPT = new URL('./parse-worker.mjs', import.meta.url);

/**
 * Parsing runs off the request thread: a few long-lived worker threads (starting one costs about a
 * second), each with a time limit per job and a memory cap. A thread that runs over or crashes is
 * replaced; the request gets the reason and the server carries on.
 */
export class ParsePool {
  private readonly idle: Worker[] = [];
  private readonly queue: Pending[] = [];
  private readonly active = new Set<Worker>();
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  run(job: ParseJob): Promise<PoolResult> {
    if (this.closed) return Promise.reject(new Error('The parse pool is closed.'));
    return new Promise((resolve) => {
      this.queue.push({ job, resolve });
      this.next();
    });
  }

  private spawn(): Worker {
    const worker = new Worker(this.options.script ?? DEFAULT_SCRIPT, {
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb },
      stdout: false,
      stderr: false,
    });
    worker.unref(); // an idle parser never keeps the process alive
    return worker;
  }

  private next(): void {
    while (this.queue.length > 0 && this.active.size < this.options.size) {
      const pending = this.queue.shift() as Pending;
      this.start(this.idle.pop() ?? this.spawn(), pending);
    }
  }

  private start(worker: Worker, { job, resolve }: Pending): void {
    this.active.add(worker);
    let settled = false;
    const finish = (result: PoolResult, reusable: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      this.active.delete(worker);
      if (reusable && !this.closed) this.idle.push(worker);
      else void worker.terminate();
      resolve(result);
      this.next();
    };
    const onMessage = (result: ParseResult) => finish(result, true);
    const onError = (error: Error & { code?: string }) =>
      finish(
        {
          ok: false,
          reason:
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? 'The file needs too much memory to read and was not imported.'
              : 'The file could not be read.',
        },
        false,
      );
    const onExit = () => finish({ ok: false, reason: 'The file could not be read.' }, false);
    const timer = setTimeout(() => {
      const seconds = Math.round(this.options.timeLimitMs / 100) / 10;
      finish(
        {
          ok: false,
          timedOut: true,
          reason: `Reading the file took longer than ${seconds} s; it was not imported.`,
        },
        false,
      );
    }, this.options.timeLimitMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    const bytes = job.bytes.slice(); // a copy of its own, moved to the thread without another copy
    worker.postMessage({ ...job, bytes }, [bytes.buffer]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0))
      pending.resolve({ ok: false, reason: 'The server is stopping.' });
    const workers = [...this.idle.splice(0), ...this.active];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
