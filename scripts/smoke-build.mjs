// Starts the compiled API (what `npm start` runs) on a throw-away embedded database and waits for it to
// answer /api/health/ready: a file the bundle reads at run time but the build left out fails here, not
// on a user's first start. Part of the test command, after `npm run build:api`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = await new Promise((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => done(port));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'pd-smoke-'));
const { DATABASE_URL: _ignored, ...env } = process.env;
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MESSAGE_WORKER: 'false',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (c) => (output += c));
child.stderr.on('data', (c) => (output += c));
const started = Date.now();
let ok = false;
while (Date.now() - started < 120_000 && child.exitCode === null) {
  try {
    ok = (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status === 200;
  } catch {
    // not listening yet
  }
  if (ok) break;
  await new Promise((r) => setTimeout(r, 250));
}
// The PDF renderer is a file of its own (dist/pdf-worker.mjs), started with the first PDF: draw one.
const pdfProblem = ok ? await drawStatement(`http://127.0.0.1:${port}`) : null;
child.kill('SIGTERM');
await new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r()));
rmSync(dataDir, { recursive: true, force: true });
if (!ok) {
  console.error(`The compiled API did not start:\n${output.slice(-4000)}`);
  process.exit(1);
}
if (pdfProblem) {
  console.error(`The compiled API did not draw a PDF: ${pdfProblem}\n${output.slice(-4000)}`);
  process.exit(1);
}
console.log(
  `The compiled API starts, is ready and draws a PDF (${((Date.now() - started) / 1000).toFixed(1)} s).`,
);

/** Signs in as the demo admin (seed/demo-data.ts) and downloads a statement: null, or what went wrong. */
async function drawStatement(base) {
  const json = { 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'za.admin', password: 'Demo!2026' }),
  });
  if (login.status !== 200) return `sign-in answered ${login.status}`;
  const { token, user } = await login.json();
  const auth = { authorization: `Bearer ${token}` };
  const clients = await fetch(`${base}/api/client1/company/${user.companyId}/lazy?size=10`, {
    headers: auth,
  });
  const clientId = (await clients.json()).content?.[0]?.id;
  if (!clientId) return `no demo client (${clients.status})`;
  const res = await fetch(`${base}/api/statement/${clientId}/download`, {
    method: 'POST',
    headers: { ...auth, ...json },
    body: JSON.stringify({ type: 'D', startDate: '2025-01-01', endDate: '2025-12-31' }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status === 200 && bytes.subarray(0, 5).toString('latin1') === '%PDF-') return null;
  return `the statement download answered ${res.status}: ${bytes.toString('utf8').slice(0, 300)}`;
}
