/**
 * Debtors' age analysis (issue 19): the API (HTTP, in-process server) against the exact SQL it runs
 * (node-postgres, same transaction, role and tenant), at --invoices invoices over all the clients of the
 * largest company, and the CSV export's time and memory. Run on a database seeded with clients
 * (npm run seed -- --clients N); the script adds the invoices it lacks, and a payment for each paid invoice
 * that has none (see docs/benchmarks.md):
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/debtors.ts [options]   PostgreSQL server
 *   DATA_DIR=/path/to/data    npx tsx scripts/bench/debtors.ts [options]   embedded engine
 *
 * Prints a Markdown table: latency of sequential requests (median, p95, max) per case and side.
 */

import { loadavg } from 'node:os';
import { addDaysIso, type DebtorsReport, debtorsQuerySchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
import { billingCompany } from '../../apps/api/src/modules/invoices/invoice-context.ts';
import { buildDebtorsReport } from '../../apps/api/src/modules/reports/debtors.service.ts';
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
import { recordStatements, replayAsTenant } from './sql-capture.ts';

const args = cliFlags(
  `Usage: npx tsx scripts/bench/debtors.ts [--invoices N] [--requests N] [--warmup N] [--vacuum]
  --vacuum   VACUUM ANALYZE invoices, payments and clients first, as autovacuum would after a load
Database: DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded), seeded with clients.`,
  {
    invoices: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    vacuum: { type: 'boolean', default: false },
  },
);

/** The top-up marks a third of the invoices paid without payment rows: give each one payment, 20 days on. */
const payPaidInvoices = (database: Database, companyId: number) =>
  withSystem(database.db, async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with ins as (
        insert into payments (company_id, invoice_id, amount_cents, paid_on, method)
        select i.company_id, i.id, i.total_cents, i.invoiced + 20, 'eft' from invoices i
         where i.company_id = ${companyId} and i.paid_cents > 0
           and not exists (select 1 from payments p where p.company_id = i.company_id and p.invoice_id = i.id)
        returning 1)
      select count(*)::int as n from ins`);
    return rows[0]?.n ?? 0;
  });

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
    const invoices = await topUpInvoices(database, company.companyId, Number(args.invoices), company.clients);
    const paid = await payPaidInvoices(database, company.companyId);
    if (paid > 0) console.error(`… ${int(paid)} payments added`);
    if (args.vacuum || paid > 0) await database.pool.query('vacuum analyze invoices, payments, clients');
    const headers = await signIn(server.baseUrl, company.username);
    const facts = await withSystem(database.db, (tx) => billingCompany(tx, company.companyId));
    const { rows: counts } = await database.pool.query(
      `select count(*) filter (where total_cents > paid_cents)::int as open,
              (select count(*)::int from payments where company_id = $1) as payments
         from invoices where company_id = $1`,
      [company.companyId],
    );
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `# Debtors' age analysis, ${database.engine === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)'}, ${when} UTC`,
    );
    console.log(
      `company ${company.companyId}: ${int(invoices)} invoices (${int(counts[0]?.open ?? 0)} open), ` +
        `${int(counts[0]?.payments ?? 0)} payments, ${int(company.clients)} clients; ${args.requests} sequential ` +
        `requests per side after ${args.warmup} warm-up; load average ${load()}`,
    );
    const cases: [string, Record<string, string>][] = [
      ['as at today', {}],
      ['as at 6 months ago', { asAt: addDaysIso(facts.today, -182) }],
      ['as at 2 years ago', { asAt: addDaysIso(facts.today, -730) }],
    ];
    const lines = [
      '| case | clients owing | API median / p95 / max ms | SQL median / p95 / max ms | load |',
      '| --- | --- | --- | --- | --- |',
    ];
    const url = (path: string, query: Record<string, string>) =>
      `/api/report/debtors/${company.companyId}${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    for (const [name, query] of cases) {
      const loadAtStart = loadavg()[0] ?? 0;
      const q = debtorsQuerySchema.parse(query);
      const statements = await recordStatements(database.db, company.companyId, (tx) =>
        buildDebtorsReport(tx, facts, q),
      );
      const api = async () => {
        const res = await http.request('GET', url('', query), headers);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 300)}`);
        return res.body;
      };
      const raw = () => replayAsTenant(rawPool, company.companyId, statements);
      const report = JSON.parse(await api()) as DebtorsReport;
      const { api: a, raw: r } = await timeSideBySide(api, raw, {
        warmup: Number(args.warmup),
        requests: Number(args.requests),
      });
      lines.push(
        `| ${name} | ${int(report.totals.clients)} | ${ms(a.median)} / ${ms(a.p95)} / ${ms(a.max)} | ` +
          `${ms(r.median)} / ${ms(r.p95)} / ${ms(r.max)} | ${loadAtStart.toFixed(1)}–${(loadavg()[0] ?? 0).toFixed(1)} |`,
      );
      console.log(lines[lines.length - 1]);
    }
    // The CSV of the whole report: wall time and the server process's peak resident memory around it.
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const csv = await http.request('GET', url('/csv', {}), headers);
    const took = performance.now() - started;
    clearInterval(sampler);
    if (csv.status !== 200) throw new Error(`csv: ${csv.status}`);
    const rows = csv.body.split('\r\n').length - 3;
    console.log(
      `\n${lines.join('\n')}\n\nCSV as at today: ${int(rows)} client rows, ${(csv.body.length / 1e6).toFixed(1)} MB in ` +
        `${ms(took)} ms; resident memory of the process (server and client) ${int(rssBefore / 1e6)} MB before, ` +
        `peak ${int(peak / 1e6)} MB (+${int((peak - rssBefore) / 1e6)} MB)\nload average at the end: ${load()}`,
    );
  } finally {
    http.close();
    if (rawPool !== database.pool) await rawPool.end();
    await server.close();
  }
}

await main();
