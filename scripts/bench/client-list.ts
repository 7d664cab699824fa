/**
 * Client list: the API (HTTP, in-process server) against the exact SQL it runs (node-postgres, same
 * transaction, role and tenant). Run on a seeded database (see docs/benchmarks.md):
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/client-list.ts [options]   PostgreSQL server
 *   DATA_DIR=/path/to/data    npx tsx scripts/bench/client-list.ts [options]   embedded engine
 *
 * Prints a Markdown table: latency of sequential requests (median, p95, max) and throughput at
 * --concurrency connections for a fixed --duration, per case, the totals the API returned, and the
 * 1-minute load average when the case started and ended (the machine may be shared).
 */

import { loadavg } from 'node:os';
import { type ClientListQuery, type ClientPage, clientListQuerySchema, formatMobile } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withTenant } from '../../apps/api/src/db/tenancy.ts';
import { companyCountry, listClients } from '../../apps/api/src/modules/clients/client-list.queries.ts';
import { listConditions } from '../../apps/api/src/modules/clients/client-list.sql.ts';
import { cliFlags } from '../cli-flags.ts';
import {
  int,
  keepAliveClient,
  largestCompany,
  load,
  ms,
  signIn,
  startBenchServer,
  summarise,
  timeSideBySide,
} from './bench-support.ts';
import { type RecordedStatement, recordStatements } from './sql-capture.ts';

const USAGE = `Usage: npx tsx scripts/bench/client-list.ts [options]
  --requests N      sequential requests per case and side for latency (default 200)
  --warmup N        unmeasured requests per case and side first (default 20)
  --duration S      seconds of each throughput run (default 10)
  --concurrency C   connections for throughput; also the raw SQL pool size (default 10)
  --size N          page size (default 10, the list's default)
  --cases a,b       only these cases (plain, smith, sm, id, rare2, and the mobile searches: national,
                    spaced, start, prefix3, e164, intl)
  --id-fragment D   the id fragment to search (default: 4 digits of an id in the company)
  --explain         also print EXPLAIN (ANALYZE, BUFFERS) of each case's statements
  --vacuum          run VACUUM ANALYZE clients first (after a seed, so counts can be index-only)
Database: DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded), already seeded.`;

const args = cliFlags(USAGE, {
  requests: { type: 'string', default: '200' },
  warmup: { type: 'string', default: '20' },
  duration: { type: 'string', default: '10' },
  concurrency: { type: 'string', default: '10' },
  size: { type: 'string', default: '10' },
  cases: { type: 'string' },
  'id-fragment': { type: 'string' },
  explain: { type: 'boolean', default: false },
  vacuum: { type: 'boolean', default: false },
});
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const DURATION_S = Number(args.duration);
const CONCURRENCY = Number(args.concurrency);
const SORT = 'lastName:asc,firstName:asc';

type Statement = RecordedStatement;

/** Runs listClients once, recording every statement it sends: the raw side replays exactly these. */
const captureStatements = (database: Database, companyId: number, q: ClientListQuery) =>
  recordStatements(database.db, companyId, (tx) => listClients(tx, companyId, q));

/** The same transaction the API opens (tenancy.ts withTenant), then the recorded statements. */
async function runRaw(pool: pg.Pool, companyId: number, statements: Statement[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'pd_app', true), set_config('app.company_id', $1, true)", [
      String(companyId),
    ]);
    let last: pg.QueryResult | undefined;
    for (const s of statements) last = await client.query(s.text, s.params);
    await client.query('commit');
    return last;
  } finally {
    client.release();
  }
}

async function throughput(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  const end = started + DURATION_S * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        await fn();
        done += 1;
      }
    }),
  );
  return (done * 1000) / (performance.now() - started);
}

async function pickIdFragment(database: Database, companyId: number, clients: number): Promise<string> {
  // An id about 62% of the way through the company's ids: its last four digits.
  const row = await withTenant(database.db, companyId, (tx) =>
    tx.execute<{
      id: number;
    }>(sql`select id from clients where company_id = ${companyId} and deleted_at is null
      order by id offset ${Math.floor(clients * 0.618)} limit 1`),
  );
  return String(row.rows[0]?.id ?? 1234).slice(-4);
}

/**
 * The mobile searches (issue 13, point 2): one client's mobile, about 62% of the way through the company's
 * ids, as people say it (national, with or without spaces, its start, its first three digits) and as stored
 * (E.164 with and without the +).
 */
async function mobileCases(database: Database, companyId: number, clients: number) {
  const row = await withTenant(database.db, companyId, (tx) =>
    tx.execute<{ mobile: string; country: string }>(sql`select c.mobile, co.country from clients c
      join companies co on co.id = c.company_id
      where c.company_id = ${companyId} and c.deleted_at is null and c.mobile is not null
      order by c.id offset ${Math.floor(clients * 0.618)} limit 1`),
  );
  const { mobile = '+27821087109', country = 'ZA' } = row.rows[0] ?? {};
  const spaced = formatMobile(mobile, country);
  const national = spaced.replace(/\D/g, '');
  return [
    ['national', national],
    ['spaced', spaced],
    ['start', spaced.split(' ').slice(0, 2).join(' ')],
    ['prefix3', national.slice(0, 3)],
    ['e164', mobile],
    ['intl', mobile.slice(1)],
  ] as [string, string][];
}

