import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { chartTable } from './support/charts.ts';
import { dropdownOf, screenshot, signInAs, tableRows } from './support/client-records.ts';
import { moneyShown, todayIn } from './support/invoices.ts';

/** Issue 19, parts 3-5: the diary, messaging and clients reports on the Reports page, with the demo data. */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const ZONE = 'Africa/Johannesburg';
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** YYYY-MM plus months, and the last day of a month, worked out here. */
const plusMonths = (month: string, months: number) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + months, 1))
    .toISOString()
    .slice(0, 7);
const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);

async function waitForTable(page: Page, name: string, testId: string) {
  await page.getByRole('table', { name, exact: true }).waitFor();
  await page.locator(`[data-testid="${testId}"] .p-datatable-loading-overlay`).waitFor({ state: 'detached' });
}
const footer = async (page: Page, name: string) =>
  (await page.getByRole('table', { name, exact: true }).locator('tfoot td').allInnerTexts()).map(plain);

async function choose(page: Page, inputId: string, option: string) {
  await dropdownOf(page, inputId).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

async function downloadCsv(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const lines = readFileSync(await file.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  return { name: file.suggestedFilename(), lines };
}

describe('Reports: diary, messaging and clients', () => {
  it('za.admin: the diary report per month and per week, one practitioner, CSV', async () => {
    const thisMonth = todayIn(ZONE).slice(0, 7);
    const from = `${plusMonths(thisMonth, -2)}-01`;
    const to = lastDay(thisMonth);
    const table = `Diary ${from} to ${to}`;
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/reports');
    await page.getByRole('heading', { name: 'Diary', exact: true }).waitFor();
    await waitForTable(page, table, 'diary-table');
    const months = await tableRows(page, table);
    expect(months.map((r) => r.Month)).toEqual([
      plusMonths(thisMonth, -2),
      plusMonths(thisMonth, -1),
      thisMonth,
    ]);
    // The demo diary is busy in working hours this month: time is booked and worked.
    const now = months.at(-1);
    expect(now?.['Working time']).not.toBe('0 h');
    expect(Number(now?.Appointments)).toBeGreaterThan(0);
    const total = await footer(page, table);
    expect(Number(total[4])).toBe(months.reduce((s, r) => s + Number(r.Appointments), 0));
    // The chart plots each month's utilisation as the table shows it (its Table view says the figures).
    const plotted = await chartTable(page, 'diary-chart');
    expect(plotted.map((r) => r[0])).toEqual(months.map((r) => r.Month));
    for (const [i, m] of months.entries())
      if (m.Utilisation !== '–') expect(plotted[i]?.[1]).toBe(m.Utilisation);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reports-diary');

    // Per week, for one practitioner (kept in the address): weeks start on Mondays, one practitioner's rows.
    await choose(page, 'diary-period', 'Week');
    await page.waitForURL(/diaryPeriod=week/);
    await page.getByRole('columnheader', { name: 'Week' }).first().waitFor();
    await waitForTable(page, table, 'diary-table');
    const weeks = await tableRows(page, table);
    expect(weeks.length).toBeGreaterThanOrEqual(13);
    expect(weeks.every((w) => new Date(`${w.Week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const practitioners = (await tableRows(page, `${table} per practitioner`)).map((r) => r.Practitioner);
    const one = practitioners[0] ?? '';
    await choose(page, 'diary-practitioner', one);
    await page.waitForURL(/diaryPractitionerId=\d+/);
    await waitForTable(page, table, 'diary-table');
    await expect
      .poll(async () => [
        ...new Set((await tableRows(page, `${table} per practitioner`)).map((r) => r.Practitioner)),
      ])
      .toEqual([one]);

    const csv = await downloadCsv(page, 'diary-csv');
    expect(csv.name).toBe(`diary-${from}-${to}.csv`);
    expect(csv.lines[0]).toBe(
      'Period,Practitioner,Working minutes,Booked minutes,Utilisation %,Appointments,No-shows,No-show %,Late cancellations,Late cancellation %,New clients,Returning clients',
    );
    const shownTotal = await footer(page, table);
    const csvTotal = csv.lines.find((l) => l.startsWith(`Total ${from} to ${to},`))?.split(',');
    expect(csvTotal?.[5]).toBe(shownTotal[4]); // appointments
  });

  it('za.admin: the messaging report: the balance at the end is the credit balance; by kind; CSV', async () => {
    const to = todayIn(ZONE).slice(0, 7);
    const from = plusMonths(to, -11);
    const table = `Messaging ${from} to ${to}`;
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/reports');
    await page.getByRole('heading', { name: 'Messaging', exact: true }).waitFor();
    await waitForTable(page, table, 'messaging-table');
    expect((await tableRows(page, table)).map((r) => r.Month)).toEqual(
      Array.from({ length: 12 }, (_, k) => plusMonths(from, k)),
    );
    // The balance at this month's end is the credit balance (the ledger's sum), from the credit API.
    await expect
      .poll(
        async () => {
          await page.reload();
          await waitForTable(page, table, 'messaging-table');
          const credit = await zaAdmin.request<{ balanceCents: number }>(
            'GET',
            `/api/credit/${zaAdmin.user.companyId}`,
          );
          const shown = (await footer(page, table)).at(-1);
          return shown === moneyShown(credit.balanceCents, 'ZA') ? 'same' : shown;
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe('same');
    const shownMonths = await tableRows(page, table);
    const plotted = await chartTable(page, 'messaging-chart');
    expect(plotted.map((r) => [r[0], r[1], r[2]])).toEqual(
      shownMonths.map((m) => [m.Month, plain(m['SMS cost']), plain(m['Balance at month end'])]),
    );
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reports-messaging');

    await choose(page, 'messaging-kind', 'Bulk');
    await page.waitForURL(/messagingKind=bulk/);
    await waitForTable(page, table, 'messaging-table');
    await expect
      .poll(async () => (await tableRows(page, `${table} by kind`)).every((r) => r.Kind === 'Bulk'))
      .toBe(true);

    const csv = await downloadCsv(page, 'messaging-csv');
    expect(csv.name).toBe(`messaging-${from}-${to}.csv`);
    expect(csv.lines[0]).toBe(
      'Month,SMS,SMS segments,SMS cost,E-mails sent,Failures,Top-ups,Spent,Refunds,Balance at month end',
    );
    expect(csv.lines[13]).toMatch(new RegExp(`^Total ${from} to ${to} \\(ZAR\\),`));
  });

  it('za.admin: the clients report: on the books matches the live clients; by medical aid; CSV', async () => {
    const to = todayIn(ZONE).slice(0, 7);
    const from = plusMonths(to, -11);
    const table = `Clients ${from} to ${to}`;
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/reports');
    await page.getByRole('heading', { name: 'Clients', exact: true }).waitFor();
    await waitForTable(page, table, 'clients-table');
    const months = await tableRows(page, table);
    expect(months).toHaveLength(12);
    // On the books at the end of this month (counted from creations and deletions) is every live client
    // today (counted by status): two ways to the same number.
    const status = await tableRows(page, `${table}: live clients by status today`);
    expect(months.at(-1)?.['On the books at month end']).toBe(status[0]?.Total);
    expect(Number(status[0]?.Total)).toBeGreaterThan(0);
    const plotted = await chartTable(page, 'clients-chart');
    expect(plotted).toEqual(months.map((m) => [m.Month, m['New clients'], m.Deleted]));
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reports-clients');

    await choose(page, 'clients-by', 'Medical aid');
    await page.waitForURL(/clientsBy=medicalAid/);
    const groupsTable = `${table} by medical aid`;
    await page.getByRole('table', { name: groupsTable, exact: true }).waitFor();
    const groups = await tableRows(page, groupsTable);
    expect(groups.reduce((s, g) => s + Number(g.Total), 0)).toBe(Number(status[0]?.Total));

    const csv = await downloadCsv(page, 'clients-csv');
    expect(csv.name).toBe(`clients-${from}-${to}.csv`);
    expect(csv.lines[0]).toBe('Month,New clients,Deleted clients,On the books at month end');
    expect(csv.lines).toContain(
      'Medical aid,Active,Inactive,Pending,Total,New in the range'.replace(
        'New in the range',
        'New in range',
      ),
    );
  });
});
