import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type AppPage, launchBrowser, openApp } from './support/browser.ts';
import {
  ApiClient,
  bodyRows,
  clientTable,
  columnHeaders,
  columnTexts,
  createZaClient,
  DEFAULT_HEADERS,
  header,
  listAfter,
  listSummary,
  listViaApi,
  openClients,
  RUN,
  rowMenu,
  SCREENSHOT_DIR,
  screenshot,
  search,
  searchBox,
  waitForList,
} from './support/clients.ts';

let browser: Browser;
let app: AppPage;
let za: ApiClient;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  browser = await launchBrowser();
  za = await ApiClient.signIn('za.admin');
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  expect(app.problems).toEqual([]);
  await app.context.close();
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  expect(describeViolations(await seriousViolations(page))).toBe('');
}

describe('client list', () => {
  it('shows the loading message, then a page of 10; page size and multi-column sort go to the server', async () => {
    app = await openApp(browser);
    const { page } = app;
    // Hold the first answer back so the loading state is visible.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/lazy?**', async (route) => {
      await held;
      await route.continue();
    });
    await openClients(page, 'za.admin');
    await listSummary(page).getByText('Loading clients. Please wait.').waitFor();
    release();
    await waitForList(page);

    const total = (await listViaApi(za, {})).totalElements;
    expect(total).toBeGreaterThan(10);
    expect(await bodyRows(page).count()).toBe(10);
    expect(await visibleText(listSummary(page))).toBe(`${total} clients`);
    expect(await columnHeaders(page)).toEqual(DEFAULT_HEADERS);

    const sized = await listAfter(page, async () => {
      await page.locator('.p-paginator .p-dropdown').click();
      await page.getByRole('option', { name: '20', exact: true }).click();
    });
    expect(sized.get('size')).toBe('20');
    expect(await bodyRows(page).count()).toBe(Math.min(20, total));

    // The list opens sorted by last then first name; a plain click sorts by that column alone.
    expect(await header(page, 'Last name').getAttribute('aria-sort')).toBe('ascending');
    const byEmail = await listAfter(page, () => header(page, 'E-mail').click());
    expect(byEmail.get('sort')).toBe('email:asc');
    const emails = (await columnTexts(page, 'E-mail')).filter((e) => e !== '—');
    expect(emails.length).toBeGreaterThan(10);
    expect(emails).toEqual([...emails].sort());
    expect(await header(page, 'Last name').getAttribute('aria-sort')).toBe('none');

    // Ctrl+click adds a column to the sort; a second Ctrl+click reverses it.
    const twoColumns = await listAfter(page, () => header(page, 'Status').click({ modifiers: ['Control'] }));
    expect(twoColumns.get('sort')).toBe('email:asc,status:asc');
    const reversed = await listAfter(page, () => header(page, 'Status').click({ modifiers: ['Control'] }));
    expect(reversed.get('sort')).toBe('email:asc,status:desc');
    expect(await header(page, 'Status').getAttribute('aria-sort')).toBe('descending');
    expect(await header(page, 'E-mail').getAttribute('aria-sort')).toBe('ascending');
    // By status descending within equal e-mails: the rows still come back in e-mail order.
    const stillByEmail = (await columnTexts(page, 'E-mail')).filter((e) => e !== '—');
    expect(stillByEmail).toEqual([...stillByEmail].sort());
  });

  it('the column chooser adds ID and Category; the view is remembered; Restore to Original View resets', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);

    await page.locator('.list-controls__columns').click();
    await page.getByRole('option', { name: 'ID', exact: true }).click();
    await page.getByRole('option', { name: 'Category', exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await columnHeaders(page)).toEqual([...DEFAULT_HEADERS, 'ID', 'Category']);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await listAfter(page, () => header(page, 'ID').click());
    await listAfter(page, async () => {
      await page.locator('.p-paginator .p-dropdown').click();
      await page.getByRole('option', { name: '50', exact: true }).click();
    });
    await screenshot(page, 'clients-list-advanced');

    await page.reload();
    await waitForList(page);
    expect(await columnHeaders(page)).toEqual([...DEFAULT_HEADERS, 'ID', 'Category']);
    expect(await page.getByRole('button', { name: 'Advanced' }).getAttribute('aria-pressed')).toBe('true');
    expect(await header(page, 'ID').getAttribute('aria-sort')).toBe('ascending');
    const ids = (await columnTexts(page, 'ID')).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await visibleText(page.locator('.p-paginator .p-dropdown'))).toContain('50');

    const restored = await listAfter(page, () =>
      page.getByRole('button', { name: 'Restore to Original View' }).click(),
    );
    expect(restored.get('sort')).toBe('lastName:asc,firstName:asc');
    expect(restored.get('size')).toBe('10');
    expect(await columnHeaders(page)).toEqual(DEFAULT_HEADERS);
    expect(await page.getByRole('button', { name: 'Basic' }).getAttribute('aria-pressed')).toBe('true');
    expect(await bodyRows(page).count()).toBe(10);
  });

  it('searches on Enter only, lowercased, matching "contains"; Esc clears; no match says so', async () => {
    const tag = `${RUN}srch`;
    const made = await createZaClient(za, 'Searchable', `Mc${tag}Son`);
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);
    const before = await columnTexts(page, 'Name');
    const { totalElements: total } = await listViaApi(za, {});

    const sent: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/lazy')) sent.push(url.searchParams.get('search') ?? '');
    });
    await searchBox(page).pressSequentially(tag.toUpperCase(), { delay: 20 });
    await page.waitForTimeout(600);
    expect(sent).toEqual([]);
    expect(await columnTexts(page, 'Name')).toEqual(before);

    const params = await listAfter(page, () => searchBox(page).press('Enter'));
    expect(params.get('search')).toBe(tag.toLowerCase());
    expect(await columnTexts(page, 'Name')).toEqual([made.name]);
    expect(await visibleText(listSummary(page))).toBe('1 client');

    // Esc empties the box and the search: the whole list again (from the cache, so maybe no request).
    await searchBox(page).press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');
    await expect.poll(() => visibleText(listSummary(page))).toBe(`${total} clients`);
    expect(await bodyRows(page).count()).toBe(10);

    await search(page, `no such client ${RUN}`);
    expect(await bodyRows(page).count()).toBe(0);
    await clientTable(page).getByText('No clients found.').waitFor();
    expect(await visibleText(listSummary(page))).toBe('0 clients');
    await screenshot(page, 'clients-list-empty');
  });

  it('the standard filter, a "starts with" column filter and Clear Search', async () => {
    const tag = `${RUN}col`;
    const starts = await createZaClient(za, 'Filtered', `Fq${tag}`);
    await createZaClient(za, 'Other', `Zz${tag}`);
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);

    const juristic = await listAfter(page, async () => {
      await page.locator('.list-controls__standard').click();
      await page.getByRole('option', { name: 'Juristic', exact: true }).click();
    });
    expect(juristic.get('filter')).toBe('juristic');
    const types = await columnTexts(page, 'Type');
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t === 'J\nJuristic person' || t === 'J Juristic person')).toBe(true);
    expect(await columnTexts(page, 'Name')).toContain('Sandton Mining Ltd');

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(10);
    const lastName = page.getByRole('textbox', { name: 'Filter Last name (starts with)' });
    const filtered = await listAfter(
      page,
      () => lastName.fill(`fQ${tag}`),
      (q) => q.has('filters'),
    );
    expect(JSON.parse(filtered.get('filters') ?? '{}')).toEqual({ lastName: `fQ${tag}` });
    expect(await columnTexts(page, 'Name')).toEqual([starts.name]);

    // Both last names contain the tag, neither starts with it.
    await listAfter(
      page,
      () => lastName.fill(tag),
      (q) => q.get('filters')?.includes(`"${tag}"`) ?? false,
    );
    expect(await bodyRows(page).count()).toBe(0);
    await clientTable(page).getByText('No clients found.').waitFor();

    await searchBox(page).fill('mining');
    await searchBox(page).press('Enter');
    await page.locator('.list-controls__standard').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await waitForList(page);
    expect(await columnTexts(page, 'Name')).toEqual([]);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    const { totalElements: total } = await listViaApi(za, {});
    await expect.poll(() => visibleText(listSummary(page))).toBe(`${total} clients`);
    expect(await searchBox(page).inputValue()).toBe('');
    expect(await lastName.inputValue()).toBe('');
    expect(await visibleText(page.locator('.list-controls__standard .p-dropdown-label'))).toBe('All clients');
    expect(await bodyRows(page).count()).toBe(10);
  });
});