async function countMatches(database: Database, companyId: number, q: ClientListQuery) {
  const row = await withTenant(database.db, companyId, async (tx) => {
    const where = listConditions(companyId, q, await companyCountry(tx, companyId));
    return tx.execute<{ n: number }>(sql`select count(*)::int as n from clients where ${where}`);
  });
  return row.rows[0]?.n ?? 0;
}

async function explain(pool: pg.Pool, companyId: number, statements: Statement[]) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'pd_app', true), set_config('app.company_id', $1, true)", [
      String(companyId),
    ]);
    for (const s of statements) {
      const plan = await client.query(`explain (analyze, buffers) ${s.text}`, s.params);
      console.log(`\n${s.text.replace(/\s+/g, ' ')}\n  params ${JSON.stringify(s.params)}`);
      for (const line of plan.rows) console.log(`  ${line['QUERY PLAN']}`);
    }
    await client.query('rollback');
  } finally {
    client.release();
  }
}

async function main() {
  const server = await startBenchServer();
  const { database } = server;
  const rawPool =
    database.engine === 'postgres'
      ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: CONCURRENCY })
      : database.pool; // PGlite serves one socket server; the app's own pool reaches it
  const http = keepAliveClient(server.baseUrl, CONCURRENCY);
  try {
    if (args.vacuum) await database.pool.query('vacuum analyze clients');
    const company = await largestCompany(database);
    const headers = await signIn(server.baseUrl, company.username);
    const fragment =
      args['id-fragment'] ?? (await pickIdFragment(database, company.companyId, company.clients));
    const allCases: [string, string | undefined][] = [
      ['plain', undefined],
      ['smith', 'smith'],
      ['sm', 'sm'],
      ['id', fragment],
      ['rare2', 'qx'],
      ...(await mobileCases(database, company.companyId, company.clients)),
    ];
    const wanted = args.cases?.split(',');
    const cases = allCases.filter(([name]) => !wanted || wanted.includes(name));
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `# Client list, ${database.engine === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)'}, ${when} UTC`,
    );
    console.log(
      `company ${company.companyId} (${int(company.clients)} live clients), signed in as ${company.username}; ` +
        `page size ${args.size}, sort ${SORT}; ${REQUESTS} sequential requests per side (after ${WARMUP} ` +
        `warm-up), throughput ${DURATION_S} s at ${CONCURRENCY} connections; load average ${load()}`,
    );
    const lines = [
      '| case | search | matches | totalElements (exact) | API median / p95 / max ms | SQL median / p95 / max ms | API req/s | SQL req/s | ratio | load |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ];
    for (const [name, search] of cases) {
      const loadAtStart = loadavg()[0] ?? 0;
      const query = { page: '1', size: String(args.size), sort: SORT, ...(search ? { search } : {}) };
      const q = clientListQuerySchema.parse(query);
      const path = `/api/client1/company/${company.companyId}/lazy?${new URLSearchParams(query)}`;
      const statements = await captureStatements(database, company.companyId, q);
      const api = async () => {
        const res = await http.request('GET', path, headers);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
        return res.body;
      };
      const raw = () => runRaw(rawPool, company.companyId, statements);

      // Both sides must return the same page.
      const page = JSON.parse(await api()) as ClientPage;
      const rawRows = ((await raw())?.rows ?? []) as { id: number }[];
      const apiIds = page.content.map((r) => r.id).join(',');
      if (apiIds !== rawRows.map((r) => r.id).join(',') && page.content.length > 0) {
        throw new Error(`${name}: API and SQL pages differ`);
      }
      const matches = await countMatches(database, company.companyId, q);

      // Interleaved so both sides see the same background load.
      const { api: a, raw: r } = await timeSideBySide(api, raw, { warmup: WARMUP, requests: REQUESTS });
      const apiRate = await throughput(api);
      const rawRate = await throughput(raw);
      lines.push(
        `| ${name} | ${search === undefined ? '(none)' : `'${search}'`} | ${int(matches)} | ` +
          `${int(page.totalElements)} (${page.totalExact}) | ${ms(a.median)} / ${ms(a.p95)} / ${ms(a.max)} | ` +
          `${ms(r.median)} / ${ms(r.p95)} / ${ms(r.max)} | ${int(apiRate)} | ${int(rawRate)} | ` +
          `${(apiRate / rawRate).toFixed(2)} | ${loadAtStart.toFixed(1)}–${(loadavg()[0] ?? 0).toFixed(1)} |`,
      );
      console.log(lines[lines.length - 1]);
      if (args.explain) await explain(rawPool, company.companyId, statements);
    }
    // The API's fixed cost per request (sign-in check, routing, serialising) without any list query.
    const ping = async () => {
      const res = await http.request('GET', '/api/auth/ping', headers);
      if (res.status !== 200) throw new Error(`ping: ${res.status}`);
    };
    const pingTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      await ping();
      pingTimes.push(performance.now() - t);
    }
    const p = summarise(pingTimes);
    const pingLine =
      `GET /api/auth/ping (signed in, no list query): median ${ms(p.median)} ms, p95 ${ms(p.p95)} ms, ` +
      `${int(await throughput(ping))} req/s at ${CONCURRENCY} connections`;
    console.log(`\n${lines.join('\n')}\n\n${pingLine}\nload average at the end: ${load()}`);
  } finally {
    http.close();
    if (rawPool !== database.pool) await rawPool.end();
    await server.close();
  }
}

await main();
