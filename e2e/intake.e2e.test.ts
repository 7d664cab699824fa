import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { baseUrl, useBrowserSuite } from './support/browser.ts';
import {
  clientsAddress,
  gotoPanel,
  panelHeading,
  screenshot,
  signInAs,
  toastWith,
} from './support/client-records.ts';
import { listSummary, waitForList } from './support/clients.ts';
import { longTextPdf } from './support/long-pdf.ts';
import { REPO_ROOT } from './support/server.ts';

/** Made by `npx tsx scripts/intake-samples.ts --count 1 --rows 3 --tag e2e --bad` (see docs/intake-formats.md). */
const FIXTURES = join(REPO_ROOT, 'e2e/fixtures/intake');
const fixture = (name: string) => join(FIXTURES, name);

interface Report {
  fileName: string;
  created: { row: number; clientId: number; name: string }[];
  updated: { row: number; clientId: number; name: string; matchedBy: string }[];
  rejected: { row: number }[];
}

/** Names and e-mails of a fixture CSV's rows (the cells read here hold no commas). */
function csvPeople(name: string) {
  const [header = '', ...lines] = readFileSync(fixture(name), 'utf8').trim().split(/\r?\n/);
  const columns = header.split(',');
  const find = (re: RegExp) => columns.findIndex((c) => re.test(c));
  const [first, last, email] = [find(/first/i), find(/surname/i), find(/mail/i)];
  return lines.map((line) => {
    const cells = line.split(',');
    return { name: `${cells[first]} ${cells[last]}`, email: cells[email] ?? '' };
  });
}

const suite = useBrowserSuite();
const [reception] = signedIn('za.reception');

const reportDialog = (page: Page) => page.getByRole('dialog', { name: 'Client intake imported' });

/** On tab 26: choose the format and the file, press Import; answers the API's report. */
async function importFile(page: Page, format: '001' | '002', file: string): Promise<Report> {
  await panelHeading(page, 'Import client intake').waitFor();
  await page.getByLabel(format === '001' ? '001 (Evexia form PDF)' : '002 (Netcare form PDF)').check();
  await page.getByLabel('File (.csv or .pdf)').setInputFiles(fixture(file));
  await page.getByText(new RegExp(`^${file.replace('.', '\\.')}, \\d+ KB$`)).waitFor();
  const answer = page.waitForResponse((r) => r.url().includes('/api/client1/import/clientintake/'));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  return (await (await answer).json()) as Report;
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import Client Intake', exact: true }).click();
  await waitForHash(page, clientsAddress(26));
}

