import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface ChildLimits {
  /** V8 heap cap of the child (--max-old-space-size). */
  memoryMb: number;
  /** Resident memory cap of the whole child (heap, ArrayBuffers, zlib): past it the child is killed. */
  rssLimitMb: number;
  /** A job running longer is stopped: the child is killed. */
  timeLimitMs: number;
  /** Niceness of the child (0–19, default 0): above 0, requests on the server's thread win the CPU. */
  niceness?: number;
}

/** Why a job has no answer: the child died, passed its memory cap, ran past its time, or the pool closed. */
export type ChildFailure = 'crashed' | 'memory' | 'timedOut' | 'stopping';

export type ChildOutcome<R> = { ok: true; answer: R } | { ok: false; failure: ChildFailure };

/** A child that has not started within this (a loaded machine) is given up; the job's clock starts after. */
const STARTUP_LIMIT_MS = 30_000;
const PAGE_BYTES = 4096;
const WATCH_MS = 20;

/** The child's resident set in MB, from /proc (Linux); null where there is no /proc. */
function residentMb(pid: number): number | null {
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return (pages * PAGE_BYTES) / 2 ** 20;
  } catch {
    return null;
  }
}

/** Raising a process's niceness needs no privilege; where the system refuses, the child runs as it is. */
function lowerPriority(pid: number, niceness: number) {
  try {
    setPriority(pid, niceness);
  } catch {
    // not allowed here: same priority as the server
  }
}

/**
 * One child process of a pool (child-pool.ts). It sends one message when it is ready, then answers each
 * job message with one message. A worker thread's heap cap does not count ArrayBuffers, and a thread shares
 * the server's memory; a process of its own has its own heap cap, and its resident memory is watched every
 * 20 ms while a job runs: past the cap, or past the time limit, it is killed (SIGKILL) and the job answers
 * with the failure. The server's own memory is never touched.
 */
export class PoolChild<Job, Answer> {
  private readonly proc: ChildProcess;
  private readonly ready: Promise<boolean>;
  busy = false;
  dead = false;

  constructor(
    script: URL,
    private readonly limits: ChildLimits,
  ) {
    this.proc = fork(fileURLToPath(script), [], {
      execArgv: [`--max-old-space-size=${limits.memoryMb}`],
      serialization: 'advanced', // Uint8Array over the channel
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    this.proc.unref();
    this.proc.channel?.unref(); // an idle child never keeps the server alive
    if (limits.niceness && this.proc.pid !== undefined) lowerPriority(this.proc.pid, limits.niceness);
    this.proc.once('exit', () => {
      this.dead = true;
    });
    this.ready = new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), STARTUP_LIMIT_MS);
      this.proc.once('message', () => {
        clearTimeout(timer);
        resolve(true);
      });
      this.proc.once('exit', () => resolve(false));
    });
  }

  async run(job: Job): Promise<ChildOutcome<Answer>> {
    this.busy = true;
    try {
      if (!(await this.ready) || this.dead) {
        this.kill();
        return { ok: false, failure: 'crashed' };
      }
      return await this.send(job);
    } finally {
      this.busy = false;
    }
  }

  private send(job: Job): Promise<ChildOutcome<Answer>> {
    const proc = this.proc;
    return new Promise((resolve) => {
      let overMemory = false;
      /** A child that answered takes the next job; one that died, hung or overran is killed. */
      const finish = (outcome: ChildOutcome<Answer>) => {
        clearTimeout(timer);
        clearInterval(watch);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        if (!outcome.ok) this.kill();
        resolve(outcome);
      };
      const onMessage = (answer: Answer) => finish({ ok: true, answer });
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        // V8 aborts when the heap cap is reached (SIGABRT, or exit code 134 through a shell).
        finish({
          ok: false,
          failure: overMemory || signal === 'SIGABRT' || code === 134 ? 'memory' : 'crashed',
        });
      const timer = setTimeout(() => finish({ ok: false, failure: 'timedOut' }), this.limits.timeLimitMs);
      const watch = setInterval(() => {
        const mb = proc.pid === undefined ? null : residentMb(proc.pid);
        if (mb !== null && mb > this.limits.rssLimitMb) {
          overMemory = true;
          proc.kill('SIGKILL'); // the exit answers with the memory failure
        }
      }, WATCH_MS);
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      proc.send(job as object);
    });
  }

  kill(): void {
    this.dead = true;
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGKILL');
  }
}
