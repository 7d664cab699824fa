import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { type AppPage, launchBrowser, openApp } from './support/browser.ts';
import {
  ApiClient,
  chooseRowAction,
  clientsAddress,
  dropdownOptions,
  openRowMenu,
  panelHeading,
  recordRequests,
  SCREENSHOT_DIR,
  screenshot,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import { clientWithProduct, INVOICE_TEXT, invoiceViaApi, todayIn } from './support/invoices.ts';

let browser: Browser;
let app: AppPage;
let zaAdmin: ApiClient;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [browser, zaAdmin] = await Promise.all([launchBrowser(), ApiClient.signIn('za.admin')]);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  expect(app.problems).toEqual([]);
  await app.context.close();
});

// Written out, not imported, so a wrong catalogue entry fails here.
const UNPAID_TEXT = {
  created: 'Create unpaid notice.',
  failed: 'Failed to create unpaid notice. Please try again.',
} as const;
const TYPES = [
  'M: Member liable',
  'G: Gentle notice',
  'F: First notice',
  'S: Final notice',
  'L: Litigation notice',
  'C: Account internally written off',
];

interface StoredNotice {
  unpaidType: string;
  amountOutstandingCents: number;
  recipient: string | null;
  invoices: { reference: string | null }[];
}

describe('Create unpaid notice (tab 16)', () => {
  it('za.admin: type G by default, the amount is required and bounded by what the client owes; then the notice is sent', async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Unp'), 50_000);
    const invoice = await invoiceViaApi(zaAdmin, made, todayIn('Africa/Johannesburg'));
    const { client } = made;
    app = await openApp(browser);
    const { page } = app;
    await signInAs(page, 'za.admin');

    // Spec section 2: Create Unpaid Notice comes with the advanced view.
    expect(await openRowMenu(page, client)).not.toContain('Create Unpaid Notice');
    await page.keyboard.press('Escape');
    expect(await openRowMenu(page, client, true)).toContain('Create Unpaid Notice');
    await chooseRowAction(page, 'Create Unpaid Notice', clientsAddress(16, client.id));
    await panelHeading(page, `Create unpaid notice: ${client.name}`).waitFor();
    expect(await dropdownOptions(page, 'unpaid-type')).toEqual(TYPES);
    const shown = page
      .locator('.p-dropdown', { has: page.locator('#unpaid-type') })
      .locator('.p-dropdown-label');
    expect(await visibleText(shown)).toBe('G: Gentle notice');

    const posts = recordRequests(page, 'POST', /\/api\/unpaid\/client\/\d+$/);
    const submit = page.getByRole('button', { name: 'Create unpaid notice', exact: true });
    await submit.click();
    const amountError = page.getByTestId('unpaidAmountOutstanding-error');
    expect(await visibleText(amountError)).toBe(INVOICE_TEXT.required);
    expect(posts).toHaveLength(0);

    // More than the client owes: the server's reason shows on the amount; it clears once the amount changes.
    const amount = page.locator('#unpaid-amount');
    await amount.click();
    await amount.pressSequentially('5000');
    await amountError.waitFor({ state: 'detached' });
    await submit.click();
    expect(await toastWith(page, UNPAID_TEXT.failed)).toBe('Error');
    expect(await visibleText(amountError)).toMatch(/more than the .* the client owes/);
    await amount.press('Control+A');
    await amount.pressSequentially('100');
    await amountError.waitFor({ state: 'detached' });
    await screenshot(page, 'unpaid-notice');
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await submit.click();
    expect(await toastWith(page, UNPAID_TEXT.created)).toBe('Successful');
    expect(posts.map((p) => p.postDataJSON())).toEqual([
      { unpaidType: 'G', unpaidAmountOutstanding: 500_000 },
      { unpaidType: 'G', unpaidAmountOutstanding: 10_000 },
    ]);
    await waitForHash(page, clientsAddress(1, client.id));
    const notices = await zaAdmin.request<StoredNotice[]>('GET', `/api/unpaid/client/${client.id}`);
    expect(notices).toEqual([
      expect.objectContaining({
        unpaidType: 'G',
        amountOutstandingCents: 10_000,
        recipient: expect.stringContaining('@example.com'),
        invoices: [expect.objectContaining({ reference: invoice.reference })],
      }),
    ]);
  });

  it('za.rise (enableInvoicing N) is not offered C, the write-off', async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Unp'), 50_000);
    app = await openApp(browser);
    const { page } = app;
    await signIn(page, 'za.rise', 'Financial adviser overview');
    expect(await openRowMenu(page, made.client, true)).toContain('Create Unpaid Notice');
    await chooseRowAction(page, 'Create Unpaid Notice', clientsAddress(16, made.client.id));
    expect(await dropdownOptions(page, 'unpaid-type')).toEqual(TYPES.filter((t) => !t.startsWith('C')));
  });
});
