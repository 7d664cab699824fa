/**
 * Shared by the bench scripts: starts the real app in this process on a free loopback port, finds the
 * largest company and signs in as its admin over HTTP, and a keep-alive HTTP client.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Database, openDatabase } from '../../apps/api/src/db/connect.ts';
import { runMigrations } from '../../apps/api/src/db/migrate.ts';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
import { BENCH_PASSWORD } from '../seed-large.ts';

export interface BenchServer {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
}

/** DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded), exactly as the app reads them. */
export async function startBenchServer(options: { logger?: boolean } = {}): Promise<BenchServer> {
  const config = { ...loadConfig(), webDist: undefined, logLevel: 'warn' as const };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database.pool); // as main.ts does; a no-op when the database is up to date
  const app = await buildApp({ db: database.db, config, logger: options.logger ?? false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface BenchCompanyInfo {
  companyId: number;
  clients: number;
  username: string;
}

/** The company with the most live clients and its first admin (bench<k>.admin after a large seed). */
export async function largestCompany(database: Database): Promise<BenchCompanyInfo> {
  return withSystem(database.db, async (tx) => {
    const biggest = await tx.execute<{ companyId: number; clients: number }>(sql`
      select company_id as "companyId", count(*)::int as clients from clients where deleted_at is null
       group by company_id order by 2 desc, 1 limit 1`);
    const top = biggest.rows[0];
    if (!top) throw new Error('No clients: seed first (npm run seed -- --clients N --companies M).');
    const admin = await tx.execute<{ username: string }>(sql`
      select username from users where company_id = ${top.companyId} and rights = 'A' and active
       order by (username like 'bench%') desc, id limit 1`);
    const username = admin.rows[0]?.username;
    if (!username) throw new Error(`Company ${top.companyId} has no admin user.`);
    return { ...top, username };
  });
}

export function keepAliveClient(baseUrl: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const request = (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const req = http.request(`${baseUrl}${path}`, { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { agent, request, close: () => agent.destroy() };
}

/** POST /api/auth/login; returns the Authorization header for the session. */
export async function signIn(
  baseUrl: string,
  username: string,
  password = process.env.BENCH_PASSWORD ?? BENCH_PASSWORD,
): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`Sign-in as ${username} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string };
  return { authorization: `Bearer ${body.token}` };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
export const int = (n: number) => Math.round(n).toLocaleString('en-US');
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/**
 * Warms both sides up, then times them alternately, request by request, so that both see the same
 * background load; returns each side's median, p95 and max in milliseconds.
 */
export async function timeSideBySide(
  api: () => Promise<unknown>,
  raw: () => Promise<unknown>,
  counts: { warmup: number; requests: number },
) {
  for (let i = 0; i < counts.warmup; i++) {
    await api();
    await raw();
  }
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let i = 0; i < counts.requests; i++) {
    let t = performance.now();
    await api();
    apiTimes.push(performance.now() - t);
    t = performance.now();
    await raw();
    rawTimes.push(performance.now() - t);
  }
  return { api: summarise(apiTimes), raw: summarise(rawTimes) };
}

/**
 * Tops the company up to `target` invoices (over its first `clientsUsed` clients) in batches: numbered on from the settings row, spread over
 * three years, a line each, a third of them paid; as pd_system, like the client seed.
 */
export async function topUpInvoices(
  database: Database,
  companyId: number,
  target: number,
  clientsUsed = 20_000,
): Promise<number> {
  const have = async () =>
    withSystem(database.db, async (tx) => {
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from invoices where company_id = ${companyId}`,
      );
      return rows[0]?.n ?? 0;
    });
  let count = await have();
  const started = performance.now();
  while (count < target) {
    const batch = Math.min(50_000, target - count);
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(
        sql`insert into billing_settings (company_id) values (${companyId}) on conflict do nothing`,
      );
      await tx.execute(sql`
        with base as (select last_invoice_number as n from billing_settings where company_id = ${companyId} for update),
        cl as (select array_agg(id order by id) as ids from (
                 select id from clients where company_id = ${companyId} and deleted_at is null order by id limit ${clientsUsed}) c),
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
