import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiClient, signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { chartTable } from './support/charts.ts';
import { screenshot, signInAs } from './support/client-records.ts';
import { moneyShown } from './support/invoices.ts';

/** Issue 19, parts 6 and 7: each role's home shows its charts, each with a table of the API's figures. */
const suite = useBrowserSuite();
const [zaAdmin, zaReception, zaEvolve, ukAdmin] = signedIn(
  'za.admin',
  'za.reception',
  'za.evolve',
  'uk.admin',
);

interface HomeFigures {
  today: string;
  currency: string;
  revenue: { months: { month: string; invoicedCents: number; paidCents: number }[] } | null;
  debtors: { buckets: Record<string, number>; totalCents: number } | null;
  unpaid: { count: number; outstandingCents: number } | null;
  diary: { scope: string; byStatus: { status: string; count: number }[] } | null;
  tasks: { scope: string; overdue: number; dueToday: number } | null;
}
const CHARTS = ['home-revenue', 'home-debtors', 'home-diary', 'home-tasks'] as const;
type ChartId = (typeof CHARTS)[number];
const BUCKETS: [string, string][] = [
  ['current', 'Current'],
  ['days30', '30 days'],
  ['days60', '60 days'],
  ['days90', '90 days'],
  ['days120', '120+ days'],
];
const STATUS_WORDS: Record<string, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  fulfilled: 'Completed',
  cancelled: 'Cancelled',
  noshow: 'No-show',
  'entered-in-error': 'Entered in error',
};
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();

const figuresOf = (api: ApiClient) =>
  api.request<HomeFigures>('GET', `/api/report/home/${api.user.companyId}`);

/** The rows each chart's table must show, worked out here from the API's figures. */
function expectedTables(f: HomeFigures, country: 'ZA' | 'UK'): Partial<Record<ChartId, string[][]>> {
  const money = (cents: number) => moneyShown(cents, country);
  const tables: Partial<Record<ChartId, string[][]>> = {};
  if (f.revenue) {
    tables['home-revenue'] = f.revenue.months.map((m) => [
      m.month,
      money(m.invoicedCents),
      money(m.paidCents),
    ]);
  }
  if (f.debtors) {
    const buckets = f.debtors.buckets;
    tables['home-debtors'] = BUCKETS.map(([key, label]) => [label, money(buckets[key] ?? 0)]);
  }
  if (f.diary) {
    tables['home-diary'] = f.diary.byStatus.map((s) => [STATUS_WORDS[s.status] ?? s.status, String(s.count)]);
  }
  if (f.tasks) {
    tables['home-tasks'] = [
      ['Late', String(f.tasks.overdue)],
      ['Due later today', String(f.tasks.dueToday)],
    ];
  }
  return tables;
}

/**
 * The home's charts against the API: only the expected charts are there, and each Table view shows the API's
 * figures (read again until they agree: other tests may book or invoice meanwhile).
 */
