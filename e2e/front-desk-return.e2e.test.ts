import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { clientsAddress, panelHeading } from './support/client-records.ts';
import * as list from './support/clients.ts';

// Issue 13 points 1 and 12: back from a client's record page or a numbered panel, the list is as it was left.
const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

const lastNameFilter = (page: Page) =>
  page.getByRole('textbox', { name: 'Filter Last name (starts with)', exact: true });

/** What says which list the user is looking at: search, column filter, sort, page and the rows. */
async function listShown(page: Page) {
  await list.waitForList(page);
  return {
    search: await list.searchBox(page).inputValue(),
    lastNameFilter: await lastNameFilter(page).inputValue(),
    sort: await list.header(page, 'First name').getAttribute('aria-sort'),
    page: await visibleText(page.locator('.p-paginator .p-paginator-page.p-highlight')),
    summary: await visibleText(list.listSummary(page)),
    names: await list.columnTexts(page, 'Name'),
  };
}

describe('back to the client list as it was left (issue 13)', () => {
  it('search, column filter, sort and page 3 come back after the record page (Back or "Client list") and a panel', async () => {
    const tag = `Back${list.RUN}`;
    const made: { id: number; name: string }[] = [];
    for (const letter of 'abcdefghijklmnopqrstuvwxy') {
      made.push(await list.createZaClient(za, `Name${letter}`, tag));
    }
    const { page } = await suite.open();
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    await list.search(page, tag);
    await list.listAfter(
      page,
      () => lastNameFilter(page).fill(tag),
      (q) => q.has('filters'),
    );
    await list.listAfter(page, () => list.header(page, 'First name').click());
    await list.listAfter(page, () => list.header(page, 'First name').click());
    await list.listAfter(page, () => page.getByRole('button', { name: 'Page 3', exact: true }).click());
    const left = await listShown(page);
    // First names Z→A: page 3 of 10 holds the five that come first in the alphabet.
    expect(left).toEqual({
      search: tag,
      lastNameFilter: tag,
      sort: 'descending',
      page: '3',
      summary: '25 clients',
      names: made
        .slice(0, 5)
        .reverse()
        .map((c) => c.name),
    });
    const target = made[2] ?? made[0];
    const openRecord = async () => {
      await list.clientTable(page).getByRole('link', { name: target?.name, exact: true }).click();
      await page.getByRole('heading', { name: target?.name, level: 1 }).waitFor();
    };

    // The browser's Back.
    await openRecord();
    await page.goBack();
    await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
    await expect.poll(() => listShown(page)).toEqual(left);

    // The record page's own way back.
    await openRecord();
    await page.getByRole('link', { name: 'Client list' }).click();
    await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
    await expect.poll(() => listShown(page)).toEqual(left);

    // A numbered panel from the row menu: Cancel, and the browser's Back.
    const openPanel = async () => {
      await page.getByRole('button', { name: `Actions for ${target?.name}`, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Add Note', exact: true }).click();
      await waitForHash(page, clientsAddress(8, target?.id));
      await panelHeading(page, /Add note/).waitFor();
    };
    await openPanel();
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => listShown(page)).toEqual(left);
    await openPanel();
    await page.goBack();
    await expect.poll(() => listShown(page)).toEqual(left);

    // A panel opened on the record page, then its way back to the list.
    await openRecord();
    await page.getByRole('button', { name: `Add Note: ${target?.name}`, exact: true }).click();
    await waitForHash(page, clientsAddress(8, target?.id));
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('heading', { name: target?.name, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Client list' }).click();
    await expect.poll(() => listShown(page)).toEqual(left);

    // From another page, the menu starts a fresh list.
    await openRecord();
    await page.getByRole('menuitem', { name: 'Clients', exact: true }).click();
    await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
    await expect.poll(async () => (await listShown(page)).search).toBe('');
    expect(await lastNameFilter(page).inputValue()).toBe('');
  });
});
