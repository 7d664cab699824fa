/**
 * PDFs off the event loop (issue 14, point 4): "a 1,000-invoice statement does not delay other requests".
 * One client of the ZA demo company gets --invoices invoices (default 1,000: one to three lines each, the
 * statement PDF tests' shape); another company's admin reads the plain client list (page 1 of 20, the
 * default sort) one request after another over HTTP, --reads times per phase (default 200, after 20
 * warm-up reads):
 *
 * - alone: nothing else runs;
 * - pool: --statements (default 10) clients download the detailed statement over and over at the same time,
 *   drawn by the renderer processes (lib/pdf/pdf-pool.ts, the default pool size for this machine);
 * - inline: the same, drawn on the request thread as before the pool (for comparison; at most 50 reads,
 *   each of which waits seconds);
 * - alone again, to see how the machine's load moved.
 *
 * For each phase: the list's median, p95 and max, the statements finished and their latency, and the
 * event loop's longest stall (perf_hooks.monitorEventLoopDelay). Load averages are printed: the machine is
 * shared, and its load moves the figures.
 *
 *   npx tsx scripts/bench/pdf-concurrency.ts [--invoices 1000] [--statements 10] [--reads 200]
 *   PD_TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx scripts/bench/pdf-concurrency.ts                                         # PostgreSQL server
 *
 * Budget: the list's p95 with the statements running within 50 ms (issue 14's list budget), and close to
 * its p95 alone.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../../apps/api/src/config.ts';
import { renderPdfJob } from '../../apps/api/src/lib/pdf/pdf-jobs.ts';
import { PdfPool, type PdfRenderer, pdfLimits } from '../../apps/api/src/lib/pdf/pdf-pool.ts';
import { giveManyInvoices } from '../../apps/api/src/modules/statements/statement-test-support.ts';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { createTestContext, TEST_ENGINE } from '../../apps/api/src/test/harness.ts';
import { cliFlags } from '../cli-flags.ts';
import { int, keepAliveClient, load, ms, signIn, summarise } from './bench-support.ts';

const args = cliFlags(
  'Usage: npx tsx scripts/bench/pdf-concurrency.ts [--invoices 1000] [--statements 10] [--reads 200]',
  {
    invoices: { type: 'string', default: '1000' },
    statements: { type: 'string', default: '10' },
    reads: { type: 'string', default: '200' },
  },
);
const INVOICES = Number(args.invoices);
const STATEMENTS = Number(args.statements);
const READS = Number(args.reads);
const WARMUP = 20;
const BUDGET_MS = 50;
const PERIOD = { type: 'D', startDate: '2024-01-01', endDate: '2025-12-31' };

const limits = pdfLimits(loadConfig({}));
const pool = new PdfPool(limits);
let inline = false;
/** The pool, or (phase "inline") the renderer called on the request thread, as before the pool. */
const renderer: PdfRenderer = {
  render: (job, companyId) => (inline ? renderPdfJob(job) : pool.render(job, companyId)),
};

