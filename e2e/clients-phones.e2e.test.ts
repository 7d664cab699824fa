import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { describeViolations, expectNoSeriousViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  createZaClient,
  FORM_TABS,
  field,
  fieldError,
  fillRequired,
  heading,
  openPanel,
  PANEL_TITLES,
  saIdNumber,
  screenshot,
  searchClients,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-forms.ts';
import { recordHash, waitForRecord } from './support/client-record.ts';
import * as list from './support/clients.ts';

/** Issue 13, points 2, 3 and 13: mobiles as people say them, duplicate clients, phones in the export. */

const suite = useBrowserSuite();
const [za] = signedIn('za.admin');

// Demo data: Lindiwe Cele's mobile is +27821087109 (ZA practice); Richmond Bakery's +447911123456 (UK).
const LINDIWE = 'Lindiwe Cele';

/** The row of the list with this name, as header → text. */
async function rowOf(page: Page, name: string): Promise<Record<string, string>> {
  const headers = await list.columnHeaders(page);
  const row = list.bodyRows(page).filter({ hasText: name }).first();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(headers.map((h, i) => [h, (cells[i] ?? '').trim()]));
}

describe('find people the way they say their number', () => {
  it('za.reception: 082 108 7109, 0821087109 and 082 find the client; the list shows 082 108 7109', async () => {
    const { page } = await suite.open();
    await list.openClients(page, 'za.reception');
    await list.waitForList(page);
    for (const typed of ['082 108 7109', '0821087109', '+27 82 108 7109']) {
      await list.search(page, typed);
      await list.waitForList(page);
      expect(await list.columnTexts(page, 'Name'), typed).toEqual([LINDIWE]);
    }
    expect(await rowOf(page, LINDIWE)).toMatchObject({ Mobile: '082 108 7109' });

    await list.search(page, '082');
    await list.waitForList(page);
    const mobiles = await list.columnTexts(page, 'Mobile');
    expect(mobiles.length).toBeGreaterThan(5);
    for (const mobile of mobiles) expect(mobile).toMatch(/^082 \d{3} \d{4}$/);
    await expectNoSeriousViolations(page);
  });

  it('uk.practice: the UK list shows 07911 123456 and finds it as typed; the Delete panel shows it too', async () => {
    const { page } = await suite.open();
    await list.openClients(page, 'uk.practice');
    await list.search(page, '07911 123456');
    await list.waitForList(page);
    // Other browser tests give their UK fixtures the same number: every row found has it, and the demo
    // client that has it is among them (on a later page when more than a page of fixtures were made first).
    expect(new Set(await list.columnTexts(page, 'Mobile'))).toEqual(new Set(['07911 123456']));
    const api = await list.ApiClient.signIn('uk.practice');
    const found = await list.listViaApi(api, { search: '07911 123456', size: '100' });
    expect(found.content.map((c) => c.name)).toContain('Richmond Bakery Ltd');
    const id = (await list.listViaApi(api, { search: 'richmond bakery' })).content[0]?.id;
    await page.goto(`/#/commonClients?inputActiveTab=5&inputClientId=${id}`);
    const details = page.getByTestId('delete-client-details');
    await details.waitFor();
    expect(await visibleText(details)).toContain('07911 123456');
  });
});

describe('warn before a duplicate client', () => {
  async function openNewClient(): Promise<Page> {
    const { page } = await suite.open();
    await signInAs(page, 'za.reception');
    await openPanel(page, FORM_TABS.create);
    await heading(page, PANEL_TITLES.create).waitFor();
    await field(page, 'email').waitFor();
    return page;
  }

  it('the same e-mail: the existing client is shown, and "Create anyway" creates it after all', async () => {
    const existing = await createZaClient(za, uniqueWord('Twin'));
    const page = await openNewClient();
    const first = uniqueWord('Second');
    await fillRequired(page, first, existing.email ?? '');
    const posts: Record<string, unknown>[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/client1\/\d+$/.test(r.url())) posts.push(r.postDataJSON());
    });
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const message = `A client with this e-mail exists already: ${existing.name} (client ${existing.id}).`;
    expect(await toastWith(page, message)).toBe('Error');
    const notice = page.getByTestId('duplicate-client');
    await notice.getByText(existing.email ?? '').waitFor();
    expect(await visibleText(notice)).toContain(message);
    expect(await visibleText(notice)).toContain(existing.name);
    expect(await visibleText(fieldError(page, 'email'))).toBe(
      `${existing.name} (client ${existing.id}) has this e-mail already.`,
    );
    expect(await searchClients(za, first)).toEqual([]);
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.scrollIntoViewIfNeeded();
    await screenshot(page, 'client-duplicate-390');
    // The notice and the form's buttons at phone width (the page header's own fit is point 5's).
    expect(describeViolations(await seriousViolations(page, '.client-form'))).toBe('');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Create anyway' }).click();
    expect(await toastWith(page, 'Created client.')).toBe('Successful');
    await heading(page, PANEL_TITLES.create).waitFor({ state: 'detached' });
    expect(posts.map((p) => p.confirmDuplicate)).toEqual([undefined, true]);
    const twins = await searchClients(za, existing.email ?? '');
    expect(twins.map((c) => c.name).sort()).toEqual([existing.name, `${first} Forms`].sort());
  });

  it('the same ID number: "Open the existing client" opens its record page, and nothing was created', async () => {
    const dob = `19${50 + Math.floor(Math.random() * 49)}-0${1 + Math.floor(Math.random() * 9)}-1${Math.floor(Math.random() * 9)}`;
    const idNumber = saIdNumber(dob, false);
    const existing = await createZaClient(za, uniqueWord('Ident'), { idNumber, dob });
    const page = await openNewClient();
    const first = uniqueWord('Again');
    await fillRequired(page, first, `${first.toLowerCase()}@example.com`);
    await field(page, 'idNumber').fill(idNumber);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    expect(await visibleText(fieldError(page, 'idNumber'))).toBe(
      `${existing.name} (client ${existing.id}) has this ID number already.`,
    );
    const notice = page.getByTestId('duplicate-client');
    await notice.getByText(idNumber).waitFor();

    // Leaving the half-filled form asks first (the leave guard); the user means it.
    await page.getByTestId('open-existing-client').click();
    await page.getByRole('button', { name: 'Leave page' }).click();
    await waitForHash(page, recordHash(existing.id));
    await waitForRecord(page, existing.name);
    // The record page shows the mobile nationally too; its link dials the E.164 form.
    const mobile = page.getByTestId('record-contact').getByRole('link', { name: '082 123 4567' });
    expect(await mobile.getAttribute('href')).toBe('tel:+27821234567');
    expect(await searchClients(za, first)).toEqual([]);
  });
});

describe('phones in the client export', () => {
  it('za.admin: the mobile column holds 082 108 7109 without a guard, mobileE164 the guarded +27…', async () => {
    const { page } = await suite.open();
    await list.openClients(page, 'za.admin');
    await list.search(page, '082 108 7109');
    await list.waitForList(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Clients' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')).toEqual([
      'name,firstName,preferredName,lastName,email,mobile,type,status,companyId,id,category,mobileE164',
      expect.stringMatching(
        /^Lindiwe Cele,Lindiwe,Lindiwe,Cele,lindiwe\.cele@example\.com,082 108 7109,N,\w,\d+,\d+,[\w ]+,'\+27821087109$/,
      ),
      '',
    ]);
  });
});
