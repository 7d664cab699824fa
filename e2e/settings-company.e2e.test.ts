import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { recordRequests } from './support/client-records.ts';
import {
  expectNoSeriousViolations,
  field,
  fieldError,
  openSettings,
  screenshot,
  signInAs,
  toast,
} from './support/settings.ts';

/**
 * Settings > Company: the company configuration (GET/PUT /api/company/{id}/config). An administrator sets
 * the practice number a type H practice's medical accounts need, the VAT details and the support address;
 * everyone else reads them.
 */
interface StoredConfig {
  companyId: number;
  type: 'H' | 'F';
  taxRegistered: 'Y' | 'N';
  vatNumber: string | null;
  practiceNumber: string | null;
  vatRateBps: number;
  supportEmail: string;
}

// Written out (not imported from the contracts or the app) so a wrong text there fails here.
const TEXT = {
  updated: 'Updated company configuration.',
  badEmail: 'Enter a valid e-mail address.',
  readOnly: 'Only an administrator can change the company configuration.',
} as const;

const suite = useBrowserSuite();
const [zaAdmin, ukAdmin, zaReception] = signedIn('za.admin', 'uk.admin', 'za.reception');
let original: StoredConfig | undefined;

const configOf = (api: typeof zaAdmin) =>
  api.request<StoredConfig>('GET', `/api/company/${api.user.companyId}/config`);

afterAll(async () => {
  // Other files share the server and print the practice number: put it and the VAT number back.
  if (original)
    await zaAdmin.request('PUT', `/api/company/${original.companyId}/config`, {
      practiceNumber: original.practiceNumber,
      vatNumber: original.vatNumber,
    });
});

/** Signs in, opens Settings from the header and chooses the Company tab; answers the page. */
async function openCompanyTab(username: string): Promise<Page> {
  const { page } = await suite.open();
  await signInAs(page, username);
  await openSettings(page);
  await page.getByRole('tab', { name: /Company$/ }).click();
  await page.waitForURL(/tab=company/);
  await page.getByRole('region', { name: 'Company configuration', exact: true }).waitFor();
  return page;
}

const form = (page: Page) => page.getByRole('form', { name: 'Change the configuration' });
const shown = (page: Page, name: string) => visibleText(page.getByTestId(`company-${name}`));

/** Presses Tab until the element matching the selector has the focus (at most `max` presses). */
async function tabTo(page: Page, selector: string, max = 8): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${selector} was not reached with the Tab key`);
}

describe('Settings > Company', () => {
  it('an administrator of a type H practice sets the practice number and VAT number with the keyboard; stored and shown after a reload', async () => {
    original = await configOf(zaAdmin);
    const practiceNumber = `07${String(Date.now()).slice(-5)}`;
    const vatNumber = `4${String(Date.now()).slice(-9)}`;
    const page = await openCompanyTab('za.admin');
    expect(await field(page, 'practiceNumber').inputValue()).toBe(original.practiceNumber ?? '');
    expect(await field(page, 'vatNumber').inputValue()).toBe(original.vatNumber ?? '');
    expect(await field(page, 'supportEmail').inputValue()).toBe(original.supportEmail);
    expect(await field(page, 'vatRateBps').inputValue()).toBe('15%');
    expect(await shown(page, 'type')).toBe('Healthcare practice');
    await expectNoSeriousViolations(page);

    // Typed and saved from the keyboard alone.
    const puts = recordRequests(page, 'PUT', /\/api\/company\/\d+\/config$/);
    await field(page, 'practiceNumber').focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(` ${practiceNumber} `);
    await tabTo(page, '#settings-vatNumber');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(vatNumber);
    await tabTo(page, 'button[type="submit"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save');
    await page.keyboard.press('Enter');
    await toast(page, TEXT.updated);
    expect(puts).toHaveLength(1);
    await page.getByTestId('company-practiceNumber').filter({ hasText: practiceNumber }).waitFor();
    expect(await shown(page, 'vatNumber')).toBe(vatNumber);

    // Stored trimmed; what was not touched stays as it was.
    expect(await configOf(zaAdmin)).toEqual({ ...original, practiceNumber, vatNumber });

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await form(page).waitFor();
    expect(await page.getByRole('tab', { name: /Company$/ }).getAttribute('aria-selected')).toBe('true');
    expect(await field(page, 'practiceNumber').inputValue()).toBe(practiceNumber);
    expect(await field(page, 'vatNumber').inputValue()).toBe(vatNumber);
    expect(await shown(page, 'practiceNumber')).toBe(practiceNumber);
    expect(await shown(page, 'vatNumber')).toBe(vatNumber);
    await screenshot(page, 'settings-company-admin');
  });

  it('a bad support e-mail is refused on its field and nothing is saved', async () => {
    const before = await configOf(zaAdmin);
    const page = await openCompanyTab('za.admin');
    const puts = recordRequests(page, 'PUT', /\/api\/company\/\d+\/config$/);
    await field(page, 'vatNumber').fill('4999999999');
    await field(page, 'supportEmail').fill('desk@');
    await form(page).getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(fieldError(page, 'supportEmail'))).toBe(TEXT.badEmail);
    expect(await field(page, 'supportEmail').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('settings-supportEmail');
    expect(puts).toHaveLength(0);
    expect(await configOf(zaAdmin)).toEqual(before);
    expect(await shown(page, 'supportEmail')).toBe(before.supportEmail);
    await expectNoSeriousViolations(page);

    // The server refuses it as well, naming the field, and stores nothing of the request.
    await expect(
      zaAdmin.request('PUT', `/api/company/${before.companyId}/config`, {
        vatNumber: '4999999999',
        supportEmail: 'desk@',
      }),
    ).rejects.toThrow(/400.*supportEmail/);
    expect(await configOf(zaAdmin)).toEqual(before);
  });

  it('an adviser company (type F) has no practice number to show or set', async () => {
    const config = await configOf(ukAdmin);
    expect(config.type).toBe('F');
    const page = await openCompanyTab('uk.admin');
    await form(page).waitFor();
    expect(await shown(page, 'type')).toBe('Financial adviser');
    expect(await field(page, 'practiceNumber').count()).toBe(0);
    expect(await page.getByTestId('company-practiceNumber').count()).toBe(0);
    expect(await page.getByText('Practice number').count()).toBe(0);
    expect(await field(page, 'vatRateBps').inputValue()).toBe('20%');
    expect(await field(page, 'supportEmail').inputValue()).toBe(config.supportEmail);
    expect(await shown(page, 'vatRateBps')).toBe('20%');
    await expectNoSeriousViolations(page);
  });

  it('a user without rights A reads the configuration but cannot change it', async () => {
    const config = await configOf(zaReception);
    const page = await openCompanyTab('za.reception');
    expect(await visibleText(page.getByTestId('company-read-only'))).toBe(TEXT.readOnly);
    expect(await shown(page, 'practiceNumber')).toBe(config.practiceNumber ?? 'Not set');
    expect(await shown(page, 'vatNumber')).toBe(config.vatNumber ?? 'Not set');
    expect(await shown(page, 'supportEmail')).toBe(config.supportEmail);
    expect(await form(page).count()).toBe(0);
    expect(await field(page, 'practiceNumber').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'settings-company-read-only');

    // The API refuses the change too.
    await expect(
      zaReception.request('PUT', `/api/company/${config.companyId}/config`, { practiceNumber: '0799999' }),
    ).rejects.toThrow(/403/);
    expect(await configOf(zaAdmin)).toEqual(config);
  });
});
