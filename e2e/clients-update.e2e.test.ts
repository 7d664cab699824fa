import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  createZaClient,
  dropdownText,
  FORM_TABS,
  field,
  getClient,
  heading,
  openPanel,
  PANEL_TITLES,
  pickSuggestion,
  recordRequests,
  screenshot,
  searchClients,
  selectOption,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-forms.ts';

const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

describe('Update client (tab 4)', () => {
  async function openUpdate(clientId?: number): Promise<Page> {
    const app = await suite.open();
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
    const app = await suite.open();
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
    const app = await suite.open();
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
