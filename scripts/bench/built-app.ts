import { spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { freePort } from '../../apps/api/src/test/harness.ts';
import { REPO_ROOT } from '../sql-snapshots/attribute.ts';

// What the browser benchmarks share (front-end.ts, fill-page.ts).

/** The production build (apps/api/dist/main.js serving apps/web/dist) on a free port, on embedded data in `dataDir`. */
export async function startBuiltServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready in \d+ ms/.test(output)) done();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => fail(new Error(`the server exited with ${code}:\n${output}`)));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((done) => {
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

/** Compressed bytes of every script the page has received so far. */
export function scriptBytes(page: Page) {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => s.responseBodySize));
  });
  return async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}
