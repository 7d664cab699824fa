import { ChildPool, type ChildPoolOptions } from '../../../lib/child-pool/child-pool.ts';
import type { ChildFailure, ChildLimits } from '../../../lib/child-pool/pool-child.ts';
import type { ParseJob, ParseResult } from './parse-intake.ts';

// The shared pool's QueueFull, under the name the intake code knows it by.
export { QueueFull as ParseQueueFull } from '../../../lib/child-pool/child-pool.ts';

export interface PoolOptions extends ChildLimits, Pick<ChildPoolOptions, 'maxQueued' | 'maxQueuedPerOwner'> {
  /** Child processes parsing at once; more files wait their turn. */
  size: number;
  script?: URL;
}

export type PoolResult = ParseResult | { ok: false; timedOut: true; reason: string };

/** What one company sees of the pool while its files wait (the import panel shows it). */
export interface QueueStatus {
  /** The company's files being read now. */
  reading: number;
  /** The company's files waiting for a free parser. */
  waiting: number;
  /** Files (any company's) that will be started before the company's next waiting file. */
  ahead: number;
}

export const REASONS = {
  memory: 'The file needs too much memory to read and was not imported.',
  broken: 'The file could not be read.',
  timedOut: (ms: number) =>
    `Reading the file took longer than ${Math.round(ms / 100) / 10} s; it was not imported.`,
  stopping: 'The server is stopping.',
};

const DEFAULT_SCRIPT = new URL('./parse-worker.mjs', import.meta.url);

/**
 * Intake parsing in the shared child pool (lib/child-pool: child processes with memory and time caps, a
 * fair queue per company, bounded): each file's answer, or the reason it cannot be imported.
 */
export class ParsePool {
  private readonly pool: ChildPool<ParseJob, ParseResult>;

  constructor(private readonly options: PoolOptions) {
    this.pool = new ChildPool({
      ...options,
      script: options.script ?? DEFAULT_SCRIPT,
      turnedAway: {
        owner: (waiting) =>
          `Your practice already has ${waiting === 1 ? 'a file' : `${waiting} files`} waiting to be read; try again when ${waiting === 1 ? 'it is' : 'they are'} done.`,
        all: 'The server is reading many files right now; try again in a minute.',
      },
    });
  }

  async run(job: ParseJob, owner: string | number = 'default'): Promise<PoolResult> {
    const outcome = await this.pool.run(job, owner);
    return outcome.ok ? outcome.answer : this.failed(outcome.failure);
  }

  private failed(failure: ChildFailure): PoolResult {
    switch (failure) {
      case 'timedOut':
        return { ok: false, timedOut: true, reason: REASONS.timedOut(this.options.timeLimitMs) };
      case 'memory':
        return { ok: false, reason: REASONS.memory };
      case 'stopping':
        return { ok: false, reason: REASONS.stopping };
      default:
        return { ok: false, reason: REASONS.broken };
    }
  }

  status(owner: string | number): QueueStatus {
    const { running, waiting, ahead } = this.pool.status(owner);
    return { reading: running, waiting, ahead };
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
