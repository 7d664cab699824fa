/**
 * Invoice lazy list: the API (HTTP, in-process server) against the exact SQL it runs (node-postgres, same
 * transaction, role and tenant), at --invoices invoices in the largest company. Run on a database seeded
 * with clients (npm run seed -- --clients N); the script adds the invoices it lacks (see docs/benchmarks.md):
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/invoice-list.ts [options]   PostgreSQL server
 *   DATA_DIR=/path/to/data    npx tsx scripts/bench/invoice-list.ts [options]   embedded engine
 *
 * Prints a Markdown table: latency of sequential requests (median, p95, max) per case and side.
 */

import { loadavg } from 'node:os';
import {
  type InvoiceListQuery,
  type InvoicePage,
  invoiceListQuerySchema,
  timeZoneFor,
  todayIn,
} from '@pd/contracts';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { listInvoicePage } from '../../apps/api/src/modules/invoices/invoice-list.queries.ts';
import { cliFlags } from '../cli-flags.ts';
import {
  int,
  keepAliveClient,
  largestCompany,
  load,
  ms,
  signIn,
  startBenchServer,
  timeSideBySide,
  topUpInvoices,
} from './bench-support.ts';
import { type RecordedStatement, recordStatements } from './sql-capture.ts';

const args = cliFlags(
  `Usage: npx tsx scripts/bench/invoice-list.ts [--invoices N] [--requests N] [--warmup N] [--vacuum]
  --vacuum   VACUUM ANALYZE the invoices first, as autovacuum would after a load (then counts can be index-only)
Database: DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded), seeded with clients.`,
  {
    invoices: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    vacuum: { type: 'boolean', default: false },
  },
);
const INVOICES = Number(args.invoices);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);

type Statement = RecordedStatement;

/** Runs listInvoicePage once, recording every statement it sends: the raw side replays exactly these. */
const captureStatements = (database: Database, companyId: number, q: InvoiceListQuery, today: string) =>
  recordStatements(database.db, companyId, (tx) => listInvoicePage(tx, companyId, q, today));

async function runRaw(pool: pg.Pool, companyId: number, statements: Statement[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'pd_app', true), set_config('app.company_id', $1, true)", [
      String(companyId),
    ]);
    // The API also reads the company (time zone, today) before the list.
    await client.query('select * from companies where id = $1', [companyId]);
    let last: pg.QueryResult | undefined;
    for (const s of statements) last = await client.query(s.text, s.params);
    await client.query('commit');
    return last;
  } finally {
    client.release();
  }
}

async function main() {
  const server = await startBenchServer();
  const { database } = server;
  const rawPool =
    database.engine === 'postgres'
      ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
      : database.pool;
  const http = keepAliveClient(server.baseUrl, 1);
  try {
    const company = await largestCompany(database);
    const invoices = await topUpInvoices(database, company.companyId, INVOICES);
    if (args.vacuum) await database.pool.query('vacuum analyze invoices, clients');
    const headers = await signIn(server.baseUrl, company.username);
    const { rows } = await database.pool.query('select region from companies where id = $1', [
      company.companyId,
    ]);
    const today = todayIn(timeZoneFor(String(rows[0]?.region ?? 'UK')));
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `# Invoice list, ${database.engine === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)'}, ${when} UTC`,
    );
    console.log(
      `company ${company.companyId}: ${int(invoices)} invoices, ${int(company.clients)} clients; ${REQUESTS} sequential ` +
        `requests per side after ${WARMUP} warm-up; load average ${load()}`,
    );
    const cases: [string, Record<string, string>][] = [
      ['default (invoiced desc)', {}],
      ['page 50', { page: '50' }],
      ['unpaid tab', { filters: '{"status":"unpaid"}' }],
      ['paid tab, 2025', { filters: '{"status":"paid"}', start: '2025-01-01', end: '2025-12-31' }],
      ['sort total asc', { sortField: 'totalCents', sortOrder: 'asc' }],
      ['search number', { search: String(Math.floor(invoices / 2)) }],
      ['search name', { search: 'smith' }],
    ];
    const lines = [
      '| case | totalElements | API median / p95 / max ms | SQL median / p95 / max ms | p95 ratio | load |',
      '| --- | --- | --- | --- | --- | --- |',
    ];
    for (const [name, query] of cases) {
      const loadAtStart = loadavg()[0] ?? 0;
      const params = { size: '10', ...query };
      const q = invoiceListQuerySchema.parse(params);
      const path = `/api/invoice1/all/lazyloading/${company.companyId}?${new URLSearchParams(params)}`;
      const statements = await captureStatements(database, company.companyId, q, today);
      const api = async () => {
        const res = await http.request('GET', path, headers);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
        return res.body;
      };
      const raw = () => runRaw(rawPool, company.companyId, statements);
      const page = JSON.parse(await api()) as InvoicePage;
      const rawIds = ((await raw())?.rows ?? []).map((r: { id: number }) => r.id).join(',');
      if (page.data.length > 0 && rawIds !== page.data.map((i) => i.id).join(',')) {
        throw new Error(`${name}: API and SQL pages differ`);
      }
      // Interleaved so both sides see the same background load.
      const { api: a, raw: r } = await timeSideBySide(api, raw, { warmup: WARMUP, requests: REQUESTS });
      lines.push(
        `| ${name} | ${int(page.totalElements)} | ${ms(a.median)} / ${ms(a.p95)} / ${ms(a.max)} | ` +
          `${ms(r.median)} / ${ms(r.p95)} / ${ms(r.max)} | ${(a.p95 / r.p95).toFixed(2)} | ` +
          `${loadAtStart.toFixed(1)}–${(loadavg()[0] ?? 0).toFixed(1)} |`,
      );
      console.log(lines[lines.length - 1]);
    }
    console.log(`\n${lines.join('\n')}\nload average at the end: ${load()}`);
  } finally {
    http.close();
    if (rawPool !== database.pool) await rawPool.end();
    await server.close();
  }
}

await main();
