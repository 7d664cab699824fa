import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { type AppPage, launchBrowser, openApp } from './support/browser.ts';
import {
  cells,
  deleteRow,
  dialog,
  expectNoSeriousViolations,
  field,
  fieldError,
  openSettings,
  openTab,
  PLAN_IN_USE,
  plainSpaces,
  READ_ONLY_NOTE,
  REQUIRED,
  row,
  saveDialog,
  screenshot,
  selectOption,
  signInAs,
  TABS,
  toast,
  typeMoney,
  unique,
  waitForDialog,
} from './support/settings.ts';

interface Plan {
  id: number;
  name: string;
  amount: number;
  frequency: string;
  active: string;
  bookable: string;
}
interface Product {
  id: number;
  name: string;
  description: string | null;
  billingPlanId: number | null;
  billingPlanName: string | null;
  premium: number;
  value: number;
  active: string;
}
interface Template {
  id: number;
  subject: string;
  body: string;
}
interface Process {
  id: number;
  name: string;
  description: string | null;
  active: string;
}

let browser: Browser;
let app: AppPage;
let zaAdmin: ApiClient;
let ukAdmin: ApiClient;

const plans = (api: ApiClient) => api.request<Plan[]>('GET', `/api/billingplan/${api.user.companyId}`);
const products = (api: ApiClient) => api.request<Product[]>('GET', `/api/product1/${api.user.companyId}`);
const templates = (api: ApiClient) =>
  api.request<Template[]>('GET', `/api/notetemplate/${api.user.companyId}`);
const processes = (api: ApiClient) => api.request<Process[]>('GET', `/api/process/${api.user.companyId}`);

beforeAll(async () => {
  browser = await launchBrowser();
  [zaAdmin, ukAdmin] = await Promise.all([ApiClient.signIn('za.admin'), ApiClient.signIn('uk.admin')]);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  expect(app.problems).toEqual([]);
  await app.context.close();
});

async function start(username: string): Promise<Page> {
  app = await openApp(browser);
  await signInAs(app.page, username);
  await openSettings(app.page);
  return app.page;
}

