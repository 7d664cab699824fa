/**
 * How many concurrent users one app process serves within p95 300 ms (issue 12 point 14): the compiled
 * server (`npm start`'s) in a child process with the demo data, and N simulated users, each signed in and
 * repeating a receptionist's round without pause (client list page, a client, the invoice list, today's
 * diary). Prints requests/s, p50 and p95 for each N. On the embedded engine by default; with DATABASE_URL
 * on that PostgreSQL server instead (a scratch database it creates and drops).
 *
 *   node scripts/build-api.mjs && npx tsx scripts/bench/concurrent-users.ts [--users 5,10,20,40] [--seconds 15]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/concurrent-users.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { createScratchDatabase, freePort } from '../../apps/api/src/test/harness.ts';
import { cliFlags } from '../cli-flags.ts';
import { REPO_ROOT } from '../sql-snapshots/attribute.ts';
import { ms, percentile } from './bench-support.ts';

const args = cliFlags(
  'Usage: npx tsx scripts/bench/concurrent-users.ts [--users 5,10,20,40] [--seconds 15]',
  {
    users: { type: 'string', default: '5,10,20,40' },
    seconds: { type: 'string', default: '15' },
  },
);
const steps = args.users.split(',').map(Number);
const seconds = Number(args.seconds);

const serverUrl = process.env.DATABASE_URL;
const scratch = serverUrl ? await createScratchDatabase(serverUrl) : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'pd-users-'));
const port = await freePort();
const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
  cwd: REPO_ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((done, fail) => {
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('is running')) done();
  });
  child.on('exit', (code) => fail(new Error(`server exited with ${code}: ${output}`)));
});
const base = `http://127.0.0.1:${port}`;

async function session(username: string) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { token: string; user: { companyId: number } };
  return { headers: { authorization: `Bearer ${body.token}` }, companyId: body.user.companyId };
}

const USERNAMES = ['za.admin', 'za.reception', 'za.evolve', 'za.user', 'za.web', 'za.learn', 'za.rise'];
const today = new Date();
const dayStart = new Date(
  Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 2 * 3600_000,
);
const dayEnd = new Date(dayStart.getTime() + 24 * 3600_000);

async function round(who: Awaited<ReturnType<typeof session>>, clientId: number, samples: number[]) {
  const c = who.companyId;
  const paths = [
    `/api/client1/company/${c}/lazy?page=1&size=20&sort=lastName:asc`,
    `/api/client1/${clientId}`,
    `/api/invoice1/all/lazyloading/${c}?size=10`,
    `/api/appointment/diary/${c}?start=${dayStart.toISOString()}&end=${dayEnd.toISOString()}`,
  ];
  for (const path of paths) {
    const began = performance.now();
    const res = await fetch(`${base}${path}`, { headers: who.headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    samples.push(performance.now() - began);
  }
}

try {
  const sessions = await Promise.all(
    Array.from({ length: Math.max(...steps) }, (_, i) =>
      session(USERNAMES[i % USERNAMES.length] ?? 'za.admin'),
    ),
  );
  const first = sessions[0];
  if (!first) throw new Error('no session');
  const list = await fetch(`${base}/api/client1/company/${first.companyId}/lazy?page=1&size=20`, {
    headers: first.headers,
  });
  const clients = ((await list.json()) as { content: { id: number }[] }).content.map((r) => r.id);
  console.log(
    `Concurrent users on one process, ${scratch ? 'PostgreSQL server' : 'embedded engine'}; ${seconds} s a step; ` +
      `load average before: ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log('| users | requests/s | p50 ms | p95 ms |');
  console.log('|---|---|---|---|');
  for (const users of steps) {
    const samples: number[] = [];
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      sessions.slice(0, users).map(async (who, i) => {
        while (Date.now() < end) await round(who, clients[i % clients.length] ?? 1, samples);
      }),
    );
    samples.sort((a, b) => a - b);
    console.log(
      `| ${users} | ${(samples.length / seconds).toFixed(0)} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} |`,
    );
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((done) => child.on('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
}
