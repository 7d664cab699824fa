import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import * as settings from './support/settings.ts';
import { plans, products, startSettings } from './support/settings-data.ts';

const suite = useBrowserSuite();
const [zaAdmin, _ukAdmin] = signedIn('za.admin', 'uk.admin');

const start = (username: string) => startSettings(suite, username);

describe('settings: billing plans and products (rights A)', () => {
  it('adds a plan with a money amount, uses it in a product, edits and deletes the product', async () => {
    const page = await start('za.admin');
    const planName = settings.unique('Plan');
    const productName = settings.unique('Product');
    const renamed = `${productName} renamed`;

    // A billing plan: the amount typed as money, stored as cents.
    let list = await settings.openTab(page, 'plans');
    await list.getByRole('button', { name: 'Add billing plan' }).click();
    await settings.waitForDialog(page, 'New billing plan');
    await settings.field(page, 'name').fill(planName);
    await settings.typeMoney(page, 'amount', '1234.56');
    expect(settings.plainSpaces(await settings.field(page, 'amount').inputValue())).toBe('R 1 234,56');
    await settings.selectOption(page, 'frequency', 'Quarterly');
    await page.getByLabel('Bookable').check();
    await settings.screenshot(page, 'settings-plan-dialog');
    await settings.saveDialog(page, 'New billing plan');
    expect(await settings.toast(page, 'Saved billing plan')).toContain(`Saved billing plan "${planName}".`);
    expect(await settings.cells(settings.row(list, planName))).toEqual([
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
    list = await settings.openTab(page, 'products');
    await list.getByRole('button', { name: 'Add product' }).click();
    await settings.waitForDialog(page, 'New product');
    await settings.field(page, 'name').fill(productName);
    await settings.field(page, 'description').fill('Twelve sessions over a quarter.');
    await settings.selectOption(page, 'billingPlanId', planName);
    await settings.typeMoney(page, 'premium', '250');
    await settings.typeMoney(page, 'value', '3000,5');
    await settings.field(page, 'tariffCode').fill(' 72101 ');
    await settings.saveDialog(page, 'New product');
    await settings.toast(page, `Saved product "${productName}".`);
    expect(await settings.cells(settings.row(list, productName))).toEqual([
      productName,
      'Twelve sessions over a quarter.',
      planName,
      'R 250,00',
      'R 3 000,50',
      '72101',
      'Yes',
      'Edit Delete',
    ]);
    let product = (await products(zaAdmin)).find((p) => p.name === productName);
    expect(product).toMatchObject({
      billingPlanId: plan?.id,
      premium: 25_000,
      value: 300_050,
      active: 'Y',
      tariffCode: '72101',
    });
    await settings.screenshot(page, 'settings-products');

    // Edit: the form opens with the saved values; the change shows and is stored.
    await list.getByRole('button', { name: `Edit ${productName}` }).click();
    const edit = await settings.waitForDialog(page, 'Edit product');
    expect(await settings.field(page, 'name').inputValue()).toBe(productName);
    expect(await settings.field(page, 'tariffCode').inputValue()).toBe('72101');
    expect(settings.plainSpaces(await settings.field(page, 'premium').inputValue())).toBe('R 250,00');
    expect(await visibleText(edit.locator('.p-dropdown-label'))).toBe(planName);
    await settings.field(page, 'name').fill(renamed);
    await page.getByLabel('Active').uncheck();
    await settings.saveDialog(page, 'Edit product');
    await settings.toast(page, `Saved product "${renamed}".`);
    expect(await settings.cells(settings.row(list, renamed))).toEqual([
      renamed,
      'Twelve sessions over a quarter.',
      planName,
      'R 250,00',
      'R 3 000,50',
      '72101',
      'No',
      'Edit Delete',
    ]);
    expect(await settings.row(list, productName).count()).toBe(0);
    product = (await products(zaAdmin)).find((p) => p.id === product?.id);
    expect(product).toMatchObject({ name: renamed, active: 'N', premium: 25_000 });

    // The plan is in use: deleting it shows the API's message and it stays.
    list = await settings.openTab(page, 'plans');
    await settings.deleteRow(page, list, planName, 'Yes');
    expect(await settings.toast(page, settings.PLAN_IN_USE)).toContain(settings.PLAN_IN_USE);
    await settings.row(list, planName).waitFor();
    expect((await plans(zaAdmin)).some((p) => p.id === plan?.id)).toBe(true);

    // Delete the product after a No, then a Yes.
    list = await settings.openTab(page, 'products');
    await settings.deleteRow(page, list, renamed, 'No');
    expect(await settings.row(list, renamed).count()).toBe(1);
    await settings.deleteRow(page, list, renamed, 'Yes');
    await settings.toast(page, `Deleted product "${renamed}".`);
    await settings.row(list, renamed).waitFor({ state: 'detached' });
    expect((await products(zaAdmin)).some((p) => p.id === product?.id)).toBe(false);

    // With no product left on it, the plan can go.
    list = await settings.openTab(page, 'plans');
    await settings.deleteRow(page, list, planName, 'Yes');
    await settings.toast(page, `Deleted billing plan "${planName}".`);
    await settings.row(list, planName).waitFor({ state: 'detached' });
    expect((await plans(zaAdmin)).some((p) => p.id === plan?.id)).toBe(false);
  });

  it('the delete confirmation starts on No', async () => {
    const page = await start('za.admin');
    const list = await settings.openTab(page, 'plans');
    await list.getByRole('button', { name: 'Delete Initial consultation' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect(await visibleText(confirm)).toContain('Delete the billing plan "Initial consultation"?');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'No');
    await page.locator('.p-confirm-dialog.p-dialog-enter-done').waitFor();
    await settings.screenshot(page, 'settings-confirm-delete');
    await settings.expectNoSeriousViolations(page);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    expect(await settings.row(list, 'Initial consultation').count()).toBe(1);
  });

  it('an empty name shows "Field is required." on the field and nothing is created', async () => {
    const page = await start('za.admin');
    const before = await plans(zaAdmin);
    const list = await settings.openTab(page, 'plans');
    await list.getByRole('button', { name: 'Add billing plan' }).click();
    const box = await settings.waitForDialog(page, 'New billing plan');
    await box.getByRole('button', { name: 'Save' }).click();
    await settings.fieldError(page, 'name').waitFor();
    expect(await visibleText(settings.fieldError(page, 'name'))).toBe(settings.REQUIRED);
    expect(await visibleText(settings.fieldError(page, 'amount'))).toBe(settings.REQUIRED);
    expect(await settings.field(page, 'name').getAttribute('aria-invalid')).toBe('true');
    expect(await settings.field(page, 'name').getAttribute('aria-describedby')).toContain(
      'settings-name-error',
    );
    await settings.screenshot(page, 'settings-plan-required');

    // Filling the amount alone still sends nothing.
    await settings.typeMoney(page, 'amount', '98765.43');
    await settings.field(page, 'name').fill('   ');
    await box.getByRole('button', { name: 'Save' }).click();
    await settings.fieldError(page, 'amount').waitFor({ state: 'detached' });
    expect(await visibleText(settings.fieldError(page, 'name'))).toBe(settings.REQUIRED);
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
    const list = await settings.openTab(page, 'processes');
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
    const box = await settings.waitForDialog(page, 'New process');
    await settings.field(page, 'name').fill('Staged refusal');
    await box.getByRole('button', { name: 'Save' }).click();
    await settings.fieldError(page, 'name').waitFor();
    expect(await visibleText(settings.fieldError(page, 'name'))).toBe('That name is not allowed.');
    await settings.toast(page, 'Some fields are not valid.');
    expect(await settings.field(page, 'name').inputValue()).toBe('Staged refusal');
    await box.getByRole('button', { name: 'Cancel' }).click();
  });
});
