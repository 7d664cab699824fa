import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { signIn, visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  chooseRowAction,
  clientsAddress,
  gotoPanel,
  openRowMenu,
  panelHeading,
  pickOption,
  recordRequests,
  screenshot,
  signInAs,
  tableRows,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import {
  clientWithProduct,
  companyConfig,
  documentMarked,
  INVOICE_TEXT,
  invoiceRows,
  invoicesOf,
  invoiceViaApi,
  markDocument,
  moneyShown,
  todayIn,
} from './support/invoices.ts';

const suite = useBrowserSuite();
const [zaAdmin, ukAdmin] = signedIn('za.admin', 'uk.admin');

const CREATE_POST = /\/api\/invoice1\/\d+$/;
const LAZY = /\/api\/invoice1\/all\/lazyloading\/\d+/;
const invoicesAddress = (clientId?: number) =>
  clientId === undefined ? '#/commonInvoices' : `#/commonInvoices?inputClientId=${clientId}`;

/** The lazy-list query of the next list request, once it leaves the browser. */
async function nextListQuery(page: Page, action: () => Promise<void>): Promise<URLSearchParams> {
  const [request] = await Promise.all([page.waitForRequest(LAZY), action()]);
  return new URL(request.url()).searchParams;
}

async function openInvoicesOf(page: Page, clientId: number): Promise<void> {
  await page.goto(`/${invoicesAddress(clientId)}`);
  await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
}

describe('Create invoice (tab 17) and the Invoices page', () => {
  it('za.admin (tax registered): VAT choice shown and on; invoice created, listed after the reload, paid in full, downloaded as a PDF', async () => {
    const config = await companyConfig(zaAdmin);
    expect(config.taxRegistered).toBe('Y');
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Inv'), 123_456);
    const { client } = made;
    const vat = Math.round((123_456 * config.vatRateBps) / 10_000);
    const today = todayIn('Africa/Johannesburg');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await markDocument(page);

    // The client's invoices before: none. The list is now cached in the page.
    await openInvoicesOf(page, client.id);
    await page
      .getByTestId('one-client')
      .filter({ hasText: `Invoices of ${client.name}.` })
      .waitFor();
    await page.getByTestId('invoices-empty').filter({ hasText: INVOICE_TEXT.noInvoices }).waitFor();
    expect(await visibleText(page.getByTestId('invoices-total'))).toBe('0 invoices');

    const basic = await openRowMenu(page, client);
    expect(basic).toEqual(expect.arrayContaining(['Create Invoice', 'View Invoices']));
    await chooseRowAction(page, 'Create Invoice', clientsAddress(17, client.id));
    await panelHeading(page, `Create invoice: ${client.name}`).waitFor();
    expect(await page.locator('#invoice-invoiced').inputValue()).toBe(today);
    await page.getByTestId('use-tax-rate').waitFor();
    expect(await page.locator('#invoice-tax-Y').isChecked()).toBe(true);
    expect(await page.locator('#invoice-tax-N').isChecked()).toBe(false);

    // No product chosen: the field says so and nothing is sent.
    const posts = recordRequests(page, 'POST', CREATE_POST);
    await page.getByRole('button', { name: 'Create invoice', exact: true }).click();
    expect(await visibleText(page.getByTestId('product-error'))).toBe(INVOICE_TEXT.required);
    expect(posts).toHaveLength(0);

    await pickOption(page, 'invoice-product', made.product.name);
    expect(await page.getByTestId('product-error').count()).toBe(0);
    await screenshot(page, 'invoices-create-za');
    await page.getByRole('button', { name: 'Create invoice', exact: true }).click();
    expect(await toastWith(page, INVOICE_TEXT.created)).toBe('Successful');
    expect(posts.map((p) => p.postDataJSON())).toEqual([
      { clientId: client.id, invoiced: today, clientProductId: made.held.id, useTaxRate: 'Y', draft: false },
    ]);
    await waitForHash(page, clientsAddress(1, client.id));

    const [stored] = await invoicesOf(zaAdmin, client.id);
    expect(stored).toMatchObject({
      status: 'active',
      useTaxRate: 'Y',
      vatCents: vat,
      totalCents: 123_456 + vat,
    });
    const reference = stored?.reference ?? '';
    expect(reference).toMatch(/^INV-\d{6}$/);

    // From the row menu to the client's invoices, without a reload: the cached empty list was invalidated.
    await openRowMenu(page, client);
    await page.getByRole('menuitem', { name: 'View Invoices', exact: true }).click();
    await waitForHash(page, invoicesAddress(client.id));
    const total = moneyShown(123_456 + vat, 'ZA');
    await page.getByRole('cell', { name: reference, exact: true }).waitFor();
    expect(await documentMarked(page)).toBe(true);
    expect(posts).toHaveLength(1);
    expect(await invoiceRows(page)).toEqual([
      expect.objectContaining({
        Number: reference,
        Invoiced: today,
        Client: client.name,
        Status: 'Active',
        Total: total,
        Outstanding: total,
      }),
    ]);

    // Record payment: more than is outstanding is refused on the amount field, which clears when changed.
    await page.getByRole('button', { name: `Record payment for ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Record payment: ${reference}` });
    await dialog.waitFor();
    const amount = dialog.locator('#payment-amount');
    expect((await amount.inputValue()).replace(/[\u00a0\u202f]/g, ' ')).toBe(total);
    expect(await dialog.locator('#payment-date').inputValue()).toBe(today);
    await amount.click();
    await amount.press('Control+A');
    await amount.pressSequentially('2000000');
    const payments = recordRequests(page, 'POST', /\/api\/invoice1\/payment\/\d+$/);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    // Issue 13: an over-payment is refused on its field; the toast does not suggest trying again as it is.
    expect(await toastWith(page, INVOICE_TEXT.payRefused)).toBe('Error');
    const amountError = dialog.getByTestId('amount-error');
    expect((await visibleText(amountError)).replace(/[\u00a0\u202f]/g, ' ')).toBe(
      `The amount is more than the ${total} outstanding.`,
    );
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await amount.press('Control+A');
    await amount.pressSequentially('1');
    await amountError.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Again: the outstanding amount, by EFT with a reference, pays it.
    await page.getByRole('button', { name: `Record payment for ${reference}` }).click();
    await dialog.waitFor();
    await dialog.locator('#payment-reference').fill('EFT 4711');
    await screenshot(page, 'invoices-payment');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    expect(await toastWith(page, INVOICE_TEXT.paid)).toBe('Successful');
    await dialog.waitFor({ state: 'detached' });
    expect(payments.map((p) => p.postDataJSON())).toEqual([
      { amount: 200_000_000, date: today, method: 'eft' },
      { amount: 123_456 + vat, date: today, method: 'eft', reference: 'EFT 4711' },
    ]);
    await page.getByRole('cell', { name: 'Paid', exact: true }).waitFor();
    expect(await invoiceRows(page)).toEqual([
      expect.objectContaining({ Number: reference, Status: 'Paid', Outstanding: 'R 0,00' }),
    ]);
    expect(await page.getByRole('button', { name: `Record payment for ${reference}` }).count()).toBe(0);
    expect(await page.getByRole('button', { name: `Cancel ${reference}` }).count()).toBe(0);
    expect((await invoicesOf(zaAdmin, client.id))[0]).toMatchObject({ status: 'paid', outstandingCents: 0 });

    // Download: the PDF blob, saved under the server's file name.
    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse(/\/api\/invoice1\/download\/\d+$/),
      page.getByRole('button', { name: `Download ${reference}` }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toBe(`${reference}.pdf`);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // E-mail: the PDF is queued for the client (202).
    const [emailed] = await Promise.all([
      page.waitForResponse(/\/api\/invoice1\/email\/\d+$/),
      page.getByRole('button', { name: `E-mail ${reference}` }).click(),
    ]);
    expect(emailed.status()).toBe(202);
    expect(await toastWith(page, INVOICE_TEXT.emailed)).toBe('Successful');

    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('uk.adviser (not tax registered, rise role): no VAT choice; from the toolbar the invoice is found by search and status, then cancelled', async () => {
    const config = await companyConfig(ukAdmin);
    expect(config.taxRegistered).toBe('N');
    const made = await clientWithProduct(ukAdmin, 'UK', uniqueWord('Inv'), 123_456);
    const { client } = made;
    const today = todayIn('Europe/London');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'uk.adviser');

    // Spec section 2: a ROLE_ISORISE user gets Create Invoice in the advanced view only.
    const basic = await openRowMenu(page, client);
    expect(basic).not.toContain('Create Invoice');
    expect(basic).toContain('View Invoices');
    await page.keyboard.press('Escape');
    expect(await openRowMenu(page, client, true)).toContain('Create Invoice');
    await chooseRowAction(page, 'Create Invoice', clientsAddress(17, client.id));
    await panelHeading(page, `Create invoice: ${client.name}`).waitFor();
    await page.locator('#invoice-product').waitFor({ state: 'attached' });
    expect(await page.locator('#invoice-invoiced').inputValue()).toBe(today);
    expect(await page.getByTestId('use-tax-rate').count()).toBe(0);
    expect(await page.locator('#invoice-tax-Y').count()).toBe(0);

    const posts = recordRequests(page, 'POST', CREATE_POST);
    await pickOption(page, 'invoice-product', made.product.name);
    await page.getByRole('button', { name: 'Create invoice', exact: true }).click();
    expect(await toastWith(page, INVOICE_TEXT.created)).toBe('Successful');
    expect(posts.map((p) => p.postDataJSON())).toEqual([
      { clientId: client.id, invoiced: today, clientProductId: made.held.id, draft: false },
    ]);
    const [stored] = await invoicesOf(ukAdmin, client.id);
    expect(stored).toMatchObject({ status: 'active', useTaxRate: 'N', vatCents: 0, totalCents: 123_456 });
    const reference = stored?.reference ?? '';

    // The Clients toolbar leads to the Invoices page: every invoice, invoiced descending, 10 a page.
    await waitForHash(page, clientsAddress(1, client.id));
    const first = await nextListQuery(page, () =>
      page.getByRole('button', { name: 'Invoices', exact: true }).click(),
    );
    await waitForHash(page, invoicesAddress());
    expect(Object.fromEntries(first)).toEqual({
      sortField: 'invoiced',
      sortOrder: 'desc',
      page: '1',
      size: '10',
      filters: JSON.stringify({ status: 'all' }),
    });

    const searched = await nextListQuery(page, async () => {
      await page.locator('#invoices-search').fill(client.name.toUpperCase());
      await page.locator('#invoices-search').press('Enter');
    });
    expect(searched.get('search')).toBe(client.name.toLowerCase());
    await page.getByRole('cell', { name: reference, exact: true }).waitFor();
    expect(await invoiceRows(page)).toEqual([
      expect.objectContaining({ Number: reference, Status: 'Active', Total: '£1,234.56' }),
    ]);

    const paidTab = await nextListQuery(page, () =>
      page.getByRole('menuitem', { name: 'Paid', exact: true }).click(),
    );
    expect(JSON.parse(paidTab.get('filters') ?? '{}')).toEqual({ status: 'paid' });
    await page.getByTestId('invoices-empty').filter({ hasText: INVOICE_TEXT.noInvoices }).waitFor();
    await page.getByRole('menuitem', { name: 'Active', exact: true }).click();
    await page.getByRole('cell', { name: reference, exact: true }).waitFor();

    const sorted = await nextListQuery(page, () =>
      page
        .getByRole('table', { name: 'Invoices', exact: true })
        .getByRole('columnheader', { name: 'Total', exact: true })
        .click(),
    );
    expect(sorted.get('sortField')).toBe('totalCents');

    // Cancel, after a Yes/No confirmation: kept and marked cancelled, so it leaves the Active tab.
    await page.getByRole('button', { name: `Cancel ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel invoice ${reference}` });
    await dialog.waitFor();
    await screenshot(page, 'invoices-cancel');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    expect(await toastWith(page, INVOICE_TEXT.cancelled)).toBe('Successful');
    await page.getByTestId('invoices-empty').filter({ hasText: INVOICE_TEXT.noInvoices }).waitFor();
    await page.getByRole('menuitem', { name: 'All', exact: true }).click();
    await page.getByRole('cell', { name: 'Cancelled', exact: true }).waitFor();
    expect(await invoiceRows(page)).toEqual([
      expect.objectContaining({ Number: reference, Status: 'Cancelled' }),
    ]);
    expect((await invoicesOf(ukAdmin, client.id))[0]).toMatchObject({ status: 'cancelled', reference });
  });
});

describe('the Invoices page figures and actions (issue 13)', () => {
  it('za.admin: the tab shows count, total and outstanding; row actions in words; New invoice leads to tab 17', async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Figures'), 40_000);
    const today = todayIn('Africa/Johannesburg');
    const first = await invoiceViaApi(zaAdmin, made, today);
    await zaAdmin.request('POST', `/api/invoice1/payment/${first.id}`, {
      amount: 10_000,
      date: today,
      method: 'eft',
    });
    const stored = await invoicesOf(zaAdmin, made.client.id);
    const total = stored.reduce((sum, i) => sum + i.totalCents, 0);
    const outstanding = total - 10_000;
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await openInvoicesOf(page, made.client.id);
    await page.getByRole('menuitem', { name: 'All', exact: true }).click();
    const figures = page.getByTestId('invoices-total').filter({ hasText: 'outstanding' });
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    const count = stored.length === 1 ? '1 invoice' : `${stored.length} invoices`;
    expect(plain(await visibleText(figures))).toBe(
      `${count} · total ${moneyShown(total, 'ZA')} · outstanding ${moneyShown(outstanding, 'ZA')}`,
    );

    // Every list's figures at once, from the one totals request, whichever tab is open. Invoiced today,
    // nothing is overdue: each invoice is on the Active list, or on Paid once paid in full.
    const figuresOf = (label: string, status?: string) => {
      const on = stored.filter((i) => status === undefined || i.status === status);
      const sum = (of: (i: (typeof on)[number]) => number) =>
        moneyShown(
          on.reduce((n, i) => n + of(i), 0),
          'ZA',
        );
      return {
        List: label,
        Invoices: String(on.length),
        Total: sum((i) => i.totalCents),
        Outstanding: sum((i) => i.totalCents - i.paidCents),
      };
    };
    const expectedFigures = [
      figuresOf('Active', 'active'),
      figuresOf('Unpaid', 'unpaid'),
      figuresOf('Paid', 'paid'),
      figuresOf('Archived', 'archived'),
      figuresOf('All'),
    ];
    const shownFigures = async () =>
      (await tableRows(page, 'Invoices per list')).map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, plain(value)])),
      );
    expect(await shownFigures()).toEqual(expectedFigures);
    const totalsRequests = recordRequests(page, 'GET', /\/api\/invoice1\/.*totals/);
    await page.getByRole('menuitem', { name: 'Paid', exact: true }).click();
    const paid = Number(expectedFigures[2]?.Invoices);
    await page
      .getByTestId('invoices-total')
      .getByText(`${paid} ${paid === 1 ? 'invoice' : 'invoices'}`)
      .waitFor();
    expect(await shownFigures()).toEqual(expectedFigures);
    expect(totalsRequests).toEqual([]);
    await page.getByRole('menuitem', { name: 'All', exact: true }).click();

    // Words beside the icons, and the names still say which invoice.
    const reference = first.reference ?? '';
    const row = page.getByRole('row', { name: new RegExp(reference) });
    for (const [word, name] of [
      ['Download', `Download ${reference}`],
      ['E-mail', `E-mail ${reference}`],
      ['Record payment', `Record payment for ${reference}`],
    ]) {
      const button = row.getByRole('button', { name, exact: true });
      expect(await visibleText(button)).toBe(word);
    }
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // New invoice for the client shown: straight to its Create invoice panel.
    await page.getByRole('button', { name: 'New invoice', exact: true }).click();
    await waitForHash(page, clientsAddress(17, made.client.id));
    await panelHeading(page, `Create invoice: ${made.client.name}`).waitFor();

    // From every invoice: choose the client first.
    await page.goto(`/${invoicesAddress()}`);
    await page.getByRole('button', { name: 'New invoice', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await dialog.getByText('Choose a client from the list.').waitFor();
    const input = dialog.getByRole('combobox');
    await input.click();
    await input.pressSequentially(made.client.name, { delay: 30 });
    const panel = page.locator('.p-autocomplete-panel');
    await panel
      .getByRole('option', { name: new RegExp(made.client.name) })
      .first()
      .waitFor();
    await input.press('ArrowDown');
    await input.press('Enter');
    await panel.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await waitForHash(page, clientsAddress(17, made.client.id));
    await panelHeading(page, `Create invoice: ${made.client.name}`).waitFor();
  });
});

