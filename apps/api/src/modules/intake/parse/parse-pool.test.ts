import { afterEach, describe, expect, it } from 'vitest';
import { mappings } from '../intake-test-support.ts';
import { samplePatients } from '../samples/patients.ts';
import { sampleCsv } from '../samples/sample-files.ts';
import { ParsePool } from './parse-pool.ts';

const script = new URL('./fixtures/misbehaving-worker.mjs', import.meta.url);
const limits = { maxQueued: 20, maxQueuedPerOwner: 10, rssLimitMb: 400, script };
const job = (mode: string) => ({
  kind: 'csv' as const,
  bytes: new TextEncoder().encode(mode),
  mapping: mappings['001'],
  maxRows: 10,
});
let pool: ParsePool | undefined;
afterEach(() => pool?.close());

describe('parse pool', () => {
  it('stops a file that runs past its time limit, and the next file is read as usual', async () => {
    pool = new ParsePool({ size: 1, timeLimitMs: 300, memoryMb: 64, ...limits });
    const started = Date.now();
    const hung = pool.run(job('hang'));
    const next = pool.run(job('fine')); // queued behind the hung one
    expect(await hung).toEqual({
      ok: false,
      timedOut: true,
      reason: 'Reading the file took longer than 0.3 s; it was not imported.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await next).toMatchObject({ ok: true, rows: [{ values: { mode: 'fine' } }] });
  });

  it('keeps the request thread free while a file is parsed', async () => {
    pool = new ParsePool({ size: 1, timeLimitMs: 1_000, memoryMb: 64, ...limits });
    const hung = pool.run(job('hang'));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    await hung;
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10); // the event loop kept running during the busy second
  });

  it('kills a parser whose memory outside the heap (ArrayBuffers) passes the cap', async () => {
    pool = new ParsePool({ size: 1, timeLimitMs: 20_000, memoryMb: 64, ...limits, rssLimitMb: 200 });
    const started = Date.now();
    expect(await pool.run(job('buffers'))).toEqual({
      ok: false,
      reason: 'The file needs too much memory to read and was not imported.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await pool.run(job('fine'))).toMatchObject({ ok: true });
  });

  it('answers with a reason when a parser process crashes or runs out of heap', async () => {
    pool = new ParsePool({ size: 1, timeLimitMs: 20_000, memoryMb: 32, ...limits });
    expect(await pool.run(job('crash'))).toEqual({ ok: false, reason: 'The file could not be read.' });
    expect(await pool.run(job('oom'))).toEqual({
      ok: false,
      reason: 'The file needs too much memory to read and was not imported.',
    });
    expect(await pool.run(job('fine'))).toMatchObject({ ok: true });
  });

  it('replaces a parser that died while idle instead of failing the next file', async () => {
    pool = new ParsePool({ size: 1, timeLimitMs: 20_000, memoryMb: 64, ...limits });
    expect(await pool.run(job('exit-after-answer'))).toMatchObject({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await pool.run(job('fine'))).toMatchObject({ ok: true, rows: [{ values: { mode: 'fine' } }] });
  });

  it('parses real files in the real worker, several at once', async () => {
    pool = new ParsePool({
      size: 2,
      timeLimitMs: 20_000,
      memoryMb: 256,
      rssLimitMb: 512,
      maxQueued: 5,
      maxQueuedPerOwner: 5,
    });
    const csv = new TextEncoder().encode(sampleCsv(mappings['001'], samplePatients(50, 'pool')));
    const results = await Promise.all(
      [1, 2, 3].map(() => pool?.run({ kind: 'csv', bytes: csv, mapping: mappings['001'], maxRows: 10_000 })),
    );
    for (const r of results) expect(r).toMatchObject({ ok: true, source: 'csv' });
    expect(results.map((r) => (r?.ok ? r.rows.length : 0))).toEqual([50, 50, 50]);
    // The caller's bytes stay usable: the pool moves a copy to the thread.
    expect(csv.length).toBeGreaterThan(0);
  });
});