describe('address, panels and row actions', () => {
  it('inputClientId restricts the list to one client, survives a reload, and Show all lifts it', async () => {
    const made = await createZaClient(za, 'Only', `One${RUN}`);
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin', `?inputActiveTab=1&inputClientId=${made.id}`);
    await waitForList(page);
    expect(await columnTexts(page, 'Name')).toEqual([made.name]);
    expect(await visibleText(page.getByTestId('one-client'))).toContain(`Showing one client (ID ${made.id})`);

    await page.reload();
    await waitForList(page);
    expect(await columnTexts(page, 'Name')).toEqual([made.name]);

    // A panel opened from this list returns to it, still restricted.
    await rowMenu(page, made.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, `#/commonClients?inputActiveTab=1&inputClientId=${made.id}`);
    await waitForList(page);
    expect(await columnTexts(page, 'Name')).toEqual([made.name]);

    await listAfter(page, () => page.getByRole('button', { name: 'Show all' }).click());
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    expect(await bodyRows(page).count()).toBe(10);
    expect(await page.getByTestId('one-client').count()).toBe(0);
  });

  it('za.admin (company H, practice role) gets its row actions in both views; Select opens Update', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await search(page, 'anele zulu');
    // rowActionsFor gives a practice user of company H, with invoicing: Update, Update Advanced, Delete,
    // Add Note, View Notes, Add Product, Create Invoice (no tasks for ROLE_ISOPRACTICE); the advanced view
    // adds View Products, Send Email, Send SMS, Add Audit Trail, Create Unpaid Notice. View Invoices (the
    // Invoices page for the client, issue 6) closes every menu.
    const basic = [
      'Update',
      'Update Advanced',
      'Delete',
      'Add Note',
      'View Notes',
      'Add Product',
      'Create Invoice',
    ];
    expect(await rowMenu(page, 'Anele Zulu')).toEqual([...basic, 'View Invoices']);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Advanced' }).click();
    expect(await rowMenu(page, 'Anele Zulu')).toEqual([
      ...basic,
      'View Products',
      'Send Email',
      'Send SMS',
      'Add Audit Trail',
      'Create Unpaid Notice',
      'View Invoices',
    ]);
    await page.keyboard.press('Escape');

    const select = page.getByRole('button', { name: 'Select Anele Zulu', exact: true });
    expect(await visibleText(select)).toBe('Select');
    await select.click();
    const anele = (await listViaApi(za, { search: 'anele zulu' })).content[0];
    await waitForHash(page, `#/commonClients?inputActiveTab=4&inputClientId=${anele?.id}`);

    await page.goBack();
    await waitForHash(page, '#/commonClients');
    await rowMenu(page, 'Anele Zulu');
    await page.getByRole('menuitem', { name: 'Update Advanced' }).click();
    await waitForHash(page, `#/commonClients?inputActiveTab=3&inputClientId=${anele?.id}`);
  });

  it('uk.adviser (company F) gets no Update Advanced but gets tasks, and tab 3 is not available there', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'uk.adviser', '', 'Financial adviser overview');
    await search(page, 'alice smith');
    // Company F: no Update Advanced; a rise user gets tasks, and no Create Invoice in the basic view.
    expect(await rowMenu(page, 'Alice Smith')).toEqual([
      'Update',
      'Delete',
      'Add Note',
      'View Notes',
      'Add Product',
      'Add Task',
      'View Tasks',
      'View Invoices',
    ]);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Export Clients' }).count()).toBe(0);

    await page.goto('/#/commonClients?inputActiveTab=3&inputClientId=1');
    await page
      .getByText('healthcare details are kept by healthcare practices only', { exact: false })
      .waitFor();
  });

  it('moves between tabs with back and forward; an unknown panel says so and leads back', async () => {
    const made = await createZaClient(za, 'Travel', `Back${RUN}`);
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await search(page, made.name);
    await rowMenu(page, made.name);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await waitForHash(page, `#/commonClients?inputActiveTab=5&inputClientId=${made.id}`);
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();

    await page.goBack();
    await waitForHash(page, '#/commonClients');
    await waitForList(page);
    expect(await page.getByRole('heading', { name: 'Delete client' }).count()).toBe(0);
    // The search the user made is still there after the visit to the panel.
    expect(await columnTexts(page, 'Name')).toEqual([made.name]);

    await page.goForward();
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();

    // Tab 40 (the import-payments reset) is not shown by this product.
    await page.goto('/#/commonClients?inputActiveTab=40&inputClientId=1');
    await page.getByRole('heading', { name: 'Unknown panel', level: 2 }).waitFor();
    await page.getByText('This panel is not available yet.').waitFor();
    await screenshot(page, 'clients-panel-not-available', false);
    await page.getByRole('link', { name: 'Back to the client list' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await waitForList(page);
  });

  it('the heading link goes to tab 1 with a full reload', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin', '?inputActiveTab=14');
    await page.getByText('Choose a client in the list first', { exact: false }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
    });
    await page.getByRole('link', { name: 'Manage Clients' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await waitForList(page);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
  });
});

