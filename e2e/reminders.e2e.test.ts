import { formatDateTimeIn } from '@pd/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { publicHolidays } from '../apps/api/src/modules/appointments/holidays.ts';
import { nextMarketingInstant } from '../apps/api/src/modules/recalls/quiet-hours.ts';
import { signedIn } from './support/api.ts';
import { refuseUntilLifted, visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { createClient, createProduct, uniqueWord } from './support/client-records.ts';
import { book, bookSoon, diarySetup } from './support/diary.ts';
import { waitForSettled } from './support/messaging.ts';
import {
  cells,
  dialog,
  expectNoSeriousViolations,
  field,
  fieldError,
  pickMany,
  plainSpaces,
  saveDialog,
  screenshot,
  selectOption,
  signInAs,
  toast,
  unique,
  waitForDialog,
} from './support/settings.ts';

/**
 * The Reminders page (issue 16, part 6): a rule set in Settings, a booking in the next days, its pending
 * reminder with its cost; moving the booking moves it, cancelling drops it. ZA company (Africa/Johannesburg).
 */
const suite = useBrowserSuite();
const [zaAdmin, ukAdmin] = signedIn('za.admin', 'uk.admin');
const ZONE = 'Africa/Johannesburg';
const UK_ZONE = 'Europe/London';
const UK_HOLIDAYS = new Set(publicHolidays('UK').map((h) => h.date));

/** The ZA company's date `days` from today (YYYY-MM-DD). */
const dayFromToday = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + days * 86_400_000));

async function openReminders(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Reminders' }).click();
  await waitForHash(page, '#/commonReminders');
  await page.getByRole('heading', { name: 'Reminders', level: 1 }).waitFor();
}

const upcomingTable = (page: Page): Locator => page.getByRole('table', { name: 'Upcoming reminders' });
const rowsOf = (table: Locator, text: string): Locator => table.getByRole('row').filter({ hasText: text });

