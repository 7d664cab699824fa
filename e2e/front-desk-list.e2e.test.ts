import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import * as list from './support/clients.ts';

// Issue 13 point 10: the client list's rough edges.
const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

describe('the client list (issue 13)', () => {
  it('the one-client view shows its client even while a search that does not match it is active', async () => {
    const made = await list.createZaClient(za, 'Single', `Shown${list.RUN}`);
    const { page } = await suite.open();
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    await list.search(page, `nobodyatall${list.RUN}`);
    await page.getByTestId('clients-empty').waitFor();

    // The address names one client (as after a panel opened from a row): the search must not hide it.
    await list.listAfter(page, () =>
      page.evaluate((hash) => {
        window.location.hash = hash;
      }, `#/commonClients?inputActiveTab=1&inputClientId=${made.id}`),
    );
    expect(await visibleText(page.getByTestId('one-client'))).toContain(`Showing one client (ID ${made.id})`);
    expect(await list.columnTexts(page, 'Name')).toEqual([made.name]);
    expect(await visibleText(list.listSummary(page))).toBe('1 client');
  });

  it('the first click on "First name" sorts A→Z, the second Z→A', async () => {
    const { page } = await suite.open();
    await list.openClients(page, 'za.admin');
    await list.waitForList(page);
    const first = await list.listAfter(page, () => list.header(page, 'First name').click());
    expect(first.get('sort')).toBe('firstName:asc');
    expect(await list.header(page, 'First name').getAttribute('aria-sort')).toBe('ascending');
    const second = await list.listAfter(page, () => list.header(page, 'First name').click());
    expect(second.get('sort')).toBe('firstName:desc');
  });
});