describe('settings: billing plans and products (rights A)', () => {
  it('adds a plan with a money amount, uses it in a product, edits and deletes the product', async () => {
    const page = await start('za.admin');
    const planName = unique('Plan');
    const productName = unique('Product');
    const renamed = `${productName} renamed`;

    // A billing plan: the amount typed as money, stored as cents.
    let list = await openTab(page, 'plans');
    await list.getByRole('button', { name: 'Add billing plan' }).click();
    await waitForDialog(page, 'New billing plan');
    await field(page, 'name').fill(planName);
    await typeMoney(page, 'amount', '1234.56');
    expect(plainSpaces(await field(page, 'amount').inputValue())).toBe('R 1 234,56');
    await selectOption(page, 'frequency', 'Quarterly');
    await page.getByLabel('Bookable').check();
    await screenshot(page, 'settings-plan-dialog');
    await saveDialog(page, 'New billing plan');
    expect(await toast(page, 'Saved billing plan')).toContain(`Saved billing plan "${planName}".`);
    expect(await cells(row(list, planName))).toEqual([
      planName,
      'R 1 234,56',
      'Quarterly',
      'Yes',
      'Yes',
      'Edit Delete',
    ]);
    const plan = (await plans(zaAdmin)).find((p) => p.name === planName);
    expect(plan).toMatchObject({ amount: 123_456, frequency: 'quarterly', active: 'Y', bookable: 'Y' });

    // A product on that plan: the plan's name shows in the table.
    list = await openTab(page, 'products');
    await list.getByRole('button', { name: 'Add product' }).click();
    await waitForDialog(page, 'New product');
    await field(page, 'name').fill(productName);
    await field(page, 'description').fill('Twelve sessions over a quarter.');
    await selectOption(page, 'billingPlanId', planName);
    await typeMoney(page, 'premium', '250');
    await typeMoney(page, 'value', '3000,5');
    await saveDialog(page, 'New product');
    await toast(page, `Saved product "${productName}".`);
    expect(await cells(row(list, productName))).toEqual([
      productName,
      'Twelve sessions over a quarter.',
      planName,
      'R 250,00',
      'R 3 000,50',
      'Yes',
      'Edit Delete',
    ]);
    let product = (await products(zaAdmin)).find((p) => p.name === productName);
    expect(product).toMatchObject({ billingPlanId: plan?.id, premium: 25_000, value: 300_050, active: 'Y' });
    await screenshot(page, 'settings-products');

    // Edit: the form opens with the saved values; the change shows and is stored.
    await list.getByRole('button', { name: `Edit ${productName}` }).click();
    const edit = await waitForDialog(page, 'Edit product');
    expect(await field(page, 'name').inputValue()).toBe(productName);
    expect(plainSpaces(await field(page, 'premium').inputValue())).toBe('R 250,00');
    expect(await visibleText(edit.locator('.p-dropdown-label'))).toBe(planName);
    await field(page, 'name').fill(renamed);
    await page.getByLabel('Active').uncheck();
    await saveDialog(page, 'Edit product');
    await toast(page, `Saved product "${renamed}".`);
    expect(await cells(row(list, renamed))).toEqual([
      renamed,
      'Twelve sessions over a quarter.',
      planName,
      'R 250,00',
      'R 3 000,50',
      'No',
      'Edit Delete',
    ]);
    expect(await row(list, productName).count()).toBe(0);
    product = (await products(zaAdmin)).find((p) => p.id === product?.id);
    expect(product).toMatchObject({ name: renamed, active: 'N', premium: 25_000 });

    // The plan is in use: deleting it shows the API's message and it stays.
    list = await openTab(page, 'plans');
    await deleteRow(page, list, planName, 'Yes');
    expect(await toast(page, PLAN_IN_USE)).toContain(PLAN_IN_USE);
    await row(list, planName).waitFor();
    expect((await plans(zaAdmin)).some((p) => p.id === plan?.id)).toBe(true);

    // Delete the product after a No, then a Yes.
    list = await openTab(page, 'products');
    await deleteRow(page, list, renamed, 'No');
    expect(await row(list, renamed).count()).toBe(1);
    await deleteRow(page, list, renamed, 'Yes');
    await toast(page, `Deleted product "${renamed}".`);
    await row(list, renamed).waitFor({ state: 'detached' });
    expect((await products(zaAdmin)).some((p) => p.id === product?.id)).toBe(false);

    // With no product left on it, the plan can go.
    list = await openTab(page, 'plans');
    await deleteRow(page, list, planName, 'Yes');
    await toast(page, `Deleted billing plan "${planName}".`);
    await row(list, planName).waitFor({ state: 'detached' });
    expect((await plans(zaAdmin)).some((p) => p.id === plan?.id)).toBe(false);
  });

  it('the delete confirmation starts on No', async () => {
    const page = await start('za.admin');
    const list = await openTab(page, 'plans');
    await list.getByRole('button', { name: 'Delete Initial consultation' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect(await visibleText(confirm)).toContain('Delete the billing plan "Initial consultation"?');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'No');
    await page.locator('.p-confirm-dialog.p-dialog-enter-done').waitFor();
    await screenshot(page, 'settings-confirm-delete');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    expect(await row(list, 'Initial consultation').count()).toBe(1);
  });

  it('an empty name shows "Field is required." on the field and nothing is created', async () => {
    const page = await start('za.admin');
    const before = await plans(zaAdmin);
    const list = await openTab(page, 'plans');
    await list.getByRole('button', { name: 'Add billing plan' }).click();
    const box = await waitForDialog(page, 'New billing plan');
    await box.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'name').waitFor();
    expect(await visibleText(fieldError(page, 'name'))).toBe(REQUIRED);
    expect(await visibleText(fieldError(page, 'amount'))).toBe(REQUIRED);
    expect(await field(page, 'name').getAttribute('aria-invalid')).toBe('true');
    expect(await field(page, 'name').getAttribute('aria-describedby')).toContain('settings-name-error');
    await screenshot(page, 'settings-plan-required');

    // Filling the amount alone still sends nothing.
    await typeMoney(page, 'amount', '98765.43');
    await field(page, 'name').fill('   ');
    await box.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'amount').waitFor({ state: 'detached' });
    expect(await visibleText(fieldError(page, 'name'))).toBe(REQUIRED);
    expect(await box.isVisible()).toBe(true);
    await box.getByRole('button', { name: 'Cancel' }).click();
    await box.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the dialog.
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Add billing plan');
    const after = await plans(zaAdmin);
    expect(after.some((p) => p.amount === 9_876_543)).toBe(false);
    expect(after.length).toBe(before.length);
  });

  it("the API's field errors show on their fields", async () => {
    const page = await start('za.admin');
    const list = await openTab(page, 'processes');
    // The browser's own checks mirror the API's, so the API's answer is staged here.
    await page.route('**/api/process/*', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              fields: [{ path: 'body.name', message: 'That name is not allowed.' }],
              requestId: 'e2e',
            }),
          })
        : route.continue(),
    );
    await list.getByRole('button', { name: 'Add process' }).click();
    const box = await waitForDialog(page, 'New process');
    await field(page, 'name').fill('Staged refusal');
    await box.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'name').waitFor();
    expect(await visibleText(fieldError(page, 'name'))).toBe('That name is not allowed.');
    await toast(page, 'Some fields are not valid.');
    expect(await field(page, 'name').inputValue()).toBe('Staged refusal');
    await box.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('settings: note templates and processes', () => {
  it('a note template with bold text is shown bold and stored with <strong>', async () => {
    const page = await start('za.admin');
    const subject = unique('Template');
    const list = await openTab(page, 'templates');
    await list.getByRole('button', { name: 'Add note template' }).click();
    const box = await waitForDialog(page, 'New note template');
    await field(page, 'subject').fill(subject);
    const editor = page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await page.keyboard.type('Patient reports ');
    await box.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('no pain');
    await box.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' after treatment.');
    expect(await editor.locator('strong').allInnerTexts()).toEqual(['no pain']);
    await screenshot(page, 'settings-template-dialog');
    await expectNoSeriousViolations(page);
    await saveDialog(page, 'New note template');
    await toast(page, `Saved note template "${subject}".`);

    const preview = row(list, subject).locator('.rich-text');
    expect(await visibleText(preview)).toBe('Patient reports no pain after treatment.');
    const bold = preview.locator('strong');
    expect(await bold.allInnerTexts()).toEqual(['no pain']);
    const weight = await bold.evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(weight).toBeGreaterThanOrEqual(600);
    const stored = (await templates(zaAdmin)).find((t) => t.subject === subject);
    expect(stored?.body).toContain('<strong>no pain</strong>');

    // Editing opens the editor with the stored text, bold included.
    await list.getByRole('button', { name: `Edit ${subject}` }).click();
    await waitForDialog(page, 'Edit note template');
    await page.getByRole('textbox', { name: 'Text' }).locator('strong').waitFor();
    expect(await visibleText(page.getByRole('textbox', { name: 'Text' }))).toBe(
      'Patient reports no pain after treatment.',
    );
    await dialog(page, 'Edit note template').getByRole('button', { name: 'Cancel' }).click();
  });

  it('stored text is shown without anything that could run', async () => {
    const subject = unique('Unsafe');
    await zaAdmin.request('POST', `/api/notetemplate/${zaAdmin.user.companyId}`, {
      subject,
      body: '<p>Safe <em>text</em><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script></p>',
    });
    const page = await start('za.admin');
    const list = await openTab(page, 'templates');
    const preview = row(list, subject).locator('.rich-text');
    expect(await visibleText(preview)).toBe('Safe text');
    expect(await preview.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('a process is added, found, and made inactive', async () => {
    const page = await start('za.admin');
    const name = unique('Process');
    const list = await openTab(page, 'processes');
    await list.getByRole('button', { name: 'Add process' }).click();
    await waitForDialog(page, 'New process');
    await field(page, 'name').fill(name);
    await field(page, 'description').fill('Claims follow-up with medical schemes.');
    await saveDialog(page, 'New process');
    await toast(page, `Saved process "${name}".`);
    expect(await cells(row(list, name))).toEqual([
      name,
      'Claims follow-up with medical schemes.',
      'Yes',
      'Edit Delete',
    ]);
    const stored = (await processes(zaAdmin)).find((p) => p.name === name);
    expect(stored).toMatchObject({ description: 'Claims follow-up with medical schemes.', active: 'Y' });

    await list.getByRole('button', { name: `Edit ${name}` }).click();
    await waitForDialog(page, 'Edit process');
    await page.getByLabel('Active').uncheck();
    await saveDialog(page, 'Edit process');
    await toast(page, `Saved process "${name}".`);
    expect((await cells(row(list, name)))[2]).toBe('No');
    expect((await processes(zaAdmin)).find((p) => p.id === stored?.id)?.active).toBe('N');
  });
});

describe('settings: who sees what', () => {
  it('staff without rights A see every list but cannot change anything', async () => {
    const page = await start('za.reception');
    expect(await visibleText(page.getByRole('main'))).toContain(READ_ONLY_NOTE);
    const expected: Record<keyof typeof TABS, string> = {
      products: 'Physiotherapy assessment',
      plans: 'Initial consultation',
      templates: 'Initial assessment',
      processes: 'Medical aid claim',
    };
    for (const tab of Object.keys(TABS) as (keyof typeof TABS)[]) {
      const list = await openTab(page, tab);
      await row(list, expected[tab]).waitFor();
      expect(await list.getByRole('button', { name: /^(Add|Edit|Delete)\b/ }).count()).toBe(0);
      expect(await list.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    }
    await screenshot(page, 'settings-read-only');
  });

  it('an administrator does not see the read-only note', async () => {
    const page = await start('za.admin');
    await openTab(page, 'products');
    expect(await visibleText(page.getByRole('main'))).not.toContain(READ_ONLY_NOTE);
  });

  it("a UK administrator sees pounds and only their own company's data", async () => {
    const zaOnly = unique('ZA only plan');
    await zaAdmin.request('POST', `/api/billingplan/${zaAdmin.user.companyId}`, {
      name: zaOnly,
      amount: 10_000,
      frequency: 'once',
    });
    const page = await start('uk.admin');
    let list = await openTab(page, 'plans');
    expect(await cells(row(list, 'Annual review'))).toEqual([
      'Annual review',
      '£450.00',
      'Annually',
      'Yes',
      'Yes',
      'Edit Delete',
    ]);
    const text = await visibleText(list);
    expect(text).not.toContain('Initial consultation');
    expect(text).not.toContain(zaOnly);
    expect(text).not.toContain('R ');
    await screenshot(page, 'settings-plans-uk');

    // Sorting by amount, lowest first, then highest first.
    const order = async () => {
      const names = (await list.getByRole('row').allInnerTexts()).map((t) => t.split('\t')[0]?.trim() ?? '');
      return ['Ongoing advice (monthly)', 'Annual review', 'Financial plan (one-off)'].map((n) =>
        names.indexOf(n),
      );
    };
    const [a, b, c] = await order();
    expect(b).toBeLessThan(a ?? -1); // by name: Annual, Financial, Ongoing
    expect(b).toBeLessThan(c ?? -1);
    await list.getByRole('columnheader', { name: 'Amount' }).click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="ascending"]')?.textContent?.includes('Amount'),
    );
    const ascending = await order();
    expect([...ascending].sort((x, y) => x - y)).toEqual(ascending);
    await list.getByRole('columnheader', { name: 'Amount' }).click();
    await page.waitForFunction(() =>
      document.querySelector('th[aria-sort="descending"]')?.textContent?.includes('Amount'),
    );
    const descending = await order();
    expect([...descending].sort((x, y) => y - x)).toEqual(descending);

    // The open tab is in the address, so a reload keeps it.
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(await page.getByRole('tab', { name: TABS.plans }).getAttribute('aria-selected')).toBe('true');
    await row(list, 'Annual review').waitFor();

    list = await openTab(page, 'products');
    expect(await cells(row(list, 'Life cover'))).toEqual([
      'Life cover',
      'Level term life insurance, 25 years.',
      'Ongoing advice (monthly)',
      '£35.00',
      '£250,000.00',
      'Yes',
      'Edit Delete',
    ]);
    expect(await visibleText(list)).not.toContain('Physiotherapy assessment');

    // The money input follows the company currency too.
    await list.getByRole('button', { name: 'Add product' }).click();
    await waitForDialog(page, 'New product');
    await typeMoney(page, 'premium', '1234.5');
    expect(await field(page, 'premium').inputValue()).toBe('£1,234.50');
    await dialog(page, 'New product').getByRole('button', { name: 'Cancel' }).click();
    expect((await plans(ukAdmin)).some((p) => p.name === zaOnly)).toBe(false);
  });
});

describe('settings: list states', () => {
  it('an empty list says so, and a list that fails to load offers to try again', async () => {
    app = await openApp(browser);
    const { page } = app;
    await signInAs(page, 'za.reception');
    // Staged answers: the demo company has processes, and the server does not fail on demand.
    await page.route('**/api/process/*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    let failing = true;
    await page.route('**/api/billingplan/*', (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'INTERNAL', message: 'Unavailable.', requestId: 'e2e' }),
          })
        : route.continue(),
    );
    await openSettings(page);

    const processList = await openTab(page, 'processes');
    expect(await visibleText(processList)).toContain('No processes yet.');

    await page.getByRole('tab', { name: TABS.plans }).click();
    const planList = page.getByRole('region', { name: TABS.plans });
    const alert = planList.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await visibleText(alert)).toContain('The billing plans could not be loaded.');
    expect(await visibleText(planList)).not.toContain('No billing plans yet.');
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await row(planList, 'Initial consultation').waitFor();
    expect(await alert.count()).toBe(0);
  });
});

describe('settings: accessibility', () => {
  it('every tab and a dialog have no serious axe violation', async () => {
    const page = await start('za.admin');
    expect(await page.title()).toBe('Settings · Practice Desk');
    const shots: Record<keyof typeof TABS, string> = {
      products: 'settings-tab-products',
      plans: 'settings-tab-plans',
      templates: 'settings-tab-templates',
      processes: 'settings-tab-processes',
    };
    for (const tab of Object.keys(TABS) as (keyof typeof TABS)[]) {
      await openTab(page, tab);
      await screenshot(page, shots[tab]);
      await expectNoSeriousViolations(page);
    }
    const list = await openTab(page, 'products');
    await list.getByRole('button', { name: 'Add product' }).click();
    await waitForDialog(page, 'New product');
    await screenshot(page, 'settings-product-dialog');
    await expectNoSeriousViolations(page);
  });

  it('staff without rights A: the read-only page has no serious axe violation', async () => {
    const page = await start('za.reception');
    await openTab(page, 'products');
    await expectNoSeriousViolations(page);
  });
});