describe('users with enableInvoicing N', () => {
  for (const { username, admin, country, title } of [
    {
      username: 'uk.noinvoice',
      admin: () => ukAdmin,
      country: 'UK' as const,
      title: 'Financial adviser overview',
    },
    {
      username: 'za.rise',
      admin: () => zaAdmin,
      country: 'ZA' as const,
      title: 'Financial adviser overview',
    },
  ]) {
    it(`${username}: no Create Invoice in either view, tab 17 refuses, the Invoices page is read-only`, async () => {
      const made = await clientWithProduct(admin(), country, uniqueWord('Inv'), 50_000);
      const invoice = await invoiceViaApi(
        admin(),
        made,
        todayIn(country === 'ZA' ? 'Africa/Johannesburg' : 'Europe/London'),
      );
      const app = await suite.open();
      const { page } = app;
      await signIn(page, username, title);
      const basic = await openRowMenu(page, made.client);
      expect(basic).toContain('View Invoices');
      expect(basic).not.toContain('Create Invoice');
      await page.keyboard.press('Escape');
      expect(await openRowMenu(page, made.client, true)).not.toContain('Create Invoice');
      await page.keyboard.press('Escape');

      const posts = recordRequests(page, 'POST', /\/api\/invoice1\//);
      await gotoPanel(page, 17, made.client.id);
      expect(await visibleText(page.getByTestId('panel-notice'))).toBe(INVOICE_TEXT.notInvoicing);
      expect(await page.locator('#invoice-product').count()).toBe(0);

      await openInvoicesOf(page, made.client.id);
      await page.getByRole('cell', { name: invoice.reference ?? '', exact: true }).waitFor();
      await page.getByRole('button', { name: `Download ${invoice.reference}` }).waitFor();
      expect(await page.getByRole('button', { name: /^Record payment for / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Cancel INV-/ }).count()).toBe(0);
      expect(posts).toHaveLength(0);
    });
  }
});

describe('a failed invoice list load', () => {
  it('is logged and yields an empty list and 0, with an error toast (spec section 8)', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await page.route(LAZY, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: 'Boom.', requestId: 'e2e' }),
      }),
    );
    const logged: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await page.goto('/#/commonInvoices');
    expect(await toastWith(page, INVOICE_TEXT.loadFailed)).toBe('Error');
    await page.getByTestId('invoices-empty').filter({ hasText: INVOICE_TEXT.noInvoices }).waitFor();
    expect(await visibleText(page.getByTestId('invoices-total'))).toBe('0 invoices');
    expect(logged.some((text) => text.includes('Loading invoices failed'))).toBe(true);
  });
});
