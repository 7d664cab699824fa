import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type AppPage, launchBrowser, openApp } from './support/browser.ts';
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
  SCREENSHOT_DIR,
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

let browser: Browser;
let app: AppPage;
let za: ApiClient;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [browser, za] = await Promise.all([launchBrowser(), ApiClient.signIn('za.admin')]);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  expect(app.problems).toEqual([]);
  await app.context.close();
});

/** Signs in and opens the New client form, waiting until it shows. */
async function openCreate(username: string): Promise<Page> {
  app = await openApp(browser);
  const { page } = app;
  await signInAs(page, username);
  await openPanel(page, FORM_TABS.create);
  await heading(page, PANEL_TITLES.create).waitFor();
  await field(page, 'email').waitFor();
  return page;
}

describe('New client (tab 2)', () => {
  it('opens with the defaults of the spec, a province list, the tax number for a tax-registered company, and no serious axe violation', async () => {
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
    expect(await page.getByLabel('Tax number').isVisible()).toBe(true);
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

  it('shows no tax number to a company that is not tax registered', async () => {
    const page = await openCreate('uk.admin');
    await field(page, 'addressPostalCode').waitFor();
    expect(await page.getByLabel('Tax number').count()).toBe(0);
    expect(await page.getByLabel('Tax registered').count()).toBe(1);
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
    expect(await toastWith(page, 'Failed to create client. Please try again.')).toBe('Error');
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

describe('Update client (tab 4)', () => {
  async function openUpdate(clientId?: number): Promise<Page> {
    app = await openApp(browser);
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openPanel(page, FORM_TABS.update, clientId);
    return page;
  }

  it('loads the client, changes a field and sends no null for untouched fields', async () => {
    const billing = await createZaClient(za, uniqueWord('Payer'));
    const client = await createZaClient(za, uniqueWord('Update'), { billingClientId: billing.id });
    const page = await openUpdate(client.id);
    await heading(page, `Update client: ${client.name}`).waitFor();
    expect(await field(page, 'firstName').inputValue()).toBe(client.firstName);
    expect(await field(page, 'billingClient').inputValue()).toBe(billing.name);
    expect(await dropdownText(page, 'addressState')).toBe('Gauteng');
    await screenshot(page, 'client-update');

    const puts = recordRequests(page, 'PUT', /\/api\/client1\/\d+$/);
    await field(page, 'addressPostalCode').fill(' 2000 ');
    await selectOption(page, 'status', 'Inactive');
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await toastWith(page, 'Updated client.')).toBe('Successful');
    await heading(page, `Update client: ${client.name}`).waitFor({ state: 'detached' });

    expect(puts).toHaveLength(1);
    const body = puts[0]?.body ?? {};
    expect(Object.entries(body).filter(([, v]) => v === null)).toEqual([]);
    for (const untouched of [
      'address2',
      'dob',
      'idNumber',
      'category',
      'adminClientId',
      'affiliateClientId',
    ]) {
      expect(body, untouched).not.toHaveProperty(untouched);
    }
    expect(body).toMatchObject({ addressPostalCode: '2000', status: 'I', billingClientId: billing.id });
    const stored = await getClient(za, client.id);
    expect(stored).toMatchObject({ addressPostalCode: '2000', status: 'I', billingClientId: billing.id });

    // Opened again in the same page (the query cache still holds the old copy), it shows the saved values.
    await openPanel(page, FORM_TABS.update, client.id);
    await heading(page, `Update client: ${client.name}`).waitFor();
    expect(await field(page, 'addressPostalCode').inputValue()).toBe('2000');
    expect(await dropdownText(page, 'status')).toBe('Inactive');
  });

  it('a cleared picker is the one field sent as null, and the relation is removed', async () => {
    const billing = await createZaClient(za, uniqueWord('Former'));
    const client = await createZaClient(za, uniqueWord('Clear'), { billingClientId: billing.id });
    const page = await openUpdate(client.id);
    await field(page, 'billingClient').waitFor();
    const puts = recordRequests(page, 'PUT', /\/api\/client1\/\d+$/);
    await page.getByRole('button', { name: 'Clear Billing client' }).click();
    expect(await field(page, 'billingClient').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await toastWith(page, 'Updated client.')).toBe('Successful');
    expect(Object.entries(puts[0]?.body ?? {}).filter(([, v]) => v === null)).toEqual([
      ['billingClientId', null],
    ]);
    expect((await getClient(za, client.id)).billingClientId).toBeNull();
  });

  it('without a client id says so instead of showing a form', async () => {
    const page = await openUpdate();
    await heading(page, PANEL_TITLES.update).waitFor();
    expect(await visibleText(page.getByTestId('panel-notice'))).toContain('Choose a client');
    expect(await field(page, 'email').count()).toBe(0);
  });
});

describe('Advanced healthcare update (tab 3)', () => {
  it('chooses ICD-10 codes and a provider, flags an asterisk code as diagnosis 1 and saves', async () => {
    const client = await createZaClient(za, uniqueWord('Health'));
    app = await openApp(browser);
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openPanel(page, FORM_TABS.healthcare, client.id);
    await heading(page, `Advanced healthcare update: ${client.name}`).waitFor();
    await field(page, 'diagnosisCode1').waitFor();
    for (const tab of [
      'Diagnostic',
      'Health Insurance',
      'Referring Healthcare Practitioner',
      'Road Accident Fund',
    ]) {
      expect(await page.getByRole('button', { name: tab }).count(), tab).toBe(1);
    }

    await pickSuggestion(page, 'diagnosisCode2', 'M54', /M54\.5 — Low back pain/);
    expect(await field(page, 'diagnosisCode2').inputValue()).toBe('M54.5 — Low back pain');
    expect(await page.getByTestId('diagnosisCode1-warning').count()).toBe(0);
    await pickSuggestion(page, 'diagnosisCode1', 'G63.2', /G63\.2/);
    expect(await visibleText(page.getByTestId('diagnosisCode1-warning'))).toContain(
      'G63.2 is not valid as a primary diagnosis.',
    );

    await page.getByRole('button', { name: 'Health Insurance' }).click();
    await pickSuggestion(page, 'provider', 'disc', 'Discovery Health Medical Scheme');
    await field(page, 'medicalNumber').fill(' 12345678 ');
    await field(page, 'medicalMemberFirstname').fill('Sam');
    await selectOption(page, 'inHospital', 'Yes');
    await page.getByRole('button', { name: 'Referring Healthcare Practitioner' }).click();
    await field(page, 'referringLastname').fill('Naidoo');
    await page.getByRole('button', { name: 'Road Accident Fund' }).click();
    await field(page, 'rafLinkNumber').fill('RAF-778');
    // Let the last accordion tab finish opening before the picture.
    await page.waitForFunction(() => !document.querySelector('.p-toggleable-content-enter-active'));
    await screenshot(page, 'client-healthcare');
    expect(describeViolations(await seriousViolations(page))).toBe('');

    const puts = recordRequests(page, 'PUT', /\/config$/);
    await page.getByRole('button', { name: 'Update' }).click();
    expect(await toastWith(page, 'Updated client.')).toBe('Successful');
    expect(puts[0]?.body).toMatchObject({ diagnosisCode1: 'G63.2', providerId: expect.any(Number) });
    const config = await za.request<Record<string, unknown>>('GET', `/api/client1/${client.id}/config`);
    expect(config).toMatchObject({
      diagnosisCode1: 'G63.2',
      diagnosisCode2: 'M54.5',
      providerName: 'Discovery Health Medical Scheme',
      medicalNumber: '12345678',
      medicalMemberFirstname: 'Sam',
      inHospital: 'Y',
      referringLastname: 'Naidoo',
      rafLinkNumber: 'RAF-778',
      warnings: [{ path: 'diagnosisCode1', message: 'G63.2 is not valid as a primary diagnosis.' }],
    });

    // Opened again, the stored codes show with their descriptions and the API's warning.
    await openPanel(page, FORM_TABS.healthcare, client.id);
    await field(page, 'diagnosisCode1').waitFor();
    expect(await field(page, 'diagnosisCode1').inputValue()).toBe('G63.2 — Diabetic polyneuropathy');
    expect(await visibleText(page.getByTestId('diagnosisCode1-warning'))).toContain('not valid as a primary');
  });

  it('is not offered to a financial adviser (company type F)', async () => {
    const uk = await ApiClient.signIn('uk.admin');
    const [ukClient] = await searchClients(uk, 'smith');
    app = await openApp(browser);
    const { page } = app;
    const configCalls = recordRequests(page, 'GET', /\/api\/client1\/\d+\/config/);
    await signInAs(page, 'uk.admin');
    await openPanel(page, FORM_TABS.healthcare, ukClient?.id);
    await heading(page, PANEL_TITLES.healthcare).waitFor();
    // The page frame or the panel itself may say it; either way it is a plain note, not a form.
    expect(await visibleText(page.getByTestId('panel-notice'))).toMatch(/not available/);
    expect(await page.getByRole('button', { name: 'Diagnostic' }).count()).toBe(0);
    expect(await field(page, 'diagnosisCode1').count()).toBe(0);
    expect(configCalls).toEqual([]);
    await page.getByText('Back to the client list').click();
    await heading(page, PANEL_TITLES.healthcare).waitFor({ state: 'detached' });
  });
});
