import { availableParallelism } from 'node:os';
import { PDF_MESSAGES } from '@pd/contracts';
import type { Config } from '../../config.ts';
import { ChildPool, QueueFull } from '../child-pool/child-pool.ts';
import type { ChildFailure, ChildLimits } from '../child-pool/pool-child.ts';
import { DomainError } from '../errors.ts';
import type { PdfAnswer, PdfJob } from './pdf-jobs.ts';

export type { PdfJob } from './pdf-jobs.ts';

/** What a service needs to turn data into a PDF; the job waits in the company's queue. */
export interface PdfRenderer {
  render(job: PdfJob, companyId: number): Promise<Buffer>;
}

export interface PdfPoolOptions extends ChildLimits {
  size: number;
  maxQueued: number;
  maxQueuedPerOwner: number;
  script?: URL;
  /** Told when a renderer failed a job (crashed, over its limits): the server logs it. */
  onFailure?: (failure: ChildFailure, kind: PdfJob['kind']) => void;
}

/**
 * A 1,000-invoice statement takes 0.15–0.4 s to draw (about 1 s on a heavily loaded machine); a renderer
 * gets 30 s and 512 MB in all. By default at most 10 PDFs of one company and 50 in all wait.
 */
export const pdfLimits = (config: Config) => ({
  size: config.pdf.renderers ?? Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeLimitMs: 30_000,
  // Drawing is batch work: when the cores are short, the server's own requests go first.
  niceness: 10,
  memoryMb: 256,
  rssLimitMb: 512,
  maxQueued: config.pdf.queueTotal,
  maxQueuedPerOwner: config.pdf.queuePerCompany,
});

const DEFAULT_SCRIPT = new URL('./pdf-worker.mjs', import.meta.url);
const RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE: Record<ChildFailure, string> = {
  crashed: PDF_MESSAGES.failed,
  timedOut: PDF_MESSAGES.timedOut,
  memory: PDF_MESSAGES.tooLarge,
  stopping: PDF_MESSAGES.stopping,
};

/**
 * PDFs are drawn in renderer processes (the shared child pool: time and memory caps, a fair queue per
 * company, a dead renderer replaced), so a long statement never holds up other requests on the event loop.
 * A renderer that crashes or overruns answers 503 SERVICE_UNAVAILABLE with Retry-After; a full queue 429.
 */
export class PdfPool implements PdfRenderer {
  private readonly pool: ChildPool<PdfJob, PdfAnswer>;

  constructor(private readonly options: PdfPoolOptions) {
    this.pool = new ChildPool({
      ...options,
      script: options.script ?? DEFAULT_SCRIPT,
      turnedAway: { owner: () => PDF_MESSAGES.practiceQueueFull, all: PDF_MESSAGES.serverQueueFull },
    });
  }

  async render(job: PdfJob, companyId: number): Promise<Buffer> {
    const outcome = await this.pool.run(job, companyId).catch((error: unknown) => {
      if (!(error instanceof QueueFull)) throw error;
      throw new DomainError('TOO_MANY_REQUESTS', 429, error.message, undefined, {
        'retry-after': String(error.retryAfterSeconds),
      });
    });
    if (!outcome.ok) {
      this.options.onFailure?.(outcome.failure, job.kind);
      throw new DomainError('SERVICE_UNAVAILABLE', 503, UNAVAILABLE[outcome.failure], undefined, {
        'retry-after': String(RETRY_AFTER_SECONDS),
      });
    }
    const answer = outcome.answer;
    // A drawing error is a bug of ours: a 500, logged by the error handler.
    if (!answer.ok) throw new Error(`The ${job.kind} PDF could not be drawn: ${answer.error}`);
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
