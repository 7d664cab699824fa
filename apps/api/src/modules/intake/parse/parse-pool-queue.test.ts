import { afterEach, describe, expect, it } from 'vitest';
import { mappings } from '../intake-test-support.ts';
import { ParsePool, ParseQueueFull } from './parse-pool.ts';

const script = new URL('./fixtures/misbehaving-worker.mjs', import.meta.url);
const job = (mode: string) => ({
  kind: 'csv' as const,
  bytes: new TextEncoder().encode(mode),
  mapping: mappings['001'],
  maxRows: 10,
});
const limits = { timeLimitMs: 30_000, memoryMb: 64, rssLimitMb: 400, script };
let pool: ParsePool | undefined;
afterEach(() => pool?.close());

/** Resolves with the milliseconds from now until the job's answer. */
const timed = async (run: Promise<unknown>) => {
  const started = Date.now();
  await run;
  return Date.now() - started;
};

describe('parse pool queue', () => {
  it("one company's slow files delay another company's small file by at most one job", async () => {
    pool = new ParsePool({ ...limits, size: 1, maxQueued: 20, maxQueuedPerOwner: 10 });
    await pool.run(job('fine'), 'warm-up'); // the parser process is started, as in a running server
    const slowMs = 1_500;
    const slow = [1, 2, 3].map(() => pool?.run(job(`slow:${slowMs}`), 'company-a'));
    await new Promise((resolve) => setTimeout(resolve, 100)); // company A's first file is being read
    expect(pool.status('company-a')).toEqual({ reading: 1, waiting: 2, ahead: 0 });
    const small = pool.run(job('fine'), 'company-b');
    // Company B is served before A's waiting files: nothing of B's company goes first.
    expect(pool.status('company-b')).toEqual({ reading: 0, waiting: 1, ahead: 0 });
    expect(pool.status('company-a')).toMatchObject({ waiting: 2, ahead: 1 });
    const waitedMs = await timed(small);
    console.info(`fair queue: company B's CSV answered after ${waitedMs} ms behind 3 × ${slowMs} ms files`);
    expect(waitedMs).toBeLessThan(slowMs + 1_000); // at most the one file already being read
    const results = await Promise.all(slow);
    expect(results.every((r) => r?.ok)).toBe(true);
  }, 60_000);

  it('turns files away when the queue is full, per company and in all, with a Retry-After', async () => {
    pool = new ParsePool({ ...limits, size: 1, maxQueued: 3, maxQueuedPerOwner: 2 });
    const running = pool.run(job('slow:1500'), 'a');
    const queued = [pool.run(job('fine'), 'a'), pool.run(job('fine'), 'a')];
    const full = pool.run(job('fine'), 'a');
    await expect(full).rejects.toBeInstanceOf(ParseQueueFull);
    await expect(full).rejects.toMatchObject({
      message: 'Your practice already has 2 files waiting to be read; try again when they are done.',
    });
    queued.push(pool.run(job('fine'), 'b')); // another company still gets in: 3 waiting in all
    const allFull = pool.run(job('fine'), 'c');
    await expect(allFull).rejects.toMatchObject({
      message: 'The server is reading many files right now; try again in a minute.',
    });
    expect(((await allFull.catch((e) => e)) as ParseQueueFull).retryAfterSeconds).toBeGreaterThanOrEqual(5);
    // Nothing waiting is lost: every accepted file is read.
    expect((await Promise.all([running, ...queued])).every((r) => r.ok)).toBe(true);
    expect(pool.status('a')).toEqual({ reading: 0, waiting: 0, ahead: 0 });
  }, 60_000);
});