describe('toolbar', () => {
  it('Export Clients downloads clients.csv of the current search for an administrator (uk.admin)', async () => {
    const uk = await ApiClient.signIn('uk.admin');
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'uk.admin');
    await search(page, 'smith');
    const expected = (await listViaApi(uk, { search: 'smith', size: '100' })).content;
    expect(expected.length).toBeGreaterThan(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Clients' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('clients.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'name,firstName,preferredName,lastName,email,mobile,type,status,companyId,id,category',
    );
    expect(lines.length - 1).toBe(expected.length);
    for (const client of expected) expect(csv).toContain(client.name);
    await page.getByText('Exported client information.').waitFor();
  });

  it('za.admin sees Export Clients; za.reception does not, but gets Bulk SMS and Import Client Intake', async () => {
    app = await openApp(browser);
    let { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);
    expect(await page.getByRole('button', { name: 'Export Clients' }).count()).toBe(1);
    await app.context.close();

    app = await openApp(browser);
    page = app.page;
    await openClients(page, 'za.reception');
    await waitForList(page);
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
      await waitForList(page);
    }
    await page.getByRole('button', { name: 'New Client' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=2');
  });

  it('Help describes the screen; Contact Support mails the company support address', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);
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
    await screenshot(page, 'clients-help', false);
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
  });
});