async function expectHomeCharts(page: Page, api: ApiClient, shown: ChartId[], country: 'ZA' | 'UK') {
  await page.getByTestId('home-charts').waitFor();
  await page.getByTestId(shown[0] ?? 'home-tasks').waitFor();
  for (const id of CHARTS) expect(await page.getByTestId(id).count(), id).toBe(shown.includes(id) ? 1 : 0);
  await expect
    .poll(
      async () => {
        const expected = expectedTables(await figuresOf(api), country);
        const seen: Partial<Record<ChartId, string[][]>> = {};
        for (const id of shown) seen[id] = await chartTable(page, id);
        if (JSON.stringify(seen) === JSON.stringify(expected)) return 'same';
        await page.reload();
        await page.getByTestId(shown[0] ?? 'home-tasks').waitFor();
        return JSON.stringify({ seen, expected });
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('same');
}

describe('Module homes: charts', () => {
  it('za.admin (rights A, practice): revenue, debtors, today’s diary and unpaid invoices; tables match the API; a chart links to its report', async () => {
    const { page, problems } = await suite.open();
    await signInAs(page, 'za.admin');
    await expectHomeCharts(page, zaAdmin, ['home-revenue', 'home-debtors', 'home-diary'], 'ZA');
    // Drawn: a canvas labelled with the chart's title and its text summary (the demo data has debts).
    const debtors = page.getByTestId('home-debtors');
    const canvas = debtors.getByRole('img');
    await canvas.waitFor();
    const summary = plain(await visibleText(debtors.getByTestId('home-debtors-summary')));
    expect(summary).toMatch(/outstanding: Current R /);
    expect(plain((await canvas.getAttribute('aria-label')) ?? '')).toBe(
      `Debtors by days past due. ${summary}`,
    );
    const f = await figuresOf(zaAdmin);
    expect(plain(await visibleText(page.getByTestId('home-unpaid-count')))).toBe(String(f.unpaid?.count));
    expect(plain(await visibleText(page.getByTestId('home-unpaid-amount')))).toBe(
      moneyShown(f.unpaid?.outstandingCents ?? 0, 'ZA'),
    );
    await expectNoSeriousViolations(page);
    await screenshot(page, 'module-home-za-admin');

    // The revenue chart opens the Reports page at the revenue report, which charts it too.
    await page.getByTestId('home-revenue-link').click();
    await waitForHash(page, '#/reports?section=revenue');
    const heading = page.getByRole('heading', { name: 'Revenue', exact: true });
    await heading.waitFor();
    expect(await heading.evaluate((h) => h === document.activeElement)).toBe(true);
    await page.getByTestId('revenue-chart').getByRole('img').waitFor();
    const revenueRows = await page
      .getByTestId('revenue-chart')
      .getByTestId('revenue-chart-view-table')
      .click()
      .then(() => page.getByTestId('revenue-chart-table').locator('tbody tr').count());
    expect(revenueRows).toBe(12);
    // The debtors' chart table holds the totals row of the report's own table.
    await page.getByTestId('debtors-chart-view-table').click();
    const bucketCells = (
      await page.getByTestId('debtors-chart-table').locator('tbody td').allInnerTexts()
    ).map(plain);
    const totals = (await page.getByTestId('debtors-table').locator('tfoot td').allInnerTexts()).map(plain);
    expect(bucketCells).toEqual(totals.slice(2, 7));
    await expectNoSeriousViolations(page);
    expect(problems).toEqual([]); // Chart.js draws within the app's Content-Security-Policy
  });

  it('users without rights A see their own day and no money; an adviser firm’s administrator sees revenue and tasks', async () => {
    const reception = await suite.open();
    await signInAs(reception.page, 'za.reception');
    await expectHomeCharts(reception.page, zaReception, ['home-diary'], 'ZA');
    expect(await reception.page.getByTestId('home-unpaid').count()).toBe(0);
    const shown = plain(await visibleText(reception.page.getByTestId('home-charts')));
    expect(shown).toContain('Your appointments today');
    expect(shown).not.toMatch(/R \d/); // no amount of money anywhere in the charts
    const own = await figuresOf(zaReception);
    expect([own.revenue, own.debtors, own.unpaid, own.diary?.scope]).toEqual([null, null, null, 'own']);

    const evolve = await suite.open();
    await evolve.page.setViewportSize({ width: 390, height: 844 }); // a phone
    await signInAs(evolve.page, 'za.evolve');
    await expectHomeCharts(evolve.page, zaEvolve, ['home-diary', 'home-tasks'], 'ZA');
    expect(plain(await visibleText(evolve.page.getByTestId('home-charts')))).toContain('Your tasks due');
    await expectNoSeriousViolations(evolve.page);
    await screenshot(evolve.page, 'module-home-za-evolve-390');

    const uk = await suite.open();
    await signInAs(uk.page, 'uk.admin');
    await expectHomeCharts(uk.page, ukAdmin, ['home-revenue', 'home-tasks'], 'UK');
    await screenshot(uk.page, 'module-home-uk-admin');
  });
});
