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
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
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

/**
 * Tops the company up to INVOICES invoices in batches: numbered on from the settings row, spread over
 * three years, a line each, a third of them paid; as pd_system, like the client seed.
 */
async function topUpInvoices(database: Database, companyId: number): Promise<number> {
  const have = async () =>
    withSystem(database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where company_id = ${companyId}`,
      );
      return rows[0]?.n ?? 0;
    });
  let count = await have();
  const started = performance.now();
  while (count < INVOICES) {
    const batch = Math.min(50_000, INVOICES - count);
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(
        sql`insert into billing_settings (company_id) values (${companyId}) on conflict do nothing`,
      );
      await tx.execute(sql`
        with base as (select last_invoice_number as n from billing_settings where company_id = ${companyId} for update),
        cl as (select array_agg(id order by id) as ids from (
                 select id from clients where company_id = ${companyId} and deleted_at is null order by id limit 20000) c),
        rows as (
          select g, base.n + g as number, cl.ids[(1 + (g * 7919) % array_length(cl.ids, 1))::int] as client_id,
                 (date '2024-01-01' + ((g * 104729) % 1095)::int) as invoiced, 1000 + (g * 37) % 200000 as net
            from generate_series(1::bigint, ${batch}::bigint) g, base, cl),
        ins as (
          insert into invoices (company_id, number, client_id, bill_to_client_id, status, invoiced, due, use_tax_rate,
                                currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at)
          select ${companyId}, number, client_id, client_id, case when g % 3 = 0 then 'paid' else 'active' end,
                 invoiced, invoiced + 30, 'Y', (select currency from companies where id = ${companyId}), net, (net * 15 + 50) / 100, net + (net * 15 + 50) / 100,
                 case when g % 3 = 0 then net + (net * 15 + 50) / 100 else 0 end, now()
            from rows returning id, subtotal_cents, vat_cents)
        insert into invoice_lines (company_id, invoice_id, position, description, quantity, unit_price_cents,
                                   vat_rate_bps, net_cents, vat_cents)
        select ${companyId}, id, 1, 'Consultation', 1, subtotal_cents, 1500, subtotal_cents, vat_cents from ins`);
      await tx.execute(sql`update billing_settings set last_invoice_number = last_invoice_number + ${batch}
                            where company_id = ${companyId}`);
    });
    count += batch;
    console.error(`… ${int(count)} invoices`);
  }
  if (performance.now() - started > 1000) await database.pool.query('analyze invoices, invoice_lines');
  return count;
}

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
    const invoices = await topUpInvoices(database, company.companyId);
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
