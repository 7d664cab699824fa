import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  createZaClient,
  dropdownText,
  FORM_TABS,
  field,
  fieldError,
  fillRequired,
  getClient,
  heading,
  openPanel,
  PANEL_TITLES,
  pickSuggestion,
  REQUIRED,
  recordRequests,
  saIdNumber,
  screenshot,
  searchClients,
  selectOption,
  signInAs,
  toastWith,
  typeDate,
  uniqueWord,
  ZA_PROVINCES,
} from './support/client-forms.ts';

const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

/** Signs in and opens the New client form, waiting until it shows. */
async function openCreate(username: string): Promise<Page> {
  const app = await suite.open();
  const { page } = app;
  await signInAs(page, username);
  await openPanel(page, FORM_TABS.create);
  await heading(page, PANEL_TITLES.create).waitFor();
  await field(page, 'email').waitFor();
  return page;
}

describe('New client (tab 2)', () => {
  it('opens with the defaults of the spec, a province list, no tax number until the client is tax registered, and no serious axe violation', async () => {
    const page = await openCreate('za.admin');
    expect(await dropdownText(page, 'type')).toBe('Natural person');
    expect(await dropdownText(page, 'addressCountry')).toBe('South Africa (ZA)');
    expect(await dropdownText(page, 'gender')).toBe('Female');
    expect(await dropdownText(page, 'commStatus')).toBe('Yes');
    expect(await dropdownText(page, 'taxRegistered')).toBe('No');
    expect(await dropdownText(page, 'status')).toBe('Active');
    for (const legend of ['Identity', 'Contact', 'Personal', 'Address', 'Related clients', 'Status']) {
      expect(await page.getByRole('group', { name: legend }).count()).toBe(1);
    }
    expect(await page.getByLabel('First name').count()).toBe(1);
    expect(await page.getByLabel('Tax number').count()).toBe(0);
    expect(await visibleText(page.locator('label[for="cf-addressState"]'))).toContain('Province');
    await field(page, 'firstName').fill('Naledi');
    await field(page, 'lastName').fill('Khoza');
    expect(await field(page, 'builtName').inputValue()).toBe('Naledi Khoza');
    await screenshot(page, 'client-create-natural');
    const violations = await seriousViolations(page);
    expect(describeViolations(violations)).toBe('');
  });

  it('type J asks for the name only; gender O reveals the other gender; the country picks province, county or state', async () => {
    const page = await openCreate('za.admin');
    await selectOption(page, 'type', 'Juristic person');
    await field(page, 'name').waitFor();
    for (const hidden of ['firstName', 'lastName', 'preferredName', 'gender', 'builtName']) {
      expect(await field(page, hidden).count(), hidden).toBe(0);
    }
    await screenshot(page, 'client-create-juristic');

    await selectOption(page, 'type', 'Natural person');
    expect(await field(page, 'genderOther').count()).toBe(0);
    await selectOption(page, 'gender', 'Other');
    await field(page, 'genderOther').waitFor();
    await selectOption(page, 'gender', 'Male');
    expect(await field(page, 'genderOther').count()).toBe(0);

    const stateLabel = () => visibleText(page.locator('label[for="cf-addressState"]'));
    await page.locator('.p-dropdown', { has: field(page, 'addressState') }).click();
    const provinces = await page.locator('.p-dropdown-panel').getByRole('option').allInnerTexts();
    expect(provinces.map((p) => p.trim())).toEqual(ZA_PROVINCES);
    await page.keyboard.press('Escape');

    await selectOption(page, 'addressCountry', 'United Kingdom (UK)');
    expect(await stateLabel()).toContain('County');
    await field(page, 'addressState').fill('Surrey');
    expect(await page.locator('.p-dropdown', { has: field(page, 'addressState') }).count()).toBe(0);

    await selectOption(page, 'addressCountry', 'United States (US)');
    expect(await stateLabel()).toContain('State');
    expect(await stateLabel()).not.toContain('Province');

    await selectOption(page, 'addressCountry', 'South Africa (ZA)');
    expect(await stateLabel()).toContain('Province');
    expect(await page.locator('.p-dropdown', { has: field(page, 'addressState') }).count()).toBe(1);
  });

  it("shows the tax number by the client's own taxRegistered, also in a company that is not tax registered", async () => {
    const page = await openCreate('uk.admin');
    await field(page, 'addressPostalCode').waitFor();
    expect(await page.getByLabel('Tax number').count()).toBe(0);
    await selectOption(page, 'taxRegistered', 'Yes');
    await field(page, 'taxNumber').waitFor();
    await selectOption(page, 'taxRegistered', 'No');
    expect(await page.getByLabel('Tax number').count()).toBe(0);
  });

  it('marks missing required fields with "Field is required." and sends nothing', async () => {
    const page = await openCreate('za.admin');
    const posts = recordRequests(page, 'POST', /\/api\/client1\//);
    const email = `${uniqueWord('missing')}@example.com`;
    await field(page, 'email').fill(email);
    // Typed in a picker but nothing chosen: reported, and the text stays.
    await field(page, 'adminClient').pressSequentially('qqxqq', { delay: 20 });
    await page.getByText('No clients found.').waitFor();
    await field(page, 'adminClient').press('Escape');
    await page.getByRole('button', { name: 'Create' }).click();
    expect(await visibleText(fieldError(page, 'adminClient'))).toBe(
      'Choose a client from the list, or clear the field.',
    );
    expect(await field(page, 'adminClient').inputValue()).toBe('qqxqq');
    for (const name of [
      'firstName',
      'lastName',
      'preferredName',
      'mobile',
      'address1',
      'addressRegion',
      'addressState',
      'addressPostalCode',
    ]) {
      expect(await visibleText(fieldError(page, name)), name).toBe(REQUIRED);
      expect(await field(page, name).getAttribute('aria-invalid'), name).toBe('true');
    }
    expect(await fieldError(page, 'email').count()).toBe(0);
    expect(await visibleText(page.getByTestId('form-error-summary'))).toContain('9 fields need attention');
    await screenshot(page, 'client-create-errors');
    // Fixing a field clears its error at once.
    await field(page, 'firstName').fill('Zanele');
    await fieldError(page, 'firstName').waitFor({ state: 'detached' });
    expect(await field(page, 'email').inputValue()).toBe(email);
    expect(posts).toEqual([]);
    expect(await searchClients(za, email)).toEqual([]);
  });

  it('shows the error of an invalid South African ID number on the field', async () => {
    const page = await openCreate('za.admin');
    await fillRequired(page, uniqueWord('Id'), `${uniqueWord('id')}@example.com`);
    await field(page, 'idNumber').fill('80010150');
    await page.getByRole('button', { name: 'Create' }).click();
    expect(await visibleText(fieldError(page, 'idNumber'))).toBe('A South African ID number has 13 digits.');
    const valid = saIdNumber('1980-01-01');
    const wrongCheck = `${valid.slice(0, 12)}${(Number(valid[12]) + 1) % 10}`;
    await field(page, 'idNumber').fill(wrongCheck);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="idNumber-error"]')?.textContent?.includes('check digit'),
    );
    expect(await visibleText(fieldError(page, 'idNumber'))).toBe('The ID number is not valid (check digit).');
    expect(await page.getByRole('heading', { name: PANEL_TITLES.create }).isVisible()).toBe(true);
  });

  it('creates a natural client with every field, a dob typed yy-mm-dd and related clients from the pickers', async () => {
    const billing = await createZaClient(za, uniqueWord('Billing'));
    const admin = await createZaClient(za, uniqueWord('Admin'));
    const page = await openCreate('za.admin');
    const searches = recordRequests(page, 'GET', /\/api\/client1\/company\/\d+\/(search|affiliate)\//);
    const first = uniqueWord('Thabo');
    const email = `${first.toLowerCase()}@example.com`;
    await fillRequired(page, first, email);
    await selectOption(page, 'gender', 'Other');
    await field(page, 'genderOther').fill('  Non-binary  ');
    await field(page, 'idNumber').fill(saIdNumber('1990-05-17'));
    await typeDate(page, 'dob', '1990-05-17');
    await field(page, 'category').fill('Private');
    await field(page, 'address2').fill('Unit 4');
    await selectOption(page, 'commStatus', 'No');
    await selectOption(page, 'taxRegistered', 'Yes');
    await field(page, 'taxNumber').fill('9123456789');
    await selectOption(page, 'status', 'Pending');
    // Typed with capitals: the search must still go out lowercased (spec section 7).
    await pickSuggestion(page, 'billingClient', billing.firstName ?? '', billing.name);
    expect(await page.getByText(`Client ${billing.id} · ${billing.email}`).isVisible()).toBe(true);
    await pickSuggestion(page, 'adminClient', admin.firstName?.slice(0, 9) ?? '', admin.name);
    await pickSuggestion(page, 'affiliateClient', 'Sandton', 'Sandton Mining Ltd');
    expect(await field(page, 'dob').inputValue()).toBe('1990-05-17');
    expect(await field(page, 'billingClient').inputValue()).toBe(billing.name);
    expect(searches.length).toBeGreaterThan(0);
    for (const { url } of searches) expect(url).toBe(url.toLowerCase());
    await screenshot(page, 'client-create-filled');

    await page.getByRole('button', { name: 'Create' }).click();
    expect(await toastWith(page, 'Created client.')).toBe('Successful');
    await heading(page, PANEL_TITLES.create).waitFor({ state: 'detached' });

    const [found] = await searchClients(za, email);
    expect(found?.name).toBe(`${first} Forms`);
    const stored = await getClient(za, found?.id ?? 0);
    expect(stored).toMatchObject({
      type: 'N',
      firstName: first,
      lastName: 'Forms',
      email,
      mobile: '+27825550199',
      dob: '1990-05-17',
      gender: 'O',
      genderOther: 'Non-binary',
      category: 'Private',
      commStatus: 'N',
      taxRegistered: 'Y',
      taxNumber: '9123456789',
      addressCountry: 'ZA',
      address2: 'Unit 4',
      addressState: 'Gauteng',
      status: 'P',
      billingClientId: billing.id,
      adminClientId: admin.id,
    });
    expect(stored.affiliateClientId).not.toBeNull();
  });

  it('on an API refusal keeps everything typed, toasts the failure and shows the API error on the field', async () => {
    const billing = await createZaClient(za, uniqueWord('Gone'));
    const page = await openCreate('za.admin');
    const first = uniqueWord('Kept');
    const email = `${first.toLowerCase()}@example.com`;
    await fillRequired(page, first, email);
    await pickSuggestion(page, 'billingClient', billing.firstName ?? '', billing.name);
    // The chosen billing client is deleted elsewhere before the save: only the API can tell.
    await za.request('DELETE', `/api/client1/${billing.id}?answer=Y`);
    await page.getByRole('button', { name: 'Create' }).click();
    // A refusal naming a field: the catalogue's failure, without suggesting that trying again helps.
    expect(await toastWith(page, 'Failed to create client. Correct the marked fields and save again.')).toBe(
      'Error',
    );
    expect(await visibleText(fieldError(page, 'billingClient'))).toBe('Choose a client of this company.');
    expect(await field(page, 'firstName').inputValue()).toBe(first);
    expect(await field(page, 'email').inputValue()).toBe(email);
    expect(await dropdownText(page, 'addressState')).toBe('Gauteng');
    expect(await searchClients(za, email)).toEqual([]);
  });

  it('Cancel returns to the client list (tab 1)', async () => {
    const page = await openCreate('za.admin');
    await field(page, 'firstName').fill('Never saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await heading(page, PANEL_TITLES.create).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => location.hash)).toContain('inputActiveTab=1');
  });
});
