import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { mappings, upload, writtenCounts } from './intake-test-support.ts';
import { bombPdf } from './samples/bomb-pdf.ts';
import { samplePatient } from './samples/patients.ts';
import { samplePdf } from './samples/sample-files.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let bomb: Uint8Array;
beforeAll(async () => {
  [ctx, bomb] = await Promise.all([createTestContext(), bombPdf(1 << 30)]);
  za = await login(ctx.app, 'za.reception');
}, 60_000);
afterAll(() => ctx.close());

/** The highest resident set size of this process (the server) while `work` runs, sampled every 10 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; baseMb: number }> {
  const baseMb = process.memoryUsage().rss / 2 ** 20;
  let peakMb = baseMb;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, process.memoryUsage().rss / 2 ** 20);
  }, 10);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peakMb, process.memoryUsage().rss / 2 ** 20), baseMb };
  } finally {
    clearInterval(timer);
  }
}

describe('a PDF decompression bomb', () => {
  it('is refused within 2 s with the reason, without the server growing by hundreds of MB', async () => {
    expect(bomb.length).toBeLessThan(10_000); // a few kilobytes that inflate to 1 GB
    // A normal PDF first: it still imports, and the parser is warm as it would be in a running server.
    const pdf = await samplePdf(mappings['001'], samplePatient(1, 'bomb'), { fillable: false });
    const normal = await upload(ctx.app, za, '001', 'intake.pdf', pdf);
    expect(normal.statusCode, normal.body).toBe(200);

    const before = await writtenCounts(ctx, za.user.companyId);
    const started = Date.now();
    const { result: res, peakMb, baseMb } = await peakRss(() => upload(ctx.app, za, '001', 'bomb.pdf', bomb));
    const seconds = (Date.now() - started) / 1000;
    console.info(
      `bomb: answered ${res.statusCode} in ${seconds.toFixed(2)} s; RSS ${baseMb.toFixed(0)} → peak ${peakMb.toFixed(0)} MB`,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('unpacks to more than'),
      fields: [{ path: 'file', message: expect.stringContaining('compression bomb') }],
    });
    expect(seconds).toBeLessThan(2);
    expect(peakMb - baseMb).toBeLessThan(100);
    expect(await writtenCounts(ctx, za.user.companyId)).toEqual(before);
  }, 60_000);
});
