import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { refuseUntilLifted, visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import * as settings from './support/settings.ts';
import { plans, processes, startSettings, templates } from './support/settings-data.ts';

const suite = useBrowserSuite();
const [zaAdmin, ukAdmin] = signedIn('za.admin', 'uk.admin');

const start = (username: string) => startSettings(suite, username);

describe('settings: note templates and processes', () => {
  it('a note template with bold text is shown bold and stored with <strong>', async () => {
    const page = await start('za.admin');
    const subject = settings.unique('Template');
    const list = await settings.openTab(page, 'templates');
    await list.getByRole('button', { name: 'Add note template' }).click();
    const box = await settings.waitForDialog(page, 'New note template');
    await settings.field(page, 'subject').fill(subject);
    const editor = page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await page.keyboard.type('Patient reports ');
    await box.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('no pain');
    await box.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' after treatment.');
    expect(await editor.locator('strong').allInnerTexts()).toEqual(['no pain']);
    await settings.screenshot(page, 'settings-template-dialog');
    await settings.expectNoSeriousViolations(page);
    await settings.saveDialog(page, 'New note template');
    await settings.toast(page, `Saved note template "${subject}".`);

    const preview = settings.row(list, subject).locator('.rich-text');
    expect(await visibleText(preview)).toBe('Patient reports no pain after treatment.');
    const bold = preview.locator('strong');
    expect(await bold.allInnerTexts()).toEqual(['no pain']);
    const weight = await bold.evaluate((el) => Number(getComputedStyle(el).fontWeight));
    expect(weight).toBeGreaterThanOrEqual(600);
    const stored = (await templates(zaAdmin)).find((t) => t.subject === subject);
    expect(stored?.body).toContain('<strong>no pain</strong>');

    // Editing opens the editor with the stored text, bold included.
    await list.getByRole('button', { name: `Edit ${subject}` }).click();
    await settings.waitForDialog(page, 'Edit note template');
    await page.getByRole('textbox', { name: 'Text' }).locator('strong').waitFor();
    expect(await visibleText(page.getByRole('textbox', { name: 'Text' }))).toBe(
      'Patient reports no pain after treatment.',
    );
    await settings.dialog(page, 'Edit note template').getByRole('button', { name: 'Cancel' }).click();
  });

  it('stored text is shown without anything that could run', async () => {
    const subject = settings.unique('Unsafe');
    await zaAdmin.request('POST', `/api/notetemplate/${zaAdmin.user.companyId}`, {
      subject,
      body: '<p>Safe <em>text</em><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script></p>',
    });
    const page = await start('za.admin');
    const list = await settings.openTab(page, 'templates');
    const preview = settings.row(list, subject).locator('.rich-text');
    expect(await visibleText(preview)).toBe('Safe text');
    expect(await preview.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it('a process is added, found, and made inactive', async () => {
    const page = await start('za.admin');
    const name = settings.unique('Process');
    const list = await settings.openTab(page, 'processes');
    await list.getByRole('button', { name: 'Add process' }).click();
    await settings.waitForDialog(page, 'New process');
    await settings.field(page, 'name').fill(name);
    await settings.field(page, 'description').fill('Claims follow-up with medical schemes.');
    await settings.saveDialog(page, 'New process');
    await settings.toast(page, `Saved process "${name}".`);
    expect(await settings.cells(settings.row(list, name))).toEqual([
      name,
      'Claims follow-up with medical schemes.',
      'Yes',
      'Edit Delete',
    ]);
    const stored = (await processes(zaAdmin)).find((p) => p.name === name);
    expect(stored).toMatchObject({ description: 'Claims follow-up with medical schemes.', active: 'Y' });

    await list.getByRole('button', { name: `Edit ${name}` }).click();
    await settings.waitForDialog(page, 'Edit process');
    await page.getByLabel('Active').uncheck();
    await settings.saveDialog(page, 'Edit process');
    await settings.toast(page, `Saved process "${name}".`);
    expect((await settings.cells(settings.row(list, name)))[2]).toBe('No');
    expect((await processes(zaAdmin)).find((p) => p.id === stored?.id)?.active).toBe('N');
  });
});

describe('settings: who sees what', () => {
  it('staff without rights A see every list but cannot change anything', async () => {
    const page = await start('za.reception');
    expect(await visibleText(page.getByRole('main'))).toContain(settings.READ_ONLY_NOTE);
    const expected: Record<keyof typeof settings.TABS, string> = {
      products: 'Physiotherapy assessment',
      plans: 'Initial consultation',
      templates: 'Initial assessment',
      processes: 'Medical aid claim',
    };
    for (const tab of Object.keys(settings.TABS) as (keyof typeof settings.TABS)[]) {
      const list = await settings.openTab(page, tab);
      await settings.row(list, expected[tab]).waitFor();
      expect(await list.getByRole('button', { name: /^(Add|Edit|Delete)\b/ }).count()).toBe(0);
      expect(await list.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    }
    await settings.screenshot(page, 'settings-read-only');
  });

  it('an administrator does not see the read-only note', async () => {
    const page = await start('za.admin');
    await settings.openTab(page, 'products');
    expect(await visibleText(page.getByRole('main'))).not.toContain(settings.READ_ONLY_NOTE);
  });

  it("a UK administrator sees pounds and only their own company's data", async () => {
    const zaOnly = settings.unique('ZA only plan');
    await zaAdmin.request('POST', `/api/billingplan/${zaAdmin.user.companyId}`, {
      name: zaOnly,
      amount: 10_000,
      frequency: 'once',
    });
    const page = await start('uk.admin');
    let list = await settings.openTab(page, 'plans');
    expect(await settings.cells(settings.row(list, 'Annual review'))).toEqual([
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
    await settings.screenshot(page, 'settings-plans-uk');

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
    expect(await page.getByRole('tab', { name: settings.TABS.plans }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await settings.row(list, 'Annual review').waitFor();

    list = await settings.openTab(page, 'products');
    expect(await settings.cells(settings.row(list, 'Life cover'))).toEqual([
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
    await settings.waitForDialog(page, 'New product');
    await settings.typeMoney(page, 'premium', '1234.5');
    expect(await settings.field(page, 'premium').inputValue()).toBe('£1,234.50');
    await settings.dialog(page, 'New product').getByRole('button', { name: 'Cancel' }).click();
    expect((await plans(ukAdmin)).some((p) => p.name === zaOnly)).toBe(false);
  });
});

describe('settings: list states', () => {
  it('an empty list says so, and a list that fails to load offers to try again', async () => {
    const app = await suite.open();
    const { page } = app;
    await settings.signInAs(page, 'za.reception');
    // Staged answers: the demo company has processes, and the server does not fail on demand.
    await page.route('**/api/process/*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '[]' }),
    );
    const plans = await refuseUntilLifted(page, '**/api/billingplan/*');
    await settings.openSettings(page);

    const processList = await settings.openTab(page, 'processes');
    expect(await visibleText(processList)).toContain('No processes yet.');

    await page.getByRole('tab', { name: settings.TABS.plans }).click();
    const planList = page.getByRole('region', { name: settings.TABS.plans });
    const alert = planList.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    expect(await visibleText(alert)).toContain('The billing plans could not be loaded.');
    expect(await visibleText(planList)).not.toContain('No billing plans yet.');
    plans.lift();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await settings.row(planList, 'Initial consultation').waitFor();
    expect(await alert.count()).toBe(0);
  });
});

describe('settings: accessibility', () => {
  it('every tab and a dialog have no serious axe violation', async () => {
    const page = await start('za.admin');
    expect(await page.title()).toBe('Settings · Practice Desk');
    const shots: Record<keyof typeof settings.TABS, string> = {
      products: 'settings-tab-products',
      plans: 'settings-tab-plans',
      templates: 'settings-tab-templates',
      processes: 'settings-tab-processes',
    };
    for (const tab of Object.keys(settings.TABS) as (keyof typeof settings.TABS)[]) {
      await settings.openTab(page, tab);
      await settings.screenshot(page, shots[tab]);
      await settings.expectNoSeriousViolations(page);
    }
    const list = await settings.openTab(page, 'products');
    await list.getByRole('button', { name: 'Add product' }).click();
    await settings.waitForDialog(page, 'New product');
    await settings.screenshot(page, 'settings-product-dialog');
    await settings.expectNoSeriousViolations(page);
  });

  it('staff without rights A: the read-only page has no serious axe violation', async () => {
    const page = await start('za.reception');
    await settings.openTab(page, 'products');
    await settings.expectNoSeriousViolations(page);
  });
});
