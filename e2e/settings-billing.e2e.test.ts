import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { ApiClient, recordRequests, tableRows } from './support/client-records.ts';
import { clientWithProduct, companyConfig, moneyShown, todayIn } from './support/invoices.ts';
import {
  expectNoSeriousViolations,
  fieldError,
  openSettings,
  plainSpaces,
  screenshot,
  signInAs,
  toast,
  unique,
} from './support/settings.ts';

interface BillingSettings {
  paymentTermsDays: number;
  unpaidLadder: string[];
  unpaidIntervalDays: number;
  billingDay: number;
}
interface RunSummary {
  runId: number;
  kind: 'billing' | 'unpaid';
  status: string;
  periodStart: string | null;
  created: number;
  startedBy: number | null;
}
interface RunInvoice {
  id: number;
  clientId: number;
  clientName: string;
  reference: string | null;
  billingPeriod: string | null;
  totalCents: number;
}

// Written out (not imported from the app) so a wrong text there fails here.
const TEXT = {
  saved: 'Saved billing settings.',
  billingDayBounds: 'A day from 1 to 28 (every month has those).',
  readOnly: 'Only an administrator can change the billing settings or start a billing or unpaid run.',
  busy: /^Billing .+ This can take a minute for a large practice; please wait\.$/,
} as const;

let zaAdmin: ApiClient;
let original: BillingSettings;

const settingsOf = (api: ApiClient) =>
  api.request<BillingSettings>('GET', `/api/billing/settings/${api.user.companyId}`);
const billingRuns = (api: ApiClient) =>
  api.request<RunSummary[]>('GET', `/api/billingrun/${api.user.companyId}`);
const runInvoices = (api: ApiClient, runId: number) =>
  api.request<RunInvoice[]>('GET', `/api/invoice1/${api.user.companyId}/billingrun/${runId}`);

const suite = useBrowserSuite(async () => {
  zaAdmin = await ApiClient.signIn('za.admin');
  original = await settingsOf(zaAdmin);
});
afterAll(async () => {
  // Other files share the server: put the company's billing settings back as they were.
  if (original) await zaAdmin.request('PUT', `/api/billing/settings/${zaAdmin.user.companyId}`, original);
});

async function openBillingTab(username: string): Promise<Page> {
  const app = await suite.open();
  await signInAs(app.page, username);
  await openSettings(app.page);
  await app.page.getByRole('tab', { name: /Billing$/ }).click();
  await app.page.waitForURL(/tab=billing/);
  await app.page.getByTestId('billing-day').waitFor();
  await runsTable(app.page).waitFor();
  await app.page.getByText('Loading the runs. Please wait.').waitFor({ state: 'hidden' });
  await app.page.locator('.run-list .p-datatable-loading-overlay').waitFor({ state: 'detached' });
  return app.page;
}

/** The settings' number inputs (ids cf-<field>, as the shared form fields make them). */
const dayField = (page: Page, name: string) => page.locator(`#cf-${name}`);
const runsTable = (page: Page) => page.getByRole('table', { name: 'Recent runs', exact: true });
const billingPanel = (page: Page) => page.getByRole('region', { name: 'Billing run', exact: true });
const unpaidPanel = (page: Page) => page.getByRole('region', { name: 'Unpaid run', exact: true });

/** Types a whole number into an InputNumber like a person: click, clear, type. */
async function typeNumber(page: Page, name: string, text: string): Promise<void> {
  const input = dayField(page, name);
  await input.click();
  await input.press('Control+a');
  await input.press('Backspace');
  await input.pressSequentially(text, { delay: 20 });
}