describe('the Reminders page', () => {
  it('a rule set in Settings makes a booking’s reminder show with its cost; a move moves it, a cancellation drops it', async () => {
    const typeName = unique('Reminder e2e visit');
    const type = await zaAdmin.request<{ id: number }>(
      'POST',
      `/api/appointment/type/${zaAdmin.user.companyId}`,
      {
        name: typeName,
        durationMinutes: 30,
      },
    );
    const templateName = unique('Day before');
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');

    // Settings: a template, then a rule "SMS 24 hours before" for the type.
    await page.goto('/#/settings?tab=reminder-templates');
    await page.getByRole('region', { name: 'Reminder templates' }).waitFor();
    await page.getByRole('button', { name: 'Add reminder template' }).click();
    await waitForDialog(page, 'New reminder template');
    await field(page, 'name').fill(templateName);
    await field(page, 'body').fill(
      'Hi {{preferredName}}, see you {{date}} at {{time}}. {{cancelInstruction}}',
    );
    await page.getByTestId('template-count').waitFor();
    expect(plainSpaces(await visibleText(page.getByTestId('template-count')))).toMatch(
      /1 segment · cost R 0,30/,
    );
    await saveDialog(page, 'New reminder template');
    await toast(page, 'Created reminder template.');

    await page.getByRole('tab', { name: 'Reminder rules' }).click();
    await page.getByRole('region', { name: 'Reminder rules' }).waitFor();
    await page.getByRole('button', { name: 'Add reminder rule' }).click();
    await waitForDialog(page, 'New reminder rule');
    await expectNoSeriousViolations(page);
    await selectOption(page, 'typeId', typeName);
    await selectOption(page, 'templateId', templateName);
    // Again after a pick: a focused dropdown must not point aria-activedescendant at no element.
    await expectNoSeriousViolations(page);
    await saveDialog(page, 'New reminder rule');
    await toast(page, 'Created reminder rule.');
    const rules = page.getByRole('region', { name: 'Reminder rules' });
    expect((await cells(rowsOf(rules, typeName))).join(' | ')).toContain('SMS 24 hours before');

    // A booking three days on at 10:00: its reminder goes out two days on at 10:00, R 0,30.
    const setup = await diarySetup(zaAdmin);
    const practitioner = setup.practitioners.find((p) => p.active === 'Y');
    const client = await createClient(zaAdmin, uniqueWord('Remind'), 'ZA');
    const booked = await book(zaAdmin, {
      clientId: client.id,
      practitionerId: practitioner?.userId ?? 0,
      typeId: type.id,
      start: `${dayFromToday(3)}T10:00`,
    });
    await openReminders(page);
    const table = upcomingTable(page);
    const row = rowsOf(table, typeName);
    await row.waitFor();
    const shown = await cells(row);
    expect(shown).toContain(`${dayFromToday(2)} 10:00`);
    expect(shown).toContain(`${dayFromToday(3)} 10:00`);
    expect(shown).toContain('SMS reminder');
    expect(shown).toContain('R 0,30 (estimate)');
    expect(shown.join(' ')).toContain(client.name);
    // The forecast counts it on its day.
    await page.getByRole('table', { name: 'Credit forecast per day' }).waitFor();
    expect(await visibleText(page.getByTestId('forecast-summary'))).toContain('Prepaid balance');
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reminders-upcoming');

    // A segment price above the balance: the forecast warns, on the reminder's day.
    const c = zaAdmin.user.companyId;
    const account = await zaAdmin.request<{
      balanceCents: number;
      segmentPriceCents: number;
      dailyCap: number;
    }>('GET', `/api/credit/${c}`);
    try {
      await zaAdmin.request('PUT', `/api/credit/${c}/settings`, {
        dailyCap: account.dailyCap,
        segmentPriceCents: account.balanceCents + 1,
      });
      await page.reload();
      const warning = page.getByTestId('forecast-warning');
      await warning.waitFor();
      const day = new Date(`${dayFromToday(2)}T12:00:00Z`).toLocaleDateString('en-GB', {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      expect(plainSpaces(await visibleText(warning))).toContain(
        `The balance will not cover them: it runs short on ${day}, and R 0,01 more is needed for the week.`,
      );
      expect(await warning.getAttribute('role')).toBe('alert');
      const forecastDay = page
        .getByRole('table', { name: 'Credit forecast per day' })
        .getByRole('row', { name: day });
      expect((await cells(forecastDay)).at(-1)).toBe('Short by R 0,01');
      await screenshot(page, 'reminders-forecast-short');
    } finally {
      await zaAdmin.request('PUT', `/api/credit/${c}/settings`, {
        dailyCap: account.dailyCap,
        segmentPriceCents: account.segmentPriceCents,
      });
    }

    // Moved a day later: the reminder moves with it.
    await zaAdmin.request('PUT', `/api/appointment/${booked.id}`, { start: `${dayFromToday(4)}T11:30` });
    await page.reload();
    await rowsOf(upcomingTable(page), typeName)
      .filter({ hasText: `${dayFromToday(4)} 11:30` })
      .waitFor();
    const moved = await cells(rowsOf(upcomingTable(page), typeName));
    expect(moved).toContain(`${dayFromToday(3)} 11:30`);
    expect(moved).toContain(`${dayFromToday(4)} 11:30`);
    expect(await rowsOf(upcomingTable(page), typeName).count()).toBe(1);

    // Cancelled: nothing goes out for it.
    await zaAdmin.request('POST', `/api/appointment/${booked.id}/status`, {
      status: 'cancelled',
      cancelReason: 'client',
    });
    await page.reload();
    await upcomingTable(page).waitFor();
    await upcomingTable(page).getByText('Loading reminders').waitFor({ state: 'hidden' });
    expect(await rowsOf(upcomingTable(page), typeName).count()).toBe(0);
  });

  it('a reminder the credit does not cover fails, is listed with Retry, and Retry queues it again once', async () => {
    const c = zaAdmin.user.companyId;
    const type = await zaAdmin.request<{ id: number }>('POST', `/api/appointment/type/${c}`, {
      name: unique('Retry e2e visit'),
      durationMinutes: 15,
    });
    const template = await zaAdmin.request<{ id: number }>('POST', `/api/reminder/template/${c}`, {
      name: unique('Soon'),
      channel: 'sms',
      body: 'See you at {{time}}.',
    });
    await zaAdmin.request('POST', `/api/reminder/rule/${c}`, {
      typeId: type.id,
      channel: 'sms',
      templateId: template.id,
      offsetValue: 3,
      offsetUnit: 'minutes',
    });
    const account = await zaAdmin.request<{
      balanceCents: number;
      segmentPriceCents: number;
      dailyCap: number;
    }>('GET', `/api/credit/${c}`);
    const client = await createClient(zaAdmin, uniqueWord('Retried'), 'ZA');
    const { page } = await suite.open();
    try {
      await zaAdmin.request('PUT', `/api/credit/${c}/settings`, {
        dailyCap: account.dailyCap,
        segmentPriceCents: account.balanceCents + 1,
      });
      // Starts 5 to 8 minutes on (the first practitioner free): its reminder falls due 2 to 5 minutes on,
      // and the schedule (every 30 s) finds a segment price above the balance; the retry then has 3 minutes.
      await bookSoon(zaAdmin, { clientId: client.id, typeId: type.id }, ZONE, 5, 8);
      await signInAs(page, 'za.admin');
      await openReminders(page);
      const failedTable = page.getByRole('table', { name: 'Sent and failed reminders' });
      const failed = rowsOf(failedTable, client.name);
      await page.locator('.p-dropdown', { has: page.locator('#history-status') }).click();
      await page.locator('.p-dropdown-panel').getByRole('option', { name: 'Failed', exact: true }).click();
      for (let i = 0; i < 30 && (await failed.count()) === 0; i++) {
        await page.waitForTimeout(5000);
        await page.getByRole('button', { name: 'Refresh' }).click();
      }
      expect((await cells(failed)).join(' | ')).toContain('Failed: Not enough prepaid SMS credit.');
      await screenshot(page, 'reminders-failed');
    } finally {
      await zaAdmin.request('PUT', `/api/credit/${c}/settings`, {
        dailyCap: account.dailyCap,
        segmentPriceCents: account.segmentPriceCents,
      });
    }
    await page.getByRole('button', { name: `Retry the SMS reminder to ${client.name}` }).click();
    await toast(page, 'Queued reminder again.');
    // Pending again (due now): gone from the failed list, back among the upcoming ones; no second Retry.
    await rowsOf(upcomingTable(page), client.name).waitFor();
    await rowsOf(page.getByRole('table', { name: 'Sent and failed reminders' }), client.name).waitFor({
      state: 'detached',
    });
    expect(await page.getByRole('button', { name: `Retry the SMS reminder to ${client.name}` }).count()).toBe(
      0,
    );
    // The schedule sends it again (once): its charge is made here, not during a later test of ZA's credit.
    const settledAgain = async () =>
      (
        await zaAdmin.request<{ content: { clientId: number; attempt: number; status: string }[] }>(
          'GET',
          `/api/reminder/history/${c}?status=all&page=1&size=100`,
        )
      ).content.filter((d) => d.clientId === client.id && d.attempt === 2);
    for (let i = 0; i < 30 && (await settledAgain()).length === 0; i++) await page.waitForTimeout(3000);
    expect((await settledAgain()).map((d) => d.status)).toEqual(['sent']);
    await waitForSettled(zaAdmin);
  }, 330_000);

  it('shows the reply inbox, empty without replies, to someone who is not an administrator', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'za.reception');
    await openReminders(page);
    await page.getByRole('heading', { name: 'Replies (0 to handle)' }).waitFor();
    await page.getByTestId('replies-empty').getByText('No replies to handle.').waitFor();
    // Not an administrator: no link to change the rules.
    expect(await visibleText(page.getByRole('main'))).toContain(
      'An administrator sets the rules and templates in Settings.',
    );
  });

  it('a list that cannot be loaded says so, offers Try again and does not claim to be empty', async () => {
    const { page } = await suite.open();
    const recalls = await refuseUntilLifted(page, '**/api/recall/list/**');
    await signInAs(page, 'za.reception');
    await openReminders(page);
    const problem = page.getByRole('alert').filter({ hasText: 'The recalls could not be loaded.' });
    await problem.waitFor();
    expect(await visibleText(page.getByTestId('recalls-empty'))).toBe('Not loaded.');
    await screenshot(page, 'reminders-recalls-not-loaded');
    recalls.lift();
    await problem.getByRole('button', { name: 'Try again' }).click();
    await problem.waitFor({ state: 'detached' });
    // Loaded: the company's recalls, or the list's own "nothing here".
    const loaded = page.getByTestId('recalls-empty').getByText('No recalls to show.');
    await loaded.or(page.getByRole('checkbox', { name: /^Select the .* recall of / }).first()).waitFor();
    expect(await page.getByText('Not loaded.').count()).toBe(0);
  });

  // The UK company: a held notice stays queued until the window, and the ZA messaging tests wait for ZA's
  // outbox to settle.
  it('the recall list sends the next notice of a ticked recall, held for the quiet hours when outside them', async () => {
    const c = ukAdmin.user.companyId;
    const template = await ukAdmin.request<{ id: number }>('POST', `/api/reminder/template/${c}`, {
      name: unique('Recall page'),
      channel: 'sms',
      body: 'Your check-up at {{practiceName}} is due.',
    });
    const typeName = unique('Check-up');
    const type = await ukAdmin.request<{ id: number }>('POST', `/api/recall/type/${c}`, {
      name: typeName,
      intervalValue: 6,
      intervalUnit: 'weeks',
      templateId: template.id,
      ladder: [0],
    });
    const client = await createClient(ukAdmin, uniqueWord('Recallpage'), 'UK');
    await ukAdmin.request('POST', `/api/recall/client/${client.id}`, {
      typeId: type.id,
      serviceDate: '2026-01-05',
    });

    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openReminders(page);
    const recalls = page.getByRole('table', { name: 'Recalls', exact: true });
    const row = rowsOf(recalls, client.name);
    await row.waitFor();
    expect((await cells(row)).join(' | ')).toContain('2026-02-16');
    await row.getByRole('checkbox', { name: `Select the ${typeName} recall of ${client.name}` }).check();
    const held = () => {
      const now = new Date();
      const at = nextMarketingInstant(now, UK_ZONE, (d) => UK_HOLIDAYS.has(d));
      return at.getTime() > now.getTime() ? formatDateTimeIn(at.toISOString(), UK_ZONE) : null;
    };
    const before = held();
    // The notices spend credit: the forecast reads the balance again (its figure moves again when an
    // undelivered notice is refunded, so the request is what is checked).
    const forecastRead = page.waitForResponse(
      (r) => r.url().includes(`/api/reminder/forecast/${c}`) && r.ok(),
    );
    await page.getByRole('button', { name: 'Send next notice (1)' }).click();
    await forecastRead;
    const summary = plainSpaces(await visibleText(page.getByTestId('recalls-sent')));
    const after = held();
    expect(summary).toMatch(/^1 notice queued \(£\d+\.\d\d\)/);
    // The quiet hours (South Africa's CPA rule, applied on the company's clock): outside them the notice waits for the window.
    if (before === after) {
      if (before) expect(summary).toContain(`held for the quiet hours until ${before}`);
      else expect(summary).not.toContain('held');
    }
    await expect
      .poll(async () => (await cells(rowsOf(recalls, client.name))).join(' | '))
      .toContain('Notice 1 of 1 sent');
    await expectNoSeriousViolations(page);
    await screenshot(page, 'reminders-recalls-sent');
  });

  it('an administrator sets up a recall type in Settings: interval, template, a ladder of two notices, a product', async () => {
    const c = zaAdmin.user.companyId;
    const templateName = unique('Recall setup');
    await zaAdmin.request('POST', `/api/reminder/template/${c}`, {
      name: templateName,
      channel: 'sms',
      body: 'Your re-assessment at {{practiceName}} is due.',
    });
    const product = await createProduct(zaAdmin, 45_000, 1);
    const typeName = unique('Re-assessment');
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto('/#/settings?tab=recall-types');
    const region = page.getByRole('region', { name: 'Recall types' });
    await region.waitFor();
    await page.getByRole('button', { name: 'Add recall type' }).click();
    await waitForDialog(page, 'New recall type');
    // Nothing typed: the name is refused on its field and nothing is saved.
    await dialog(page, 'New recall type').getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'name').waitFor();
    await field(page, 'name').fill(typeName);
    await selectOption(page, 'templateId', templateName);
    await field(page, 'secondNotice').fill('14');
    await pickMany(page, 'productIds', [product.name]);
    await expectNoSeriousViolations(page);
    await saveDialog(page, 'New recall type');
    await toast(page, 'Created recall type.');
    const row = rowsOf(region, typeName);
    expect((await cells(row)).join(' | ')).toContain(
      `${typeName} | 6 weeks | ${templateName} | on the due date; 14 days after the notice before | ${product.name} | 0`,
    );
    const types = await zaAdmin.request<{ name: string; ladder: number[]; products: { id: number }[] }[]>(
      'GET',
      `/api/recall/types/${c}`,
    );
    expect(types.find((t) => t.name === typeName)).toMatchObject({
      ladder: [0, 14],
      products: [{ id: product.id }],
    });
  });
});
