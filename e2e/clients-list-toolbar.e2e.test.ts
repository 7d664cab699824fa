import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';

import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import * as list from './support/clients.ts';

const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

describe('toolbar', () => {
  it('Export Clients downloads clients.csv of the current search for an administrator (uk.admin)', async () => {
    const uk = await list.ApiClient.signIn('uk.admin');
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'uk.admin');
    await list.search(page, 'smith');
    const expected = (await list.listViaApi(uk, { search: 'smith', size: '100' })).content;
    expect(expected.length).toBeGreaterThan(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Clients' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('clients.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'name,firstName,preferredName,lastName,email,mobile,type,status,companyId,id,category,mobileE164',
    );
    expect(lines.length - 1).toBe(expected.length);
    for (const client of expected) expect(csv).toContain(client.name);
    await page.getByText('Exported client information.').waitFor();
  });

  it('za.admin sees Export Clients; za.reception does not, but gets Bulk SMS and Import Client Intake', async () => {
    const first = await suite.open();
    let { page } = first;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    expect(await page.getByRole('button', { name: 'Export Clients' }).count()).toBe(1);
    await first.context.close();

    const app = await suite.open();
    page = app.page;
    await list.openClients(page, 'za.reception');
    await list.waitForList(page);
    expect(await page.getByRole('button', { name: 'New Client' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Export Clients' }).count()).toBe(0);
    for (const [name, tab] of [
      ['Bulk SMS', 24],
      ['Import Client Intake', 26],
    ] as const) {
      await page.getByRole('button', { name, exact: true }).click();
      await waitForHash(page, `#/commonClients?inputActiveTab=${tab}`);
      await page.goBack();
      await waitForHash(page, '#/commonClients');
      await list.waitForList(page);
    }
    await page.getByRole('button', { name: 'New Client' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=2');
  });

  it('Help describes the screen; Contact Support mails the company support address', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    const mail = page.getByRole('link', { name: 'Contact Support' });
    const href = (await mail.getAttribute('href')) ?? '';
    expect(href.startsWith('mailto:support@practicedesk.example?')).toBe(true);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Practice Desk support: Manage Clients');
    expect(params.get('body')).toContain('Rosebank Physiotherapy Practice');
    expect(params.get('body')).toContain('Thandi Mokoena (za.admin)');

    await page.getByRole('button', { name: 'Help' }).click();
    const help = page.getByTestId('clients-help');
    await help.waitFor();
    const text = await visibleText(help);
    for (const part of [
      'Search',
      'Standard filter',
      'Restore to Original View',
      'Ctrl',
      'Keyboard',
      'Select',
    ]) {
      expect(text).toContain(part);
    }
    await page.waitForTimeout(400);
    await list.screenshot(page, 'clients-help', false);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });
});

describe('delete, failure, accessibility', () => {
  it('Delete: No by default, Yes plus the typed name enables it, then the client is gone', async () => {
    const made = await list.createZaClient(za, 'Doomed', `Del${list.RUN}`);
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await list.search(page, made.name);
    await list.rowMenu(page, made.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();
    expect(await visibleText(page.getByTestId('delete-client-details'))).toContain(made.name);

    const no = page.getByRole('radio', { name: 'No, keep this client' });
    const yes = page.getByRole('radio', { name: 'Yes, delete this client' });
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    expect(await no.isChecked()).toBe(true);
    expect(await yes.isChecked()).toBe(false);
    expect(await remove.isDisabled()).toBe(true);
    expect(await page.getByLabel(/to confirm/).count()).toBe(0);

    await page.getByText('Yes, delete this client').click();
    const typed = page.getByLabel(/to confirm/);
    await typed.fill('Doomed');
    expect(await remove.isDisabled()).toBe(true);
    await typed.fill(`  ${made.name.toUpperCase()} `);
    expect(await remove.isDisabled()).toBe(false);
    await list.screenshot(page, 'clients-delete');
    await expectNoSeriousViolations(page);

    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await remove.click();
    const answer = await deleted;
    expect(answer.status()).toBe(204);
    expect(new URL(answer.url()).searchParams.get('answer')).toBe('Y');
    await page.getByText('Deleted client.').waitFor();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await list.clientTable(page).getByText('No clients found.').waitFor();
    expect((await list.listViaApi(za, { search: made.name.toLowerCase() })).totalElements).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('Cancel on Delete returns to the list and keeps the client', async () => {
    const made = await list.createZaClient(za, 'Kept', `Can${list.RUN}`);
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin', `?inputActiveTab=5&inputClientId=${made.id}`);
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();
    await page.getByText('Yes, delete this client').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await list.search(page, made.name);
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);
  });

  it('a failed list load is logged and shows an error toast, "No clients found." and a total of 0', async () => {
    const app = await suite.open();
    const { page } = app;
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.route('**/lazy?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong.', requestId: 'x' }),
      }),
    );
    await list.openClients(page, 'za.admin');
    const toast = page.locator('.p-toast-message-error');
    await toast.waitFor();
    expect(await visibleText(toast)).toContain('Error');
    expect(await visibleText(toast)).toContain('Failed to load clients. Please try again.');
    await list.clientTable(page).getByText('No clients found.').waitFor();
    expect(await visibleText(list.listSummary(page))).toBe('0 clients');
    expect(logged.some((text) => text.includes('The client list failed to load'))).toBe(true);
  });

  it('a capped total says "More than 1,000 clients match. Refine the search."', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    // A demo company is too small to match more than 1,000: the answer of a large one is played back.
    await page.route('**/lazy?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { totalElements: number; totalExact: boolean };
      await route.fulfill({ response, json: { ...body, totalElements: 1000, totalExact: false } });
    });
    await list.search(page, 'a');
    expect(await visibleText(list.listSummary(page))).toBe(
      'More than 1,000 clients match. Refine the search.',
    );
    expect(await visibleText(page.locator('.p-paginator'))).toContain('of more than 1,000');
  });

  it('the list has no serious axe violation and its Select buttons are reachable with Tab', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await list.screenshot(page, 'clients-list-basic');
    await expectNoSeriousViolations(page);

    await list.searchBox(page).focus();
    let reached = '';
    for (let i = 0; i < 40 && !reached.startsWith('Select '); i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(reached).toMatch(/^Select .+/);
    // Enter on the focused Select opens the first action, Update.
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /inputActiveTab=4&inputClientId=\d+$/.test(location.hash));
  });
});
