import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, signedIn } from './support/api.ts';
import { refuseUntilLifted, visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { screenshot, signInAs, tableRows, uniqueWord } from './support/client-records.ts';
import {
  clientWithProduct,
  invoiceViaApi,
  moneyShown,
  type StoredInvoice,
  todayIn,
} from './support/invoices.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const ZONE = 'Africa/Johannesburg';
const BUCKETS = ['Current', '30 days', '60 days', '90 days', '120+ days'] as const;
const TABLE = (asAt: string) => `Debtors' age analysis as at ${asAt}`;

/** YYYY-MM-DD plus days, worked out here (not with the app's helper). */
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (later: string, earlier: string) =>
  Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** Every invoice of the company through the invoice list the Invoices page uses. */
async function allInvoices(
  api: ApiClient,
): Promise<(StoredInvoice & { due: string; billToClientId: number })[]> {
  const filters = encodeURIComponent(JSON.stringify({ status: 'all' }));
  const found: (StoredInvoice & { due: string; billToClientId: number })[] = [];
  for (let page = 1; ; page++) {
    const res = await api.request<{ data: typeof found; totalElements: number }>(
      'GET',
      `/api/invoice1/all/lazyloading/${api.user.companyId}?filters=${filters}&size=100&page=${page}`,
    );
    found.push(...res.data);
    if (res.data.length < 100 || found.length >= res.totalElements) return found;
  }
}

/** The age analysis as at today computed from the invoice list: outstanding by days past due, per bucket. */
async function expectedTotals(api: ApiClient, today: string): Promise<string[]> {
  const sums = [0, 0, 0, 0, 0];
  for (const i of await allInvoices(api)) {
    if (i.status === 'draft' || i.status === 'cancelled' || i.invoiced > today || i.outstandingCents === 0)
      continue;
    const late = daysBetween(today, i.due);
    const bucket = late < 30 ? 0 : late < 60 ? 1 : late < 90 ? 2 : late < 120 ? 3 : 4;
    sums[bucket] = (sums[bucket] ?? 0) + i.outstandingCents;
  }
  return [...sums, sums.reduce((a, b) => a + b, 0)].map((c) => moneyShown(c, 'ZA'));
}

/** The total row of the report's table: the bucket and total cells. */
async function totalRow(page: Page, asAt: string): Promise<string[]> {
  const cells = await page
    .getByRole('table', { name: TABLE(asAt), exact: true })
    .locator('tfoot td')
    .allInnerTexts();
  return cells.slice(2).map(plain);
}

async function waitForReport(page: Page, asAt: string) {
  await page.getByRole('table', { name: TABLE(asAt), exact: true }).waitFor();
  await page
    .locator('[data-testid="debtors-table"] .p-datatable-loading-overlay')
    .waitFor({ state: 'detached' });
}

describe('Reports: debtors’ age analysis', () => {
  it('za.admin: from the header; the totals match the invoices; "as at" ignores a later payment; drill-down; CSV and PDF', async () => {
    const today = todayIn(ZONE);
    // A large debt (so the client heads the list) invoiced 45 days ago, part paid today.
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Debt'), 4_000_000);
    const invoice = await invoiceViaApi(zaAdmin, made, plusDays(today, -45));
    await zaAdmin.request('POST', `/api/invoice1/payment/${invoice.id}`, {
      amount: 1_000_000,
      date: today,
      method: 'eft',
    });
    const { client } = made;

    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.getByRole('link', { name: 'Reports' }).click();
    await waitForHash(page, '#/reports');
    await page.getByRole('heading', { name: "Debtors' age analysis" }).waitFor();
    await waitForReport(page, today);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reports-debtors');

    // The totals match an independent computation from the invoice list (retried: other tests may invoice).
    await expect
      .poll(
        async () => {
          await page.reload();
          await waitForReport(page, today);
          const shown = await totalRow(page, today);
          return shown.join('|') === (await expectedTotals(zaAdmin, today)).join('|')
            ? 'same'
            : shown.join('|');
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('same');
    const rows = await tableRows(page, TABLE(today));
    const mine = rows.find((r) => r.Client === client.name);
    const owedNow = invoice.totalCents - 1_000_000;
    const late = daysBetween(today, (invoice as StoredInvoice & { due: string }).due);
    const bucket = BUCKETS[late < 30 ? 0 : late < 60 ? 1 : 2];
    expect(plain(mine?.Total)).toBe(moneyShown(owedNow, 'ZA'));
    expect(plain(mine?.[bucket ?? 'Current'])).toBe(moneyShown(owedNow, 'ZA'));

    // As at yesterday the payment made today is ignored.
    const yesterday = plusDays(today, -1);
    const asked = page.waitForRequest(
      (r) => r.url().includes(`/api/report/debtors/`) && r.url().includes(`asAt=${yesterday}`),
    );
    await page.locator('#debtors-asAt').fill(yesterday);
    await page.locator('#debtors-asAt').press('Escape');
    await asked;
    await waitForReport(page, yesterday);
    const before = (await tableRows(page, TABLE(yesterday))).find((r) => r.Client === client.name);
    expect(plain(before?.Total)).toBe(moneyShown(invoice.totalCents, 'ZA'));
    expect(await page.evaluate(() => location.hash)).toContain(`asAt=${yesterday}`);

    // Drill-down: the client's invoices behind the row, as at the same day.
    await page.getByRole('link', { name: `Invoices of ${client.name}` }).click();
    await page.waitForURL(new RegExp(`clientId=${client.id}`));
    const drill = page.getByTestId('debtors-drill');
    await drill.getByText(invoice.reference ?? '').waitFor();
    const drillRows = await tableRows(page, `Invoices of ${client.name} outstanding as at ${yesterday}`);
    expect(drillRows.map((r) => [r.Invoice, plain(r.Outstanding), plain(r['Paid by then'])])).toEqual([
      [invoice.reference, moneyShown(invoice.totalCents, 'ZA'), moneyShown(0, 'ZA')],
    ]);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reports-debtors-drill');

    // CSV: the header, the client's row (plain decimals) and the total row; the button says it is working.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('debtors-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`debtors-${yesterday}.csv`);
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Client id,Client,Open invoices,Current,30 days,60 days,90 days,120+ days,Total');
    const row = lines.find((l) => l.startsWith(`${client.id},`));
    expect(row?.endsWith(`,${(invoice.totalCents / 100).toFixed(2)}`)).toBe(true);
    expect(lines.at(-1)).toMatch(new RegExp(`^,Total as at ${yesterday} \\(ZAR\\),\\d+,`));
    const shownTotal = (await totalRow(page, yesterday)).at(-1);
    const csvTotal = Number(lines.at(-1)?.split(',').at(-1));
    expect(moneyShown(Math.round(csvTotal * 100), 'ZA')).toBe(shownTotal);

    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('debtors-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`debtors-${yesterday}.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('an impossible filter says what is wrong; users who may invoice reach it from the Invoices page; others are told', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'za.reception');
    expect(await page.getByRole('link', { name: 'Reports' }).count()).toBe(0); // no rights A: no header link
    await page.goto('/#/commonInvoices');
    await page.getByRole('link', { name: "Debtors' age analysis" }).click();
    await waitForHash(page, '#/reports');
    await waitForReport(page, todayIn(ZONE));
    // Revenue is the company's money: administrators only.
    expect(await page.getByRole('heading', { name: 'Revenue', exact: true }).count()).toBe(0);

    await page.goto('/#/reports?practitionerId=999999999');
    expect(await visibleText(page.getByTestId('debtors-error'))).toContain(
      'Not a practitioner of the company.',
    );
    await expectNoSeriousViolations(page);

    await page.goto('/#/reports?asAt=2001-01-01');
    expect(await visibleText(page.getByTestId('debtors-error'))).toContain('more than 10 years back');

    const other = await suite.open();
    await signInAs(other.page, 'za.rise'); // enableInvoicing N, no rights A
    await other.page.goto('/#/reports');
    expect(await visibleText(other.page.getByTestId('not-allowed'))).toContain(
      'administrators (rights A) and users who may invoice',
    );
  });
});

/** YYYY-MM plus months, worked out here. */
const plusMonths = (month: string, months: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + months, 1));
  return d.toISOString().slice(0, 7);
};

describe('Reports: a report that cannot be loaded', () => {
  it('says so with Try again, and its table does not claim that nothing was outstanding', async () => {
    const { page } = await suite.open();
    const refused = await refuseUntilLifted(page, '**/api/report/debtors/**');
    await signInAs(page, 'za.admin');
    await page.goto('/#/reports');
    await page.getByText('The report could not be loaded.').first().waitFor();
    expect(await visibleText(page.getByTestId('debtors-empty'))).toBe('Not loaded.');
    refused.lift();
  });
});

describe('Reports: revenue', () => {
  it('za.admin: the revenue table of the last 12 months renders; its total invoiced matches the invoice list; grouped by practitioner; CSV', async () => {
    const to = todayIn(ZONE).slice(0, 7);
    const from = plusMonths(to, -11);
    const table = `Revenue ${from} to ${to}`;
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/reports');
    await page.getByRole('heading', { name: 'Revenue', exact: true }).waitFor();
    const waitForTable = async () => {
      await page.getByRole('table', { name: table, exact: true }).waitFor();
      await page
        .locator('[data-testid="revenue-table"] .p-datatable-loading-overlay')
        .waitFor({ state: 'detached' });
    };
    await waitForTable();
    const rows = await tableRows(page, table);
    expect(rows.map((r) => r.Month)).toEqual(Array.from({ length: 12 }, (_, k) => plusMonths(from, k)));
    expect(Object.keys(rows[0] ?? {})).toContain('VAT'); // the demo practice is tax registered
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reports-revenue');

    // Invoiced: the issued invoices (not drafts, not cancelled) invoiced in the months, from the invoice list.
    const expected = async () =>
      moneyShown(
        (await allInvoices(zaAdmin))
          .filter(
            (i) =>
              i.status !== 'draft' &&
              i.status !== 'cancelled' &&
              i.invoiced.slice(0, 7) >= from &&
              i.invoiced.slice(0, 7) <= to,
          )
          .reduce((sum, i) => sum + i.totalCents, 0),
        'ZA',
      );
    await expect
      .poll(
        async () => {
          await page.reload();
          await waitForTable();
          const cells = await page
            .getByRole('table', { name: table, exact: true })
            .locator('tfoot td')
            .allInnerTexts();
          const shown = plain(cells[1]);
          return shown === (await expected()) ? 'same' : shown;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('same');

    // Grouped by practitioner (kept in the address): the groups' invoiced add up to the total invoiced.
    const footer = async () =>
      (await page.getByRole('table', { name: table, exact: true }).locator('tfoot td').allInnerTexts()).map(
        plain,
      );
    const cents = (text: string | undefined) => Number((text ?? '').replace(/\D/g, ''));
    await page.locator('.p-dropdown', { has: page.locator('#revenue-by') }).click();
    await page
      .locator('.p-dropdown-panel')
      .getByRole('option', { name: 'Practitioner', exact: true })
      .click();
    await page.waitForURL(/revenueBy=practitioner/);
    const groupsTable = `${table} by practitioner`;
    await page.getByRole('table', { name: groupsTable, exact: true }).waitFor();
    const groups = await tableRows(page, groupsTable);
    const totalInvoiced = (await footer())[1];
    expect(groups.reduce((sum, g) => sum + cents(g.Invoiced), 0)).toBe(cents(totalInvoiced));
    await expectNoSeriousViolations(page);

    // CSV: a row per month, the total row (the same total as shown), then the practitioners' rows.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('revenue-csv').click()]);
    expect(csv.suggestedFilename()).toBe(`revenue-${from}-${to}.csv`);
    const lines = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Month,Invoiced,Paid,Outstanding at month end,VAT');
    expect(lines[13]).toMatch(new RegExp(`^Total ${from} to ${to} \\(ZAR\\),`));
    expect(moneyShown(Math.round(Number(lines[13]?.split(',')[1]) * 100), 'ZA')).toBe(totalInvoiced);
    expect(lines[15]).toBe('Month,Practitioner,Invoiced,Paid');
    expect(lines).toHaveLength(16 + groups.length);

    // PDF: the same months and totals, drawn by the PDF renderer.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('revenue-pdf').click()]);
    expect(pdf.suggestedFilename()).toBe(`revenue-${from}-${to}.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });
});
