/**
 * Start-up of the API server as `npm start` runs it: time from spawn to the "is running" line and to a
 * first answer of /api/health, the app's own "ready in" figure, and the resident memory after start.
 * One start first creates the data (not measured); then --runs starts with existing data.
 *
 *   npx tsx scripts/bench/start-up.ts --runs 5 [--source]     (--source: tsx on the TypeScript sources)
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/start-up.ts --runs 5
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/api/src/test/harness.ts';
import { cliFlags } from '../cli-flags.ts';
import { REPO_ROOT } from '../sql-snapshots/attribute.ts';
import { int, ms, summarise } from './bench-support.ts';

const args = cliFlags('Usage: npx tsx scripts/bench/start-up.ts [--runs 5] [--source]', {
  runs: { type: 'string', default: '5' },
  source: { type: 'boolean', default: false },
});
const command = args.source
  ? [process.execPath, '--import', 'tsx', 'apps/api/src/main.ts']
  : [process.execPath, '--enable-source-maps', 'apps/api/dist/main.js'];

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

async function start(dataDir: string) {
  const port = await freePort();
  const began = performance.now();
  const [node = 'node', ...rest] = command;
  const child = spawn(node, rest, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const running = new Promise<{ wall: number; own: number }>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const own = /ready in (\d+) ms/.exec(output)?.[1];
      if (own) done({ wall: performance.now() - began, own: Number(own) });
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => fail(new Error(`exited with ${code}:\n${output}`)));
  });
  const ready = await running;
  const health = await fetch(`http://127.0.0.1:${port}/api/health`);
  if (!health.ok) throw new Error(`health answered ${health.status}`);
  const firstAnswer = performance.now() - began;
  await new Promise((r) => setTimeout(r, 1000)); // settled: timers started, first request served
  const rss = rssMb(child.pid ?? 0);
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { ...ready, firstAnswer, rss };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pd-start-'));
try {
  await start(dataDir); // creates the data
  const runs = [];
  for (let i = 0; i < Number(args.runs); i++) runs.push(await start(dataDir));
  const line = (name: string, values: number[], unit: string, format: (n: number) => string) => {
    const s = summarise(values);
    console.log(
      `${name}: median ${format(s.median)} ${unit}, max ${format(s.max)} ${unit} (${values.map(format).join(', ')})`,
    );
  };
  console.log(
    `${args.source ? 'tsx, TypeScript sources' : 'compiled (apps/api/dist)'}; ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded'}; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  line(
    'spawn to "running" line',
    runs.map((r) => r.wall),
    'ms',
    int,
  );
  line(
    'app\'s own "ready in"',
    runs.map((r) => r.own),
    'ms',
    int,
  );
  line(
    'spawn to first /api/health answer',
    runs.map((r) => r.firstAnswer),
    'ms',
    int,
  );
  line(
    'RSS 1 s after start',
    runs.map((r) => r.rss),
    'MB',
    ms,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
