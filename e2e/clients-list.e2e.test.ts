import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';

import { useBrowserSuite } from './support/browser.ts';
import * as list from './support/clients.ts';

const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

describe('client list', () => {
  it('shows the loading message, then a page of 10; page size and multi-column sort go to the server', async () => {
    const app = await suite.open();
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
    await list.openClients(page, 'za.admin');
    await list.listSummary(page).getByText('Loading clients. Please wait.').waitFor();
    release();
    await list.waitForList(page);

    const total = (await list.listViaApi(za, {})).totalElements;
    expect(total).toBeGreaterThan(10);
    expect(await list.bodyRows(page).count()).toBe(10);
    expect(await visibleText(list.listSummary(page))).toBe(`${total} clients`);
    expect(await list.columnHeaders(page)).toEqual(list.DEFAULT_HEADERS);

    const sized = await list.listAfter(page, async () => {
      await page.locator('.p-paginator .p-dropdown').click();
      await page.getByRole('option', { name: '20', exact: true }).click();
    });
    expect(sized.get('size')).toBe('20');
    expect(await list.bodyRows(page).count()).toBe(Math.min(20, total));

    // The list opens sorted by last then first name; a plain click sorts by that column alone.
    expect(await list.header(page, 'Last name').getAttribute('aria-sort')).toBe('ascending');
    const byEmail = await list.listAfter(page, () => list.header(page, 'E-mail').click());
    expect(byEmail.get('sort')).toBe('email:asc');
    const emails = (await list.columnTexts(page, 'E-mail')).filter((e) => e !== '—');
    expect(emails.length).toBeGreaterThan(10);
    expect(emails).toEqual([...emails].sort());
    expect(await list.header(page, 'Last name').getAttribute('aria-sort')).toBe('none');

    // Ctrl+click adds a column to the sort; a second Ctrl+click reverses it.
    const twoColumns = await list.listAfter(page, () =>
      list.header(page, 'Status').click({ modifiers: ['Control'] }),
    );
    expect(twoColumns.get('sort')).toBe('email:asc,status:asc');
    const reversed = await list.listAfter(page, () =>
      list.header(page, 'Status').click({ modifiers: ['Control'] }),
    );
    expect(reversed.get('sort')).toBe('email:asc,status:desc');
    expect(await list.header(page, 'Status').getAttribute('aria-sort')).toBe('descending');
    expect(await list.header(page, 'E-mail').getAttribute('aria-sort')).toBe('ascending');
    // By status descending within equal e-mails: the rows still come back in e-mail order.
    const stillByEmail = (await list.columnTexts(page, 'E-mail')).filter((e) => e !== '—');
    expect(stillByEmail).toEqual([...stillByEmail].sort());
  });

  it('the column chooser adds ID and Category; the view is remembered; Restore to Original View resets', async () => {
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);

    await page.locator('.list-controls__columns').click();
    await page.getByRole('option', { name: 'ID', exact: true }).click();
    await page.getByRole('option', { name: 'Category', exact: true }).click();
    await page.keyboard.press('Escape');
    expect(await list.columnHeaders(page)).toEqual([...list.DEFAULT_HEADERS, 'ID', 'Category']);
    await page.getByRole('button', { name: 'Advanced' }).click();
    await list.listAfter(page, () => list.header(page, 'ID').click());
    await list.listAfter(page, async () => {
      await page.locator('.p-paginator .p-dropdown').click();
      await page.getByRole('option', { name: '50', exact: true }).click();
    });
    await list.screenshot(page, 'clients-list-advanced');

    await page.reload();
    await list.waitForList(page);
    expect(await list.columnHeaders(page)).toEqual([...list.DEFAULT_HEADERS, 'ID', 'Category']);
    expect(await page.getByRole('button', { name: 'Advanced' }).getAttribute('aria-pressed')).toBe('true');
    expect(await list.header(page, 'ID').getAttribute('aria-sort')).toBe('ascending');
    const ids = (await list.columnTexts(page, 'ID')).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(await visibleText(page.locator('.p-paginator .p-dropdown'))).toContain('50');

    const restored = await list.listAfter(page, () =>
      page.getByRole('button', { name: 'Restore to Original View' }).click(),
    );
    expect(restored.get('sort')).toBe('lastName:asc,firstName:asc');
    expect(restored.get('size')).toBe('10');
    expect(await list.columnHeaders(page)).toEqual(list.DEFAULT_HEADERS);
    expect(await page.getByRole('button', { name: 'Basic' }).getAttribute('aria-pressed')).toBe('true');
    expect(await list.bodyRows(page).count()).toBe(10);
  });

  it('searches on Enter only, lowercased, matching "contains"; Esc clears; no match says so', async () => {
    const tag = `${list.RUN}srch`;
    const made = await list.createZaClient(za, 'Searchable', `Mc${tag}Son`);
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    const before = await list.columnTexts(page, 'Name');
    const { totalElements: total } = await list.listViaApi(za, {});

    const sent: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/lazy')) sent.push(url.searchParams.get('search') ?? '');
    });
    await list.searchBox(page).pressSequentially(tag.toUpperCase(), { delay: 20 });
    await page.waitForTimeout(600);
    expect(sent).toEqual([]);
    expect(await list.columnTexts(page, 'Name')).toEqual(before);

    const params = await list.listAfter(page, () => list.searchBox(page).press('Enter'));
    expect(params.get('search')).toBe(tag.toLowerCase());
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);
    expect(await visibleText(list.listSummary(page))).toBe('1 client');

    // Esc empties the box and the search: the whole list again (from the cache, so maybe no request).
    await list.searchBox(page).press('Escape');
    expect(await list.searchBox(page).inputValue()).toBe('');
    await expect.poll(() => visibleText(list.listSummary(page))).toBe(`${total} clients`);
    expect(await list.bodyRows(page).count()).toBe(10);

    await list.search(page, `no such client ${list.RUN}`);
    expect(await list.bodyRows(page).count()).toBe(0);
    await list.clientTable(page).getByText('No clients found.').waitFor();
    expect(await visibleText(list.listSummary(page))).toBe('0 clients');
    await list.screenshot(page, 'clients-list-empty');
  });

  it('the standard filter, a "starts with" column filter and Clear Search', async () => {
    const tag = `${list.RUN}col`;
    const starts = await list.createZaClient(za, 'Filtered', `Fq${tag}`);
    await list.createZaClient(za, 'Other', `Zz${tag}`);
    const app = await suite.open();
    const { page } = app;
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);

    const juristic = await list.listAfter(page, async () => {
      await page.locator('.list-controls__standard').click();
      await page.getByRole('option', { name: 'Juristic', exact: true }).click();
    });
    expect(juristic.get('filter')).toBe('juristic');
    const types = await list.columnTexts(page, 'Type');
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t === 'Juristic person')).toBe(true);
    expect(await list.columnTexts(page, 'Name')).toContain('Sandton Mining Ltd');

    await page.getByRole('button', { name: 'Clear Search' }).click();
    await expect.poll(() => list.bodyRows(page).count()).toBe(10);
    const lastName = page.getByRole('textbox', { name: 'Filter Last name (starts with)' });
    const filtered = await list.listAfter(
      page,
      () => lastName.fill(`fQ${tag}`),
      (q) => q.has('filters'),
    );
    expect(JSON.parse(filtered.get('filters') ?? '{}')).toEqual({ lastName: `fQ${tag}` });
    expect(await list.columnTexts(page, 'Name')).toEqual([starts.name]);

    // Both last names contain the tag, neither starts with it.
    await list.listAfter(
      page,
      () => lastName.fill(tag),
      (q) => q.get('filters')?.includes(`"${tag}"`) ?? false,
    );
    expect(await list.bodyRows(page).count()).toBe(0);
    await list.clientTable(page).getByText('No clients found.').waitFor();

    await list.searchBox(page).fill('mining');
    await list.searchBox(page).press('Enter');
    await page.locator('.list-controls__standard').click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await list.waitForList(page);
    expect(await list.columnTexts(page, 'Name')).toEqual([]);
    await page.getByRole('button', { name: 'Clear Search' }).click();
    const { totalElements: total } = await list.listViaApi(za, {});
    await expect.poll(() => visibleText(list.listSummary(page))).toBe(`${total} clients`);
    expect(await list.searchBox(page).inputValue()).toBe('');
    expect(await lastName.inputValue()).toBe('');
    expect(await visibleText(page.locator('.list-controls__standard .p-dropdown-label'))).toBe('All clients');
    expect(await list.bodyRows(page).count()).toBe(10);
  });
});
