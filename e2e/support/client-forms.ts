import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { ApiClient } from './api.ts';
import { SCREENSHOT_DIR, signIn } from './app.ts';
import { roleCase } from './demo.ts';

export { toastWith } from './app.ts';
export { SCREENSHOT_DIR };

// Written out (not imported from the contracts) so a wrong catalogue entry fails the tests.
export const REQUIRED = 'Field is required.';
export const ZA_PROVINCES = [
  'Gauteng',
  'Western Cape',
  'Kwa-Zulu Natal',
  'North-West',
  'Free State',
  'Eastern Cape',
  'Mpumalanga',
  'Northern Cape',
];

export async function screenshot(page: Page, name: string): Promise<void> {
  // From the top, so the shell's sticky header sits where it belongs in the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

export interface SeenRequest {
  url: string;
  body: Record<string, unknown> | null;
}

/** Every request of the page with this method whose URL matches, as it leaves the browser. */
export function recordRequests(page: Page, method: string, url: RegExp): SeenRequest[] {
  const seen: SeenRequest[] = [];
  page.on('request', (r) => {
    if (r.method() === method && url.test(r.url())) seen.push({ url: r.url(), body: r.postDataJSON() });
  });
  return seen;
}

/** A panel's title (the page itself has the h1). */
export const heading = (page: Page, title: string) => page.getByRole('heading', { name: title, level: 2 });

/** The panels of the client forms, by the tab number of spec section 2. */
export const FORM_TABS = { create: 2, healthcare: 3, update: 4 } as const;

export const PANEL_TITLES = {
  create: 'New client',
  update: 'Update client',
  healthcare: 'Advanced healthcare update',
} as const;

/** A name no other test (of this or another file on the shared server) will use. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Letters only, for names: digits in a person's name would read oddly in screenshots. */
export function uniqueWord(prefix: string): string {
  const letters = unique('')
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')
    .slice(-8);
  return `${prefix}${letters}`;
}

export async function signInAs(page: Page, username: string): Promise<void> {
  await signIn(page, username, roleCase(username).title);
}

/** Opens a panel straight from the URL, as the Clients page accepts it (inputActiveTab, inputClientId). */
export async function openPanel(page: Page, tab: number, clientId?: number): Promise<void> {
  const client = clientId === undefined ? '' : `&inputClientId=${clientId}`;
  await page.goto(`/#/commonClients?inputActiveTab=${tab}${client}`);
}

/** The input of a form field (ids are cf-<field>). */
export const field = (page: Page, name: string): Locator => page.locator(`#cf-${name}`);

/** The PrimeReact Dropdown around the (visually hidden) input of a field. */
const dropdown = (page: Page, name: string): Locator =>
  page.locator('.p-dropdown', { has: page.locator(`#cf-${name}`) });

/** The text a Dropdown shows as its value. */
export async function dropdownText(page: Page, name: string): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered label is what the user sees
  return (await dropdown(page, name).locator('.p-dropdown-label').innerText()).trim();
}

/** Opens a Dropdown with the mouse and picks the option with this exact label. */
export async function selectOption(page: Page, name: string, label: string): Promise<void> {
  await dropdown(page, name).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: label, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/**
 * Types into an AutoComplete like a person and chooses the suggestion with the keyboard (arrow keys,
 * Enter). The keyboard, not a click: a click makes Playwright scroll, the overlay then realigns under
 * the pointer between mouse down and up, and the click lands on whatever is beneath.
 */
export async function pickSuggestion(page: Page, name: string, query: string, option: string | RegExp) {
  const input = field(page, name);
  await input.click();
  await input.pressSequentially(query, { delay: 30 });
  const panel = page.locator('.p-autocomplete-panel');
  await panel.getByRole('option', { name: option }).first().waitFor();
  const texts = await panel.getByRole('option').allInnerTexts();
  const index = texts.findIndex((t) => (typeof option === 'string' ? t.includes(option) : option.test(t)));
  if (index < 0) throw new Error(`No suggestion ${option} among ${texts.join(' | ')}`);
  for (let i = 0; i <= index; i++) await input.press('ArrowDown');
  await input.press('Enter');
  await panel.waitFor({ state: 'detached' });
}

/** Types a date as the user would, in the Calendar's yy-mm-dd format (a 4-digit year). */
export async function typeDate(page: Page, name: string, value: string): Promise<void> {
  const input = field(page, name);
  await input.click();
  await input.pressSequentially(value, { delay: 20 });
  await input.press('Escape');
}

/** Every required field of a natural client, valid for ZA. */
export async function fillRequired(page: Page, first: string, email: string): Promise<void> {
  await field(page, 'firstName').fill(first);
  await field(page, 'lastName').fill('Forms');
  await field(page, 'preferredName').fill(first.slice(0, 6));
  await field(page, 'email').fill(email);
  await field(page, 'mobile').fill('082 555 0199');
  await field(page, 'address1').fill('10 Jan Smuts Avenue');
  await field(page, 'addressRegion').fill('Parktown');
  await selectOption(page, 'addressState', 'Gauteng');
  await field(page, 'addressPostalCode').fill('2193');
}

export const fieldError = (page: Page, name: string): Locator => page.getByTestId(`${name}-error`);

/** Waits for a toast with this text (spec section 8) and answers its summary. */

/** A valid South African ID number for a date of birth (YYMMDD, gender digits, citizen, Luhn digit). */
export function saIdNumber(dob: string, female = true): string {
  const first12 = `${dob.slice(2, 4)}${dob.slice(5, 7)}${dob.slice(8, 10)}${female ? '0' : '5'}12308`;
  for (let d = 0; d <= 9; d++) if (luhnOk(`${first12}${d}`)) return `${first12}${d}`;
  throw new Error('no check digit');
}

function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

export interface StoredClient {
  id: number;
  type: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  preferredName: string | null;
  email: string | null;
  mobile: string | null;
  idNumber: string | null;
  dob: string | null;
  gender: string | null;
  genderOther: string | null;
  category: string | null;
  commStatus: string;
  taxRegistered: string;
  taxNumber: string | null;
  addressCountry: string;
  address1: string | null;
  address2: string | null;
  addressRegion: string | null;
  addressState: string | null;
  addressPostalCode: string | null;
  status: string;
  billingClientId: number | null;
  adminClientId: number | null;
  affiliateClientId: number | null;
  billingClientName: string | null;
}

/** The company's clients whose name, e-mail, mobile or id contain the text (the picker search). */
export function searchClients(api: ApiClient, text: string): Promise<{ id: number; name: string }[]> {
  return api.request('GET', `/api/client1/company/${api.user.companyId}/search/${encodeURIComponent(text)}`);
}

export function getClient(api: ApiClient, id: number): Promise<StoredClient> {
  return api.request('GET', `/api/client1/${id}`);
}

/** A valid natural client of a ZA company, created through the API as fixture data. */
export function createZaClient(api: ApiClient, firstName: string, extra: Record<string, unknown> = {}) {
  return api.request<StoredClient>('POST', `/api/client1/${api.user.companyId}`, {
    type: 'N',
    firstName,
    lastName: 'Fixture',
    preferredName: firstName,
    email: `${firstName.toLowerCase()}@example.com`,
    mobile: '+27821234567',
    gender: 'M',
    address1: '1 Oxford Road',
    addressRegion: 'Rosebank',
    addressState: 'Gauteng',
    addressPostalCode: '2196',
    ...extra,
  });
}
