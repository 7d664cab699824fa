import { PDF_MESSAGES } from '@pd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfPool, type PdfRenderer } from '../../lib/pdf/pdf-pool.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, countRows, pdfText, type Session } from '../invoices/invoice-test-support.ts';
import { giveManyInvoices } from './statement-test-support.ts';

const limits = { size: 1, memoryMb: 256, rssLimitMb: 512, maxQueued: 20, maxQueuedPerOwner: 10 };
const misbehaving = new URL('../../lib/pdf/fixtures/misbehaving-pdf-worker.mjs', import.meta.url);

/** The renderer the app is given: the pool each test picks, with the time span of every render. */
let pool = new PdfPool({ ...limits, timeLimitMs: 60_000 });
const renders: { startedMs: number; endedMs: number }[] = [];
const renderer: PdfRenderer = {
  async render(job, companyId) {
    const startedMs = performance.now();
    try {
      return await pool.render(job, companyId);
    } finally {
      renders.push({ startedMs, endedMs: performance.now() });
    }
  },
};

let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let bigClient: number;
let smallClient: number;

const detailed = { type: 'D', startDate: '2024-01-01', endDate: '2025-12-31' };
const download = (clientId: number, body: object) =>
  call.call('POST', `/api/statement/${clientId}/download`, za, body);

beforeAll(async () => {
  ctx = await createTestContext({ pdf: renderer });
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  const clients = await call.clientIds(za);
  bigClient = clients[9] ?? 0;
  smallClient = clients[0] ?? 0;
  await giveManyInvoices(ctx, za.user.companyId, bigClient, 1000);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await pool.close();
});

describe('PDFs are drawn off the request thread', () => {
  it("answers other users' requests while a 1,000-invoice statement renders", async () => {
    expect((await download(smallClient, detailed)).statusCode).toBe(200); // the renderer process is started
    renders.length = 0;
    let done = false;
    const statement = download(bigClient, detailed).finally(() => {
      done = true;
    });
    // Meanwhile another company's user keeps asking for something cheap (the session check reads the database).
    const answered: { startedMs: number; endedMs: number }[] = [];
    while (!done) {
      const startedMs = performance.now();
      const res = await call.get('/api/auth/ping', uk);
      expect(res.statusCode).toBe(200);
      answered.push({ startedMs, endedMs: performance.now() });
    }
    const res = await statement;
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Detailed statement');
    expect(text.match(/Invoice, due/g)?.length).toBe(1000);

    const [render] = renders;
    if (!render) throw new Error('the statement was not rendered through the renderer');
    // Drawn on the request thread, the statement would hold the event loop for the whole render: no
    // request could start and finish inside it. Drawn in a renderer process, many do.
    const inside = answered.filter((a) => a.startedMs >= render.startedMs && a.endedMs <= render.endedMs);
    const slowestMs = Math.max(0, ...inside.map((a) => a.endedMs - a.startedMs));
    console.info(
      `statement rendered in ${Math.round(render.endedMs - render.startedMs)} ms; ${inside.length} pings ` +
        `answered inside that time, the slowest in ${Math.round(slowestMs)} ms`,
    );
    expect(inside.length).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('a renderer that crashes answers 503 in the error shape; nothing is e-mailed, and the next PDF renders', async () => {
    await pool.close();
    pool = new PdfPool({ ...limits, timeLimitMs: 60_000, script: misbehaving });
    const messages = await countRows(ctx, 'messages');
    const crashing = { type: 'C', startDate: '1999-01-01', endDate: '2025-12-31' };
    const res = await download(smallClient, crashing);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: PDF_MESSAGES.failed,
      requestId: expect.any(String),
    });
    const email = await call.call('POST', `/api/statement/${smallClient}/email`, za, crashing);
    expect(email.statusCode).toBe(503);
    expect(await countRows(ctx, 'messages')).toBe(messages); // the message's transaction was rolled back

    const next = await download(smallClient, detailed);
    expect(next.statusCode).toBe(200);
    expect(await pdfText(next.rawPayload)).toContain('Statement of account');
  }, 120_000);

  it('a renderer past its time limit is stopped: 503 in the error shape, and the next PDF renders', async () => {
    await pool.close();
    pool = new PdfPool({ ...limits, timeLimitMs: 1_000, script: misbehaving });
    expect((await download(smallClient, detailed)).statusCode).toBe(200); // started, within its time
    const started = Date.now();
    const res = await download(smallClient, { type: 'C', startDate: '1999-01-02', endDate: '2025-12-31' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: PDF_MESSAGES.timedOut });
    expect(Date.now() - started).toBeLessThan(30_000);

    const next = await call.get(`/api/unpaid/client/${smallClient}`, za); // still serving
    expect(next.statusCode).toBe(200);
    const again = await download(smallClient, detailed);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);
});
