/**
 * The public fill page of digital forms (issue 18, part 4: at most 150 KB of JavaScript gzip on first load
 * and interactive within 1.5 s in a phone-sized Chromium). Against the production build
 * (`npm run build && npm run build:api`, apps/api/dist/main.js on embedded demo data): prints the gzip size
 * of every script fill.html loads (from apps/web/dist, following its static imports), then per run, in a new
 * 390 × 844 touch context with an empty cache, the time from navigation to the form's first button being
 * usable (its data fetched and rendered) and the compressed JavaScript bytes that crossed the wire.
 *
 *   npx tsx scripts/bench/fill-page.ts [--runs 5]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { cliFlags } from '../cli-flags.ts';
import { REPO_ROOT } from '../sql-snapshots/attribute.ts';
import { int, summarise } from './bench-support.ts';
import { scriptBytes, startBuiltServer } from './built-app.ts';

const args = cliFlags('Usage: npx tsx scripts/bench/fill-page.ts [--runs 5]', {
  runs: { type: 'string', default: '5' },
});
const DIST = join(REPO_ROOT, 'apps/web/dist');

/** Every script fill.html loads before it runs: its entry, the preloads and their static imports. */
function firstLoadScripts(): Map<string, number> {
  const sizes = new Map<string, number>();
  const html = readFileSync(join(DIST, 'fill.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  while (queue.length > 0) {
    const path = queue.pop() as string;
    if (sizes.has(path)) continue;
    const code = readFileSync(join(DIST, path));
    sizes.set(path, gzipSync(code, { level: 9 }).length);
    for (const m of code.toString().matchAll(/from\s*"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${m[1]}`);
  }
  return sizes;
}

async function kioskLink(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'za.admin', password: DEMO_PASSWORD }),
  });
  const { token, user } = (await login.json()) as { token: string; user: { companyId: number } };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json() as Promise<Record<string, unknown> & { content?: { id: number }[] }>;
  };
  const forms = (await call('GET', `/api/form/all/${user.companyId}`)) as unknown as {
    id: number;
    name: string;
  }[];
  const form = forms.find((f) => f.name === 'New patient intake') ?? forms[0];
  const client = (await call('GET', `/api/client1/company/${user.companyId}/lazy?size=10`)).content?.[0];
  const created = await call('POST', `/api/form/request/${user.companyId}`, {
    formId: form?.id,
    clientId: client?.id,
    channel: 'kiosk',
  });
  if (typeof created.url !== 'string') throw new Error(`No link: ${JSON.stringify(created)}`);
  return new URL(created.url).hash;
}

async function run(baseUrl: string, hash: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const js = scriptBytes(page);
    const t = performance.now();
    await page.goto(`/f${hash}`);
    await page.getByTestId('fill-start').click();
    await page.locator('.fill-form input').first().waitFor();
    const interactive = performance.now() - t;
    await page.waitForLoadState('networkidle');
    return { interactive, wire: await js() };
  } finally {
    await browser.close();
  }
}

const scripts = firstLoadScripts();
const totalGzip = [...scripts.values()].reduce((a, b) => a + b, 0);
const dataDir = mkdtempSync(join(tmpdir(), 'pd-fill-'));
const server = await startBuiltServer(dataDir);
try {
  const hash = await kioskLink(server.baseUrl);
  await run(server.baseUrl, hash); // warms the server; not counted
  const runs = [];
  for (let i = 0; i < Number(args.runs); i++) runs.push(await run(server.baseUrl, hash));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `# Fill page, cold cache, Chromium 390 × 844, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log(`First-load JavaScript, gzip -9: ${kb(totalGzip)} (budget 150 KB)`);
  for (const [path, size] of scripts) console.log(`  ${path.replace(/-[\w-]{8}\.js$/, '.js')}: ${kb(size)}`);
  console.log('| measure | median | max | runs |');
  console.log('| --- | --- | --- | --- |');
  const line = (name: string, values: number[], format: (n: number) => string) => {
    const s = summarise(values);
    console.log(`| ${name} | ${format(s.median)} | ${format(s.max)} | ${values.map(format).join(', ')} |`);
  };
  line(
    'navigation to the form usable (notice read, Start pressed), ms',
    runs.map((r) => r.interactive),
    int,
  );
  line(
    'JavaScript on the wire (compressed, as sent)',
    runs.map((r) => r.wire),
    kb,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
