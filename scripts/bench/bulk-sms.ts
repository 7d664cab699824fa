/**
 * Bulk SMS to the largest company: how long the API takes to accept and queue it (one transaction: debit,
 * every message, then the pg-boss jobs), how fast the worker drains the outbox to a local provider (the
 * tests' BulkSMS JSON API server, in a child process), and the peak RSS of this process, which runs the
 * API and the worker. Beside the request: the same SQL statements alone, in a transaction rolled back.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/bulk-sms.ts --prepare   PostgreSQL server
 *   DATA_DIR=/path/to/data    npx tsx scripts/bench/bulk-sms.ts --prepare   embedded engine
 *
 * --prepare makes every live client of that company active with commStatus Y (so the seed's company of N
 * clients becomes a company of N recipients), sets the daily cap to its maximum and tops the credit up.
 * It writes to the database: use a bench database (docs/benchmarks.md, "Bulk SMS").
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { toE164 } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type Tx, withSystem, withTenant } from '../../apps/api/src/db/tenancy.ts';
import {
  eligibleClients,
  insertBulkMessages,
} from '../../apps/api/src/modules/messaging/bulk-sms.queries.ts';
import { silentLogger } from '../../apps/api/src/modules/messaging/delivery/queue.ts';
import { startMessageWorker } from '../../apps/api/src/modules/messaging/delivery/worker.ts';
import { STUB_CREDENTIALS } from '../../apps/api/src/modules/messaging/test-support/bulksms-stub.ts';
import { cliFlags } from '../cli-flags.ts';
import { int, largestCompany, load, ms, signIn, startBenchServer } from './bench-support.ts';

const USAGE = `Usage: npx tsx scripts/bench/bulk-sms.ts [options]
  --prepare          make the company's live clients recipients, raise the cap, top the credit up
  --message TEXT     the SMS (default: 60 GSM characters, one segment)
  --concurrency N    jobs the worker delivers at once (default: the app's, 4)
  --group-size N     messages handed over in parallel per job (default: the app's, 25)
  --no-raw           skip the rolled-back SQL comparison
  --trace-memory     print RSS, V8 heap total and used (MB) every 2 s
Database: DATABASE_URL (PostgreSQL server) or DATA_DIR (embedded), seeded (npm run seed -- --clients N).`;

const args = cliFlags(USAGE, {
  prepare: { type: 'boolean', default: false },
  message: { type: 'string', default: 'Practice Desk: the clinic is closed on Friday 3 April. Thank you.' },
  concurrency: { type: 'string' },
  'group-size': { type: 'string' },
  'no-raw': { type: 'boolean', default: false },
  'trace-memory': { type: 'boolean', default: false },
});

const rss = () => process.memoryUsage.rss() / 1024 / 1024;
const MB = (n: number) => `${Math.round(n)} MB`;
if (args['trace-memory']) {
  setInterval(() => {
    const m = process.memoryUsage();
    console.log(
      `memory: RSS ${MB(m.rss / 1048576)}, heap ${MB(m.heapTotal / 1048576)}, used ${MB(m.heapUsed / 1048576)}`,
    );
  }, 2000).unref();
}
const seconds = (t: number) => `${(t / 1000).toFixed(2)} s`;

/** Runs fn, sampling this process's RSS every 50 ms: [result, elapsed ms, peak MB, CPU ms of this process]. */
async function measured<T>(fn: () => Promise<T>): Promise<[T, number, number, number]> {
  let peak = rss();
  const sampler = setInterval(() => {
    peak = Math.max(peak, rss());
  }, 50);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const result = await fn();
    const used = process.cpuUsage(cpu);
    return [result, performance.now() - started, Math.max(peak, rss()), (used.user + used.system) / 1000];
  } finally {
    clearInterval(sampler);
  }
}

function startProvider(): Promise<{ url: string; stats(): Promise<Record<string, number>>; stop(): void }> {
  const script = fileURLToPath(new URL('./bulk-sms-provider.ts', import.meta.url));
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: { url: string }) =>
      resolve({
        url: m.url,
        stats: () =>
          new Promise((r) => {
            child.once('message', r);
            child.send('stats');
          }),
        stop: () => child.disconnect(),
      }),
    );
  });
}

class Rollback extends Error {}

/** The request's two big statements alone, as the API's role, in a transaction that is rolled back. */
async function rawSql(db: Parameters<typeof withTenant>[0], companyId: number, userId: number) {
  const times = { select: 0, normalise: 0, insert: 0, rows: 0 };
  await withTenant(db, companyId, async (tx: Tx) => {
    let t = performance.now();
    const rows = await eligibleClients(tx, companyId);
    times.select = performance.now() - t;
    t = performance.now();
    const ids: number[] = [];
    const numbers: string[] = [];
    for (const r of rows) {
      const n = toE164(r.mobile, r.country);
      if (n) {
        ids.push(r.id);
        numbers.push(n);
      }
    }
    times.normalise = performance.now() - t;
    t = performance.now();
    const content = { companyId, userId, bulkSendId: 0, content: args.message, segments: 1, costCents: 30 };
    times.rows = (await insertBulkMessages(tx, content, ids, numbers)).count;
    times.insert = performance.now() - t;
    throw new Rollback();
  }).catch((error) => {
    if (!(error instanceof Rollback)) throw error;
  });
  return times;
}