describe('Import client intake (tab 26)', () => {
  it('opens from the toolbar, needs a file, and imports a CSV of each format: tab 1 reloads and shows the report', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await page.goto(`/${clientsAddress(1)}`);
    await waitForList(page);
    const before = await reception.summary();
    await openImport(page);
    await expect.poll(() => seriousViolations(page).then(describeViolations)).toBe('');
    expect(await page.getByLabel('File (.csv or .pdf)').getAttribute('accept')).toBe('.csv,.pdf');
    expect(await page.getByLabel('001 (Evexia form PDF)').isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    expect(await toastWith(page, 'No file selected.')).toBe('Error');
    expect(await visibleText(page.getByTestId('intake-failure'))).toBe('No file selected.');

    for (const [format, file] of [
      ['001', 'evexia-001.csv'],
      ['002', 'netcare-002.csv'],
    ] as const) {
      if (format === '002') await openImport(page);
      const people = csvPeople(file);
      const listReload = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/lazy'));
      const report = await importFile(page, format, file);
      expect(report.created.map((c) => c.name)).toEqual(people.map((p) => p.name));
      expect(await toastWith(page, 'Imported client intake.')).toBe('Successful');
      await waitForHash(page, clientsAddress(1));
      await listReload;
      await waitForList(page);
      const dialog = reportDialog(page);
      await dialog.waitFor();
      expect(await visibleText(page.getByTestId('intake-report-summary'))).toBe(
        `${file} (${format} ${format === '001' ? 'Evexia' : 'Netcare'} form PDF, read as a CSV): 3 clients created, 0 updated, 0 rejected.`,
      );
      const shown = await visibleText(dialog.getByRole('table', { name: 'Created clients' }));
      for (const person of people) expect(shown).toContain(person.name);
      if (format === '001') {
        await expect.poll(() => seriousViolations(page).then(describeViolations)).toBe('');
        await screenshot(page, 'intake-report');
      }
      await dialog.getByRole('button', { name: 'Close report', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    const after = await reception.summary();
    expect(after.clientsByStatus.A).toBe(before.clientsByStatus.A + 6);
    expect(await visibleText(listSummary(page))).toMatch(/\d/);
  });

  it('imports fillable and flat PDFs of both formats, with healthcare details; the same CSV again updates', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    for (const [format, file] of [
      ['001', 'evexia-001-fillable-1.pdf'],
      ['001', 'evexia-001-flat-1.pdf'],
      ['002', 'netcare-002-fillable-1.pdf'],
      ['002', 'netcare-002-flat-1.pdf'],
    ] as const) {
      await gotoPanel(page, 26);
      const report = await importFile(page, format, file);
      expect(report.created).toHaveLength(1);
      await toastWith(page, 'Imported client intake.');
      await reportDialog(page).waitFor();
      expect(await visibleText(page.getByTestId('intake-report-summary'))).toMatch(
        new RegExp(
          `^${file.replace('.', '\\.')} .*read as a ${file.includes('fillable') ? "fillable PDF's form fields" : "printed PDF's labels"}\\): 1 client created, 0 updated, 0 rejected\\.$`,
        ),
      );
      const id = report.created[0]?.clientId;
      const config = await reception.request<{ medicalName: string | null; diagnosisCode1: string | null }>(
        'GET',
        `/api/client1/${id}/config`,
      );
      expect(config.medicalName).toBeTruthy();
      expect(config.diagnosisCode1).toMatch(/^[A-Z]\d/);
      // "Show" opens the imported client's record page (issue 13).
      await reportDialog(page)
        .getByRole('button', { name: `Show ${report.created[0]?.name}` })
        .click();
      await waitForHash(page, `#/client/${id}`);
      await page.getByRole('heading', { name: report.created[0]?.name ?? '', level: 1 }).waitFor();
    }

    // Uploaded by the first test (files run in order on one server): now every row matches by ID number.
    await gotoPanel(page, 26);
    const again = await importFile(page, '001', 'evexia-001.csv');
    expect(again.created).toEqual([]);
    expect(again.updated.map((u) => u.matchedBy)).toEqual(['idNumber', 'idNumber', 'idNumber']);
    const dialog = reportDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Updated (3)' }).click();
    expect(await visibleText(dialog.getByRole('table', { name: 'Updated clients' }))).toContain('ID number');
  });

  it('says the file is queued while it waits for a free parser, then imports it', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'za.reception');
    await gotoPanel(page, 26);
    await panelHeading(page, 'Import client intake').waitFor();
    await page.getByLabel('File (.csv or .pdf)').setInputFiles(fixture('evexia-001.csv'));
    // The practice's other uploads (an API client's two long PDFs that are no intake forms) hold the one
    // parser for seconds: the browser's file waits behind them.
    const others = [1, 2].map((n) => {
      const form = new FormData();
      form.append('file', new Blob([longTextPdf(60_000)]), `long-${n}.pdf`);
      return fetch(`${baseUrl()}/api/client1/import/clientintake/evexia/${reception.user.companyId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${reception.token}` },
        body: form,
      });
    });
    const answer = page.waitForResponse((r) => r.url().includes('/api/client1/import/clientintake/'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const progress = page.getByTestId('intake-progress');
    await expect
      .poll(() => visibleText(progress), { timeout: 20_000, interval: 50 })
      .toMatch(/^Queued: waiting for a free reader, /);
    expect((await answer).status()).toBe(200);
    expect(await toastWith(page, 'Imported client intake.')).toBe('Successful');
    // Read and refused: they are not intake forms.
    expect((await Promise.all(others)).map((r) => r.status)).toEqual([400, 400]);
  });

  it('shows progress, and a refused file’s reason; nothing is imported and the panel stays', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await gotoPanel(page, 26);
    const before = await reception.summary();
    let release: () => void = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    await page.route(/\/api\/client1\/import\/clientintake\//, async (route: Route) => {
      await held;
      await route.fallback();
    });
    const answer = importFile(page, '001', 'bad-evexia-encrypted.pdf');
    const progress = page.getByTestId('intake-progress');
    await progress.waitFor();
    expect(await visibleText(progress)).toMatch(
      /Uploading the file: \d+%\.|Importing the clients\. Please wait\./,
    );
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    release();
    await answer;
    const reason = 'The PDF is encrypted (password-protected); save an unprotected copy and import that.';
    expect(await toastWith(page, `Import of client intake NOT successful. ${reason}`)).toBe('Error');
    expect(await visibleText(page.getByTestId('intake-failure'))).toBe(
      `Import of client intake NOT successful. ${reason}`,
    );
    await progress.waitFor({ state: 'detached' });
    await screenshot(page, 'intake-refused');
    await waitForHash(page, clientsAddress(26));
    expect(await reception.summary()).toEqual(before);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await waitForHash(page, clientsAddress(1));
  });

  it('a Netcare PDF imported as 001: an error toast and the panel say it looks like format 002, not seven required fields', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await gotoPanel(page, 26);
    const before = await reception.summary();
    await importFile(page, '001', 'netcare-002-fillable-1.pdf');
    const text =
      'Import of client intake NOT successful. This file looks like format 002 (Netcare form PDF), not 001 (Evexia form PDF). Choose 002 and import it again.';
    expect(await toastWith(page, text)).toBe('Error');
    const failure = page.getByTestId('intake-failure');
    expect(await visibleText(failure)).toBe(text);
    expect(await failure.getByText('Field is required').count()).toBe(0);
    await waitForHash(page, clientsAddress(26));
    expect(await reception.summary()).toEqual(before);
  });
});