async function main() {
  const ctx = await createTestContext({ pdf: renderer });
  const { app } = ctx;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const client = keepAliveClient(baseUrl, STATEMENTS + 2);
    const za = await signIn(baseUrl, 'za.admin', DEMO_PASSWORD);
    const uk = await signIn(baseUrl, 'uk.admin', DEMO_PASSWORD);
    const me = async (auth: Record<string, string>) =>
      JSON.parse((await client.request('GET', '/api/auth/ping', auth)).body) as { companyId: number };
    const zaCompany = (await me(za)).companyId;
    const ukCompany = (await me(uk)).companyId;
    const listPath = (companyId: number) => `/api/client1/company/${companyId}/lazy?page=1&size=20`;
    const zaClients = JSON.parse((await client.request('GET', listPath(zaCompany), za)).body) as {
      content: { id: number }[];
    };
    const clientId = zaClients.content[9]?.id;
    if (!clientId) throw new Error('the ZA demo company has fewer than 10 clients');
    const setupStarted = performance.now();
    await giveManyInvoices(ctx, zaCompany, clientId, INVOICES);
    await ctx.database.pool.query('analyze invoices, invoice_lines');
    const setupMs = performance.now() - setupStarted;

    const statementBody = JSON.stringify(PERIOD);
    const statement = async () => {
      const res = await client.request(
        'POST',
        `/api/statement/${clientId}/download`,
        {
          ...za,
          'content-type': 'application/json',
        },
        statementBody,
      );
      if (res.status !== 200) throw new Error(`statement: ${res.status} ${res.body.slice(0, 200)}`);
      return res.body.length;
    };
    const list = async () => {
      const res = await client.request('GET', listPath(ukCompany), uk);
      if (res.status !== 200) throw new Error(`list: ${res.status} ${res.body.slice(0, 200)}`);
    };

    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `# PDFs off the event loop, ${TEST_ENGINE === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)'}, ${when} UTC`,
    );
    const pdfBytes = await statement(); // also starts the renderer process
    console.log(
      `set-up ${int(setupMs)} ms: client ${clientId} has ${int(INVOICES)} invoices; the detailed statement is ` +
        `${int(pdfBytes)} bytes; renderer processes: ${limits.size}; list reads: ${READS} per phase ` +
        `(after ${WARMUP}), one at a time, another company's admin; load average ${load()}`,
    );

    const phase = async (name: string, statements: number, reads = READS) => {
      for (let i = 0; i < WARMUP; i++) await list();
      let stop = false;
      const pdfTimes: number[] = [];
      const downloaders = Array.from({ length: statements }, async () => {
        while (!stop) {
          const t = performance.now();
          await statement();
          pdfTimes.push(performance.now() - t);
        }
      });
      if (statements > 0) await new Promise((r) => setTimeout(r, 500)); // every downloader under way
      const loadAtStart = loadavg()[0] ?? 0;
      const stalls = monitorEventLoopDelay({ resolution: 10 });
      stalls.enable();
      const times: number[] = [];
      for (let i = 0; i < reads; i++) {
        const t = performance.now();
        await list();
        times.push(performance.now() - t);
      }
      stalls.disable();
      const loadAtEnd = loadavg()[0] ?? 0;
      stop = true;
      await Promise.all(downloaders);
      const l = summarise(times);
      const p = summarise(pdfTimes);
      return {
        name,
        reads,
        list: l,
        pdfs: pdfTimes.length,
        pdf: p,
        stallMs: stalls.max / 1e6,
        load: `${loadAtStart.toFixed(2)} → ${loadAtEnd.toFixed(2)}`,
      };
    };

    const results = [];
    results.push(await phase('alone', 0));
    results.push(await phase(`${STATEMENTS} statements, renderer processes`, STATEMENTS));
    inline = true;
    // Each read waits seconds here: fewer of them, enough for the comparison.
    const before = `${STATEMENTS} statements, drawn on the request thread (before)`;
    results.push(await phase(before, STATEMENTS, Math.min(READS, 50)));
    inline = false;
    results.push(await phase('alone, again', 0));

    const lines = [
      '| phase | list reads | list median ms | list p95 ms | list max ms | statements done | statement median ms | statement p95 ms | longest event-loop stall ms | load (1 min) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.reads} | ${ms(r.list.median)} | ${ms(r.list.p95)} | ${ms(r.list.max)} | ${r.pdfs || '–'} | ` +
          `${r.pdfs ? ms(r.pdf.median) : '–'} | ${r.pdfs ? ms(r.pdf.p95) : '–'} | ${ms(r.stallMs)} | ${r.load} |`,
      ),
    ];
    const alone = results[0]?.list.p95 ?? Number.NaN;
    const withPool = results[1]?.list.p95 ?? Number.NaN;
    lines.push(
      '',
      `list p95: ${ms(withPool)} ms beside ${STATEMENTS} statements in the renderer processes, ${ms(alone)} ms alone ` +
        `(${(withPool / alone).toFixed(2)}×); budget ${BUDGET_MS} ms: ${withPool <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
      `load average now ${load()}`,
    );
    console.log(`\n${lines.join('\n')}`);
    client.close();
    if (withPool > BUDGET_MS) process.exitCode = 1;
  } finally {
    await ctx.close();
    await pool.close();
  }
}

await main();