/** The month after this one in the company's time zone, as YYYY-MM. */
function nextMonth(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const names = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${names[month - 1]} ${year}`;
}

/** Holds POSTs to the billing run until release(), so the in-progress state can be seen and poked at. */
async function holdRunPosts(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((done) => {
    release = done;
  });
  await page.route(/\/api\/billingrun\/\d+$/, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await gate;
    return route.fallback();
  });
  return { release: () => release() };
}

/** Clicks the panel's start button and answers the confirmation, checking it names what will run. */
async function startAndConfirm(page: Page, panel: Locator, label: string, names: string): Promise<void> {
  await panel.getByRole('button', { name: label }).click();
  const confirm = page.locator('.p-confirm-dialog');
  await confirm.waitFor();
  expect(await visibleText(confirm)).toContain(names);
  await confirm.getByRole('button', { name: 'Start', exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
}

describe('Settings > Billing', () => {
  it('an administrator changes the billing settings; a bad billing day is refused and nothing is saved', async () => {
    const page = await openBillingTab('za.admin');
    const form = page.getByRole('form', { name: 'Billing settings' });
    expect(await dayField(page, 'billingDay').inputValue()).toBe(String(original.billingDay));
    expect(await visibleText(page.getByTestId('billing-ladder'))).toBe(original.unpaidLadder.join(' → '));

    // A billing day no month is short of: 31 is refused on the field, and no PUT leaves the browser.
    const puts = recordRequests(page, 'PUT', /\/api\/billing\/settings\//);
    await typeNumber(page, 'billingDay', '31');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(fieldError(page, 'billingDay'))).toBe(TEXT.billingDayBounds);
    expect(await dayField(page, 'billingDay').getAttribute('aria-invalid')).toBe('true');
    expect(puts).toHaveLength(0);
    expect(await settingsOf(zaAdmin)).toEqual(original);
    await expectNoSeriousViolations(page);

    // The server refuses it as well (the form is not the only guard).
    await expect(
      zaAdmin.request('PUT', `/api/billing/settings/${zaAdmin.user.companyId}`, { billingDay: 31 }),
    ).rejects.toThrow(/400/);

    // A good value, an interval and a changed ladder: saved, shown, stored.
    const day = original.billingDay === 5 ? 6 : 5;
    const interval = original.unpaidIntervalDays === 21 ? 20 : 21;
    await typeNumber(page, 'billingDay', String(day));
    await typeNumber(page, 'unpaidIntervalDays', String(interval));
    const ladder = page.getByRole('list', { name: 'Unpaid ladder steps' });
    const firstStep = await visibleText(ladder.getByRole('listitem').first().locator('.ladder-field__name'));
    await ladder.getByRole('button', { name: `Remove ${firstStep}` }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await toast(page, TEXT.saved)).toContain(TEXT.saved);
    expect(puts).toHaveLength(1);
    const stored = await settingsOf(zaAdmin);
    expect(stored).toEqual({
      ...original,
      billingDay: day,
      unpaidIntervalDays: interval,
      unpaidLadder: original.unpaidLadder.slice(1),
    });
    expect(await visibleText(page.getByTestId('billing-day'))).toBe(String(day));
    expect(await visibleText(page.getByTestId('billing-interval'))).toBe(`${interval} days`);
    await fieldError(page, 'billingDay').waitFor({ state: 'detached' });

    // A ladder with no step is refused on the field.
    for (const step of stored.unpaidLadder) {
      const name = await visibleText(ladder.getByRole('listitem').first().locator('.ladder-field__name'));
      expect(name.startsWith(`${step}:`)).toBe(true);
      await ladder.getByRole('button', { name: `Remove ${name}` }).click();
    }
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(fieldError(page, 'unpaidLadder'))).toBe('The ladder needs at least one step.');
    expect(puts).toHaveLength(1);
    expect(await settingsOf(zaAdmin)).toEqual(stored);
    await screenshot(page, 'settings-billing-admin');
  });

  it('an administrator starts a billing run for a month, opens it, and a second run of that month bills nothing', async () => {
    const { timeZone } = await companyConfig(zaAdmin);
    const period = nextMonth(todayIn(timeZone));
    const month = monthName(period);
    // A client whose monthly product starts next month: the run of next month must bill it.
    const made = await clientWithProduct(zaAdmin, 'ZA', unique('Billrun').replace(' ', ''), 43_210);

    const page = await openBillingTab('za.admin');
    const panel = billingPanel(page);
    await panel.getByLabel('Month').fill(period);
    const posts = recordRequests(page, 'POST', /\/api\/billingrun\/\d+$/);
    const held = await holdRunPosts(page);
    await startAndConfirm(page, panel, 'Start billing run', month);

    // While the run works: it says so, and the button is off, so another click starts nothing.
    const busy = page.getByTestId('billing-run-busy');
    await busy.waitFor();
    expect(await visibleText(busy)).toMatch(TEXT.busy);
    expect(await visibleText(busy)).toContain(month);
    const start = panel.getByRole('button', { name: 'Start billing run' });
    expect(await start.isDisabled()).toBe(true);
    await start.dblclick({ force: true });
    expect(await page.locator('.p-confirm-dialog').count()).toBe(0);
    held.release();

    const outcome = panel.getByTestId('billing-run-outcome');
    await outcome.waitFor();
    const said = plainSpaces(await visibleText(outcome));
    const counted = /: (\d+) invoices? created, total (.+)\.$/.exec(said);
    expect(counted, said).not.toBeNull();
    const created = Number(counted?.[1]);
    expect(created).toBeGreaterThanOrEqual(1);
    expect(plainSpaces(await toast(page, `Billing run for ${month}`))).toContain(said);
    await busy.waitFor({ state: 'detached' });
    expect(await start.isDisabled()).toBe(false);
    expect(posts).toHaveLength(1);

    // The API agrees: the newest billing run is of that month and made that many invoices, the client's among them.
    const [run] = await billingRuns(zaAdmin);
    expect(run).toMatchObject({ kind: 'billing', status: 'done', periodStart: `${period}-01`, created });
    const billed = await runInvoices(zaAdmin, run?.runId ?? 0);
    expect(billed).toHaveLength(created);
    const mine = billed.filter((i) => i.clientId === made.client.id);
    expect(mine).toHaveLength(1);
    const invoice = mine[0] as RunInvoice;
    expect(invoice.billingPeriod).toBe(`${period}-01`);
    expect(said).toContain(
      `total ${moneyShown(
        billed.reduce((sum, i) => sum + i.totalCents, 0),
        'ZA',
      )}`,
    );

    // The run is listed first and opens to its invoices.
    const title = `Billing run ${run?.runId} (${month})`;
    await runsTable(page)
      .getByRole('button', { name: `Open ${title}` })
      .waitFor();
    const [first] = await tableRows(page, 'Recent runs');
    expect(first).toMatchObject({
      Kind: 'Billing',
      Period: month,
      Status: 'Done',
      Created: `${created} invoice${created === 1 ? '' : 's'}`,
      'Started by': 'Thandi Mokoena',
    });
    await runsTable(page)
      .getByRole('button', { name: `Open ${title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: title });
    const table = dialog.getByRole('table', { name: `Invoices of ${title}` });
    await table.getByRole('cell', { name: invoice.reference ?? '', exact: true }).waitFor();
    const row = (await tableRows(page, `Invoices of ${title}`)).find((r) => r.Number === invoice.reference);
    expect({ ...row, Total: plainSpaces(row?.Total ?? '') }).toMatchObject({
      Client: invoice.clientName,
      Invoiced: `${period}-01`,
      Total: moneyShown(invoice.totalCents, 'ZA'),
    });
    await expectNoSeriousViolations(page);
    await screenshot(page, 'settings-billing-run-invoices');
    await dialog.locator('.p-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The same month again: a run with 0 invoices, said plainly; no second invoice for the client.
    await startAndConfirm(page, panel, 'Start billing run', month);
    await outcome.filter({ hasText: '0 new invoices' }).waitFor();
    expect(await visibleText(outcome)).toBe(
      `Billing run for ${month}: 0 new invoices. Nothing due in ${month} was left unbilled.`,
    );
    const [again] = await billingRuns(zaAdmin);
    expect(again).toMatchObject({ periodStart: `${period}-01`, created: 0, status: 'done' });
    expect(again?.runId).toBeGreaterThan(run?.runId ?? 0);
    expect(await runInvoices(zaAdmin, again?.runId ?? 0)).toEqual([]);
    const ofPeriod = (await runInvoices(zaAdmin, run?.runId ?? 0)).filter(
      (i) => i.clientId === made.client.id,
    );
    expect(ofPeriod).toHaveLength(1);
    const againTitle = `Billing run ${again?.runId} (${month})`;
    await runsTable(page)
      .getByRole('button', { name: `Open ${againTitle}` })
      .click();
    const empty = page.getByRole('dialog', { name: againTitle }).getByTestId('run-invoices-empty');
    await empty.filter({ hasText: 'This run created no invoices.' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: againTitle }).waitFor({ state: 'detached' });
    expect(posts).toHaveLength(2);

    // The unpaid run asks first; cancelling sends nothing.
    const unpaidPosts = recordRequests(page, 'POST', /\/api\/unpaidrun\//);
    await unpaidPanel(page).getByRole('button', { name: 'Start unpaid run' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.waitFor();
    expect(await visibleText(confirm)).toContain('overdue invoices');
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(unpaidPosts).toHaveLength(0);
  });

  it('reception sees the settings and the runs read-only, with no start buttons', async () => {
    const page = await openBillingTab('za.reception');
    const settings = await settingsOf(zaAdmin);
    expect(await visibleText(page.getByTestId('billing-read-only'))).toBe(TEXT.readOnly);
    expect(await visibleText(page.getByTestId('billing-day'))).toBe(String(settings.billingDay));
    expect(await visibleText(page.getByTestId('billing-terms'))).toBe(`${settings.paymentTermsDays} days`);
    expect(await page.getByRole('button', { name: 'Start billing run' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start unpaid run' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'Billing settings' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);

    // The runs are there to read, with who started them, and open. The newest run an administrator started
    // (the monthly schedule may have run the current month since, as "Monthly schedule").
    const run = (await billingRuns(zaAdmin)).find((r) => r.startedBy === zaAdmin.user.id);
    if (run) {
      await runsTable(page).getByRole('cell', { name: 'Thandi Mokoena', exact: true }).first().waitFor();
      const rows = await tableRows(page, 'Recent runs');
      const byAdmin = rows.find((r) => r['Started by'] === 'Thandi Mokoena');
      expect(byAdmin).toMatchObject({ Kind: 'Billing', 'Started by': 'Thandi Mokoena' });
      expect(rows.every((r) => ['Thandi Mokoena', 'Monthly schedule'].includes(r['Started by'] ?? ''))).toBe(
        true,
      );
      const title = `Billing run ${run.runId}${run.periodStart ? ` (${monthName(run.periodStart.slice(0, 7))})` : ''}`;
      await runsTable(page)
        .getByRole('button', { name: `Open ${title}` })
        .click();
      await page.getByRole('dialog', { name: title }).waitFor();
      await page
        .getByRole('dialog', { name: title })
        .locator('.p-dialog-footer')
        .getByRole('button', { name: 'Close' })
        .click();
      await page.getByRole('dialog', { name: title }).waitFor({ state: 'detached' });
    }
    await expectNoSeriousViolations(page);
    await screenshot(page, 'settings-billing-read-only');
  });
});
