import { join } from 'node:path';
import type { Locator, Page, Response } from 'playwright-core';
import { ApiClient } from './api.ts';
import { SCREENSHOT_DIR, signIn } from './app.ts';
import { roleCase } from './demo.ts';

export { SCREENSHOT_DIR };

/** A token unique to this run, so the clients a test creates are the only ones its searches match. */
export const RUN = `q${Date.now().toString(36)}`;

export interface ListPage {
  content: { id: number; name: string; lastName: string | null; type: string; status: string }[];
  totalElements: number;
  totalExact: boolean;
}

export const clientTable = (page: Page): Locator => page.getByRole('table', { name: 'Clients' });
export const listSummary = (page: Page): Locator => page.getByTestId('clients-summary');

/** Signs in and opens Manage Clients at the given address (default: the list), waiting for the rows. */
export async function openClients(
  page: Page,
  username: string,
  query = '',
  homeTitle = roleCase(username).title,
): Promise<void> {
  await signIn(page, username, homeTitle);
  await page.goto(`/#/commonClients${query}`);
  await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
}

/** Waits until the list is not loading: the summary shows a count (or the empty message). */
export async function waitForList(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const summary = document.querySelector('[data-testid="clients-summary"]');
    return (
      summary &&
      !summary.textContent?.includes('Loading clients') &&
      !document.querySelector('.p-datatable-loading-overlay')
    );
  });
}

/** Resolves with the next client-list answer whose query matches; start it before the action. */
export function nextListResponse(
  page: Page,
  match: (params: URLSearchParams) => boolean = () => true,
): Promise<Response> {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname.endsWith('/lazy') && match(url.searchParams);
  });
}

/** Runs an action and waits for the list it causes to be loaded and shown. */
export async function listAfter(
  page: Page,
  action: () => Promise<unknown>,
  match?: (params: URLSearchParams) => boolean,
): Promise<URLSearchParams> {
  const response = nextListResponse(page, match);
  await action();
  const answered = await response;
  await waitForList(page);
  return new URL(answered.url()).searchParams;
}

/** The visible texts of one column, by its header, for every client row shown. */
export function columnTexts(page: Page, header: string): Promise<string[]> {
  return clientTable(page).evaluate((table, name) => {
    const headers = Array.from(table.querySelectorAll('thead tr:first-child th'));
    const index = headers.findIndex(
      (th) => (th.querySelector('.p-column-title') ?? th).textContent?.trim() === name,
    );
    if (index < 0) throw new Error(`No column ${name}`);
    return Array.from(table.querySelectorAll('tbody tr:not(.p-datatable-emptymessage)')).map(
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as a person reads it
      (tr) => (tr.children[index] as HTMLElement | undefined)?.innerText.trim() ?? '',
    );
  }, header);
}

export function columnHeaders(page: Page): Promise<string[]> {
  return clientTable(page).evaluate((table) =>
    // The title only: a sorted column also shows its place in the sort as a number.
    Array.from(table.querySelectorAll('thead tr:first-child th')).map(
      (th) => (th.querySelector('.p-column-title') ?? th).textContent?.trim() ?? '',
    ),
  );
}

export const bodyRows = (page: Page): Locator =>
  clientTable(page).locator('tbody tr:not(.p-datatable-emptymessage)');

/** Opens a row's action menu (the arrow of its Select button) and answers the entries' names. */
export async function rowMenu(page: Page, clientName: string): Promise<string[]> {
  const opener = page.getByRole('button', { name: `Actions for ${clientName}`, exact: true });
  await opener.click();
  // The popup is the element the button controls (PrimeReact gives its list the role menubar).
  const menu = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
  await menu.waitFor();
  return menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent?.trim() ?? ''));
}

/** A valid natural-person client of a South African company, created through the API. */
export async function createZaClient(
  api: ApiClient,
  firstName: string,
  lastName: string,
): Promise<{ id: number; name: string }> {
  const email = `${firstName}.${lastName}.${RUN}@example.com`.toLowerCase();
  return api.request('POST', `/api/client1/${api.user.companyId}`, {
    type: 'N',
    firstName,
    lastName,
    preferredName: firstName,
    gender: 'F',
    email,
    mobile: '+27821234567',
    addressCountry: 'ZA',
    address1: '1 Test Street',
    addressRegion: 'Rosebank',
    addressState: 'Gauteng',
    addressPostalCode: '2196',
  });
}

export function listViaApi(api: ApiClient, params: Record<string, string>): Promise<ListPage> {
  return api.request('GET', `/api/client1/company/${api.user.companyId}/lazy?${new URLSearchParams(params)}`);
}

/** The list's columns by default, after the Actions column. */
export const DEFAULT_HEADERS = [
  'Actions',
  'Name',
  'First name',
  'Preferred name',
  'Last name',
  'E-mail',
  'Mobile',
  'Type',
  'Status',
];

export const header = (page: Page, label: string): Locator =>
  clientTable(page)
    .locator('thead tr')
    .first()
    .locator('th')
    .filter({ hasText: new RegExp(`^${label}`) });

export const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search', exact: true });

export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const wrapper of document.querySelectorAll('.p-datatable-wrapper')) wrapper.scrollLeft = 0;
  });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

export async function search(page: Page, text: string): Promise<URLSearchParams> {
  await searchBox(page).fill(text);
  return listAfter(page, () => searchBox(page).press('Enter'));
}

export { ApiClient };