describe('delete, failure, accessibility', () => {
  it('Delete: No by default, Yes plus the typed name enables it, then the client is gone', async () => {
    const made = await createZaClient(za, 'Doomed', `Del${RUN}`);
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await search(page, made.name);
    await rowMenu(page, made.name);
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
    await screenshot(page, 'clients-delete');
    await expectNoSeriousViolations(page);

    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await remove.click();
    const answer = await deleted;
    expect(answer.status()).toBe(204);
    expect(new URL(answer.url()).searchParams.get('answer')).toBe('Y');
    await page.getByText('Deleted client.').waitFor();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await clientTable(page).getByText('No clients found.').waitFor();
    expect((await listViaApi(za, { search: made.name.toLowerCase() })).totalElements).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  it('Cancel on Delete returns to the list and keeps the client', async () => {
    const made = await createZaClient(za, 'Kept', `Can${RUN}`);
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin', `?inputActiveTab=5&inputClientId=${made.id}`);
    await page.getByRole('heading', { name: 'Delete client', level: 2 }).waitFor();
    await page.getByText('Yes, delete this client').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await search(page, made.name);
    expect(await columnTexts(page, 'Name')).toEqual([made.name]);
  });

  it('a failed list load is logged and shows an error toast, "No clients found." and a total of 0', async () => {
    app = await openApp(browser);
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
    await openClients(page, 'za.admin');
    const toast = page.locator('.p-toast-message-error');
    await toast.waitFor();
    expect(await visibleText(toast)).toContain('Error');
    expect(await visibleText(toast)).toContain('Failed to load clients. Please try again.');
    await clientTable(page).getByText('No clients found.').waitFor();
    expect(await visibleText(listSummary(page))).toBe('0 clients');
    expect(logged.some((text) => text.includes('The client list failed to load'))).toBe(true);
  });

  it('a capped total says "More than 1,000 clients match. Refine the search."', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);
    // A demo company is too small to match more than 1,000: the answer of a large one is played back.
    await page.route('**/lazy?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { totalElements: number; totalExact: boolean };
      await route.fulfill({ response, json: { ...body, totalElements: 1000, totalExact: false } });
    });
    await search(page, 'a');
    expect(await visibleText(listSummary(page))).toBe('More than 1,000 clients match. Refine the search.');
    expect(await visibleText(page.locator('.p-paginator'))).toContain('of more than 1,000');
  });

  it('the list has no serious axe violation and its Select buttons are reachable with Tab', async () => {
    app = await openApp(browser);
    const { page } = app;
    await openClients(page, 'za.admin');
    await waitForList(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'clients-list-basic');
    await expectNoSeriousViolations(page);

    await searchBox(page).focus();
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