async function main() {
  const provider = await startProvider();
  Object.assign(process.env, {
    SMS_PROVIDER: 'bulksms',
    SMS_API_KEY: STUB_CREDENTIALS,
    SMS_API_URL: provider.url,
  });
  const server = await startBenchServer();
  const { database } = server;
  try {
    const company = await largestCompany(database);
    const headers = {
      ...(await signIn(server.baseUrl, company.username)),
      'x-requested-with': 'PracticeDesk',
    };
    const json = { ...headers, 'content-type': 'application/json' };
    const api = `${server.baseUrl}/api`;
    if (args.prepare) {
      await withSystem(database.db, (tx) =>
        tx.execute(sql`update clients set status = 'A', comm_status = 'Y'
          where company_id = ${company.companyId} and deleted_at is null and (status <> 'A' or comm_status <> 'Y')`),
      );
      await fetch(`${api}/credit/${company.companyId}/settings`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ dailyCap: 1_000_000, segmentPriceCents: 30 }),
      });
      await fetch(`${api}/credit/${company.companyId}/topup`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ amountCents: 100_000_000, note: 'bench' }),
      });
    }
    const atStart = rss();
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const engine = database.engine === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)';
    console.log(
      `# Bulk SMS, ${engine}, ${when} UTC; company ${company.companyId}, ${int(company.clients)} live clients`,
    );

    const previewUrl = `${api}/client1/company/${company.companyId}/bulksms/preview?message=${encodeURIComponent(args.message)}`;
    const [preview, previewMs] = await measured(async () => (await fetch(previewUrl, { headers })).json());
    console.log(
      `RSS ${MB(atStart)} after start; preview: ${JSON.stringify(preview)} in ${ms(previewMs)} ms; load ${load()}`,
    );

    const before = rss();
    const [sent, acceptMs, acceptPeak, acceptCpu] = await measured(async () => {
      const res = await fetch(`${api}/client1/company/${company.companyId}/bulksms`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ message: args.message }),
      });
      if (res.status !== 202) throw new Error(`bulk SMS: ${res.status} ${await res.text()}`);
      return (await res.json()) as { bulkSendId: number; recipients: number; skipped: number };
    });
    console.log(
      `accepted and queued: ${int(sent.recipients)} messages (${sent.skipped} skipped) in ${seconds(acceptMs)}; ` +
        `RSS ${MB(before)} before, peak ${MB(acceptPeak)}; CPU ${seconds(acceptCpu)}; load ${load()}`,
    );

    const pending = async () =>
      (
        await withSystem(database.db, (tx) =>
          tx.execute<{ n: number }>(
            sql`select count(*)::int as n from messages where status in ('queued', 'sending')`,
          ),
        )
      ).rows[0]?.n ?? 0;
    const options = {
      ...(args.concurrency ? { concurrency: Number(args.concurrency) } : {}),
      ...(args['group-size'] ? { groupSize: Number(args['group-size']) } : {}),
    };
    const providerBefore = await provider.stats();
    const [, drainMs, drainPeak, drainCpu] = await measured(async () => {
      const worker = await startMessageWorker(database.db, loadConfig().messaging, silentLogger, options);
      while ((await pending()) > 0) await new Promise((r) => setTimeout(r, 250));
      await worker.stop();
    });
    const stats = await provider.stats();
    const statuses = await withSystem(database.db, (tx) =>
      tx.execute<{ status: string; n: number }>(sql`select status, count(*)::int as n from messages
        where bulk_send_id = ${sent.bulkSendId} group by status order by status`),
    );
    console.log(
      `drained: ${int(sent.recipients)} in ${seconds(drainMs)} = ${int((sent.recipients * 1000) / drainMs)} msg/s; ` +
        `RSS peak ${MB(drainPeak)}; CPU ${int((drainCpu * 1000) / sent.recipients)} µs a message here, ` +
        `${int((((stats.cpuMs ?? 0) - (providerBefore.cpuMs ?? 0)) * 1000) / sent.recipients)} µs in the provider; load ${load()}`,
    );
    console.log(`statuses: ${statuses.rows.map((r) => `${r.status} ${int(r.n)}`).join(', ')}`);
    console.log(
      `provider: ${int(stats.submissions ?? 0)} requests, ${int(stats.accepted ?? 0)} messages, ${int(stats.distinct ?? 0)} distinct references`,
    );
    // After the request and the drain, so that its rows do not weigh on their memory figures.
    if (!args['no-raw']) {
      const raw = await rawSql(database.db, company.companyId, 0);
      console.log(
        `raw (rolled back): select ${ms(raw.select)} ms, E.164 ${ms(raw.normalise)} ms, insert of ${int(raw.rows)} ${ms(raw.insert)} ms`,
      );
    }
  } finally {
    await server.close();
    provider.stop();
  }
}

await main();
