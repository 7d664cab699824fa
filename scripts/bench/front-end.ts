/**
 * The web app as a browser gets it, cold (issue 14, point 6): each run is a new Chromium context with an
 * empty cache against the production build (`npm run build && npm run build:api`, served by
 * apps/api/dist/main.js on embedded demo data). Prints, per run: the sign-in page's time to its form and
 * the JavaScript it moved (compressed bytes on the wire), sign-in to the module home, and sign-in to the
 * first client row (the Clients menu entry clicked as soon as the menu shows), with the JavaScript the
 * client list had moved by then.
 *
 *   npx tsx scripts/bench/front-end.ts [--runs 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { cliFlags } from '../cli-flags.ts';
import { int, summarise } from './bench-support.ts';
import { scriptBytes, startBuiltServer } from './built-app.ts';

const args = cliFlags('Usage: npx tsx scripts/bench/front-end.ts [--runs 5]', {
  runs: { type: 'string', default: '5' },
});

async function run(baseUrl: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const js = scriptBytes(page);
    let t = performance.now();
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    const signInPage = performance.now() - t;
    await page.waitForLoadState('networkidle');
    const signInJs = await js();
    await page.getByLabel('Username').fill('za.admin');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    t = performance.now();
    await page.getByLabel('Password').press('Enter');
    const clients = page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('menuitem', { name: 'Clients' });
    await clients.waitFor();
    const home = performance.now() - t;
    await clients.click();
    await page.locator('tbody tr:not(.p-datatable-emptymessage)').first().waitFor();
    const firstRows = performance.now() - t;
    await page.waitForLoadState('networkidle');
    return { signInPage, signInJs, home, firstRows, listJs: await js() };
  } finally {
    await browser.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pd-front-'));
const server = await startBuiltServer(dataDir);
try {
  await run(server.baseUrl); // the first start seeds the demo data and warms the server; not counted
  const runs = [];
  for (let i = 0; i < Number(args.runs); i++) runs.push(await run(server.baseUrl));
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const line = (name: string, values: number[], format: (n: number) => string) => {
    const s = summarise(values);
    console.log(`| ${name} | ${format(s.median)} | ${format(s.max)} | ${values.map(format).join(', ')} |`);
  };
  console.log(
    `# Front end, cold cache, Chromium, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log('| measure | median | max | runs |');
  console.log('| --- | --- | --- | --- |');
  line(
    'sign-in page: load to form, ms',
    runs.map((r) => r.signInPage),
    int,
  );
  line(
    'sign-in page: JavaScript on the wire',
    runs.map((r) => r.signInJs),
    kb,
  );
  line(
    'sign in to module home, ms',
    runs.map((r) => r.home),
    int,
  );
  line(
    'sign in to first client rows, ms',
    runs.map((r) => r.firstRows),
    int,
  );
  line(
    'client list: JavaScript on the wire (total)',
    runs.map((r) => r.listJs),
    kb,
  );
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
