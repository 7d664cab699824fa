import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const WEB_DIST = join(REPO_ROOT, 'apps/web/dist');
const START_TIMEOUT_MS = 90_000;
/** Everything the API server prints during the browser tests; `npm test` shows its errors when they fail. */
export const SERVER_LOG = process.env.E2E_SERVER_LOG ?? join(tmpdir(), 'pd-e2e-server.log');

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The API server exited with code ${child.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

export interface ServerOptions {
  /** Settings beside the test defaults, e.g. an SMS provider. */
  env?: Record<string, string>;
  /** Where its output goes (default: SERVER_LOG, emptied first). */
  log?: string;
}

/** The real API (embedded PostgreSQL, fresh demo data) serving the built web app on a free port. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const logFile = options.log ?? SERVER_LOG;
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `${WEB_DIST}/index.html is missing: run \`npm run build -w apps/web\` before the browser tests.`,
    );
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pd-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  // Always the embedded database in a fresh directory, whatever DATABASE_URL the shell has.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST,
      SEED_DEMO: 'true',
      // One parser, so the intake test's uploads queue behind each other however fast the machine is.
      INTAKE_PARSERS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  writeFileSync(logFile, '');
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
    appendFileSync(logFile, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(chunk);
  });
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
