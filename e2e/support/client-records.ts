import { join } from 'node:path';
import type { Locator, Page, Request, Route } from 'playwright-core';
import { ApiClient } from './api.ts';
import { SCREENSHOT_DIR, signIn, waitForHash } from './app.ts';
import { roleCase } from './demo.ts';

export { toastWith } from './app.ts';
export { SCREENSHOT_DIR };

// Written out (not imported from the contracts) so a wrong catalogue entry fails the tests.
export const MESSAGES = {
  addedProduct: 'Added product for client.',
  updatedProduct: 'Updated product for client.',
  deletedProduct: 'Deleted product for client.',
  updateProductFailed: 'Failed to update product for client. Please try again.',
  /** The same failure when the API names a field: trying again as it is would not help (issue 13). */
  updateProductRefused: 'Failed to update product for client. Correct the marked fields and save again.',
  addedTask: 'Added task.',
  required: 'Field is required.',
  loadingProducts: 'Loading products. Please wait.',
  noProducts: 'No products found.',
  loadingTasks: 'Loading tasks. Please wait.',
  noTasks: 'No tasks found.',
} as const;

/** A token no other test (of this or another file on the shared server) will use. */
export function uniqueWord(prefix: string): string {
  const letters = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')
    .slice(-8);
  return `${prefix}${letters}`;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export interface MadeClient {
  id: number;
  name: string;
}

/** A valid natural client of the API user's company (ZA or UK rules), created as fixture data. */
export function createClient(api: ApiClient, firstName: string, country: 'ZA' | 'UK'): Promise<MadeClient> {
  const address =
    country === 'ZA'
      ? {
          mobile: '+27821234567',
          addressRegion: 'Rosebank',
          addressState: 'Gauteng',
          addressPostalCode: '2196',
        }
      : {
          mobile: '+447911123456',
          addressRegion: 'Reading',
          addressState: 'Berkshire',
          addressPostalCode: 'RG1 1AA',
        };
  return api.request<MadeClient>('POST', `/api/client1/${api.user.companyId}`, {
    type: 'N',
    firstName,
    lastName: 'Records',
    preferredName: firstName,
    email: `${firstName.toLowerCase()}@example.com`,
    gender: 'F',
    addressCountry: country,
    address1: '1 Test Street',
    ...address,
  });
}

export interface MadeProduct {
  id: number;
  name: string;
  planName: string;
  premium: number;
  value: number;
}

/** A billing plan and a product on it, made by an administrator (rights A) with unique names. */
export async function createProduct(admin: ApiClient, premium: number, value: number): Promise<MadeProduct> {
  const planName = uniqueWord('Plan ');
  const plan = await admin.request<{ id: number }>('POST', `/api/billingplan/${admin.user.companyId}`, {
    name: planName,
    amount: premium,
    frequency: 'monthly',
  });
  const name = uniqueWord('Cover ');
  const product = await admin.request<{ id: number }>('POST', `/api/product1/${admin.user.companyId}`, {
    name,
    description: 'Made by the client products browser test.',
    billingPlanId: plan.id,
    premium,
    value,
  });
  return { id: product.id, name, planName, premium, value };
}

export interface StoredClientProduct {
  id: number;
  uniqueId: string;
  name: string;
  billingPlanName: string | null;
  premium: number;
  value: number;
  inception: string | null;
  termination: string | null;
  status: string;
}

export const clientProducts = (api: ApiClient, clientId: number) =>
  api.request<StoredClientProduct[]>('GET', `/api/clientproduct/${clientId}`);

export interface StoredTask {
  id: number;
  description: string;
  type: string;
  status: string;
  note: string;
  clientVisible: string;
  userId: number | null;
  processName: string | null;
  duration: number;
}

export const clientTasks = (api: ApiClient, clientId: number) =>
  api.request<StoredTask[]>('GET', `/api/task/all/${api.user.companyId}/client/${clientId}`);

/** An active process of the company with a unique name (admin only). */
export function createProcess(admin: ApiClient): Promise<{ id: number; name: string }> {
  return admin.request('POST', `/api/process/${admin.user.companyId}`, {
    name: uniqueWord('Process '),
    description: 'Made by the client tasks browser test.',
  });
}

/** Module home titles of the demo users that support/demo.ts does not list. */
const OTHER_HOMES: Record<string, string> = { 'uk.adviser': 'Financial adviser overview' };

export async function signInAs(page: Page, username: string): Promise<void> {
  await signIn(page, username, OTHER_HOMES[username] ?? roleCase(username).title);
}

export const clientsAddress = (tab: number, clientId?: number, itemId?: number) => {
  const params = new URLSearchParams({ inputActiveTab: String(tab) });
  if (clientId !== undefined) params.set('inputClientId', String(clientId));
  if (itemId !== undefined) params.set('inputItemId', String(itemId));
  return `#/commonClients?${params}`;
};

/** Opens a panel from the address, as the Clients page accepts it. */
export async function gotoPanel(page: Page, tab: number, clientId?: number, itemId?: number): Promise<void> {
  await page.goto(`/${clientsAddress(tab, clientId, itemId)}`);
}

export const panelHeading = (page: Page, title: string | RegExp): Locator =>
  page.getByRole('heading', { name: title, level: 2 });

/** The list restricted to one client, and that client's row menu opened: answers the entries. */
export async function openRowMenu(page: Page, client: MadeClient, advanced = false): Promise<string[]> {
  await page.goto(`/${clientsAddress(1, client.id)}`);
  await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
  if (advanced) await page.getByRole('button', { name: 'Advanced' }).click();
  const opener = page.getByRole('button', { name: `Actions for ${client.name}`, exact: true });
  await opener.click();
  const menu = page.locator(`[id="${await opener.getAttribute('aria-controls')}"]`);
  await menu.waitFor();
  return menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent?.trim() ?? ''));
}

/** Picks an entry of the open row menu and waits for the panel's address. */
export async function chooseRowAction(page: Page, label: string, hash: string): Promise<void> {
  await page.getByRole('menuitem', { name: label, exact: true }).click();
  await waitForHash(page, hash);
}

/** Waits for a toast with this text (spec section 8) and answers its summary. */

/** The table's rows as the texts of their cells, by header. */
export function tableRows(page: Page, name: string): Promise<Record<string, string>[]> {
  return page.getByRole('table', { name, exact: true }).evaluate((table) => {
    const headers = Array.from(table.querySelectorAll('thead tr:first-child th')).map(
      (th) => (th.querySelector('.p-column-title') ?? th).textContent?.trim() ?? '',
    );
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as a person reads it
    const shown = (cell: Element) => (cell as HTMLElement).innerText.trim();
    const rows = Array.from(table.querySelectorAll('tbody tr:not(.p-datatable-emptymessage)'));
    return rows.map((tr) =>
      Object.fromEntries(Array.from(tr.children).map((td, i) => [headers[i] ?? String(i), shown(td)])),
    );
  });
}

/** The PrimeReact Dropdown around the (visually hidden) input with this id. */
export const dropdownOf = (page: Page, inputId: string): Locator =>
  page.locator('.p-dropdown', { has: page.locator(`[id="${inputId}"]`) });

/** The option labels of a Dropdown (opened and closed again). */
export async function dropdownOptions(page: Page, inputId: string): Promise<string[]> {
  await dropdownOf(page, inputId).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.waitFor();
  const texts = await panel.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  return texts.map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Opens a Dropdown and picks the option whose text contains this. */
export async function pickOption(page: Page, inputId: string, text: string): Promise<void> {
  await dropdownOf(page, inputId).click();
  const panel = page.locator('.p-dropdown-panel');
  await panel.getByRole('option').filter({ hasText: text }).first().click();
  await panel.waitFor({ state: 'detached' });
}

/** Every request with this method whose URL matches, as it leaves the browser. */
export function recordRequests(page: Page, method: string, url: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && url.test(r.url())) seen.push(r);
  });
  return seen;
}

/**
 * Holds the answers of matching GET calls until release() is called, so a test can see the loading
 * state that a fast server otherwise hides.
 */
export async function holdResponses(page: Page, url: RegExp): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((done) => {
    release = done;
  });
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await gate;
    return route.fallback();
  });
  return { release: () => release() };
}

export { ApiClient };
