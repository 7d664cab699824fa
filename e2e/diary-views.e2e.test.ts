import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { dropdownOf, pickOption, screenshot, signInAs, toastWith } from './support/client-records.ts';
import {
  appointment,
  DIARY_MESSAGES,
  eventOf,
  openDiary,
  pickClient,
  practitionerOf,
  type StoredAppointment,
  useDiaryFixtures,
} from './support/diary.ts';

/** The diary's views, its lists and its accessibility, on weeks of 2031 far from the demo fortnight. */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const diary = useDiaryFixtures(zaAdmin, 'Views');
const { bookFor } = diary;

describe('the diary: views and lists', () => {
  it("a practitioner opens their own week, then another practitioner's week", async () => {
    const own = await bookFor('za.evolve', '2031-06-03T10:00');
    const others = await bookFor('za.learn', '2031-06-04T10:00');
    const { page } = await suite.open();
    await openDiary(page, 'za.evolve', 'week', '2031-06-02');
    expect(await visibleText(page.getByTestId('diary-range'))).toBe('2 June – 8 June 2031');
    expect(await visibleText(dropdownOf(page, 'diary-practitioner'))).toContain(
      practitionerOf(diary.setup, 'za.evolve').displayName,
    );
    // Seven day columns, one practitioner's appointments.
    expect(await page.locator('.rbc-time-content .rbc-day-slot').count()).toBe(7);
    await eventOf(page, own.id).waitFor();
    expect(await eventOf(page, others.id).count()).toBe(0);
    await screenshot(page, 'diary-week');

    await pickOption(page, 'diary-practitioner', practitionerOf(diary.setup, 'za.learn').displayName);
    await eventOf(page, others.id).waitFor();
    await eventOf(page, own.id).waitFor({ state: 'detached' });
    // Month and agenda of the same practitioner.
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.getByTestId('diary-range').filter({ hasText: 'June 2031' }).waitFor();
    await eventOf(page, others.id).waitFor();
    await page.getByRole('button', { name: 'Agenda', exact: true }).click();
    await page.locator('.rbc-agenda-view').getByTestId(`appointment-${others.id}`).waitFor();
  });

  it('the diary has no serious or critical axe violation, with the booking panel closed and open', async () => {
    const booked = await bookFor('za.admin', '2031-06-09T09:00');
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-06-09');
    await eventOf(page, booked.id).waitFor();
    await expectNoSeriousViolations(page);
    // Keyboard: the appointment is reachable and opens on Enter.
    await eventOf(page, booked.id).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('appointment-actions').waitFor();
    // The dialog fades in: the axe helper waits for its transition; a moment more for what follows it.
    await page.waitForTimeout(400);
    await expectNoSeriousViolations(page);
  });

  it('an empty day has no axe violation either, and its time grid is reached with Tab', async () => {
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-06-15');
    await page.getByTestId('diary-empty').waitFor();
    await expectNoSeriousViolations(page);
    const grid = page.getByRole('region', { name: 'Diary times' });
    await grid.focus();
    expect(await grid.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('"Next free slot" lists ten free slots and books the one clicked', async () => {
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-06-16');
    await page.getByRole('button', { name: 'Next free slot' }).click();
    await pickOption(page, 'slots-type', 'Follow-up treatment');
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const slots = page.getByTestId('free-slots').getByRole('button');
    await slots.first().waitFor();
    expect(await slots.count()).toBe(10);
    const label = await visibleText(slots.first());
    await slots.first().click();
    await page.getByRole('dialog', { name: 'New appointment' }).waitFor();
    await pickClient(page, diary.client);
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    await screenshot(page, 'diary-free-slot-booked');
    expect(await toastWith(page, DIARY_MESSAGES.created)).toBe('Successful');
    const mine = await zaAdmin.request<StoredAppointment[]>(
      'GET',
      `/api/appointment/client/${diary.client.id}`,
    );
    const made = mine.find((a) => label.includes(`${a.startLocal.slice(11)}–${a.endLocal.slice(11)}`));
    expect(made).toBeDefined();
    expect(label).toContain(
      diary.setup.practitioners.find((p) => p.userId === made?.practitionerId)?.displayName,
    );
  });

  it('the end-of-day list shows the arrived appointment not yet invoiced, and invoices it', async () => {
    const visit = await bookFor('za.evolve', '2031-06-23T09:00');
    await zaAdmin.request('POST', `/api/appointment/${visit.id}/status`, { status: 'arrived' });
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-06-23');
    await page.getByRole('button', { name: 'End of day' }).click();
    const list = page.getByTestId('end-of-day');
    await list.waitFor();
    expect(await visibleText(list)).toContain(diary.client.name);
    await screenshot(page, 'diary-end-of-day');
    await list.getByRole('button', { name: `Invoice ${diary.client.name} at 09:00` }).click();
    expect(await toastWith(page, DIARY_MESSAGES.invoiced)).toBe('Successful');
    await page.getByTestId('end-of-day-empty').waitFor();
    expect(await appointment(zaAdmin, visit.id)).toMatchObject({ invoiceStatus: 'invoiced' });
  });

  it('first render of the diary after navigation (measured, reported in the log)', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    const started = Date.now();
    await page.getByRole('menuitem', { name: 'Appointments' }).click();
    await waitForHash(page, '#/commonAppointments');
    await page.locator('[data-testid="diary"] .rbc-time-view').waitFor();
    const calendarMs = Date.now() - started;
    await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();
    const loadedMs = Date.now() - started;
    console.log(
      `Diary first render after navigation: calendar ${calendarMs} ms, appointments shown ${loadedMs} ms`,
    );
    expect(await page.title()).toBe('Appointments · Practice Desk');
  });

  it('says when the diary cannot be loaded, and "Try again" loads it', async () => {
    const booked = await bookFor('za.admin', '2031-06-16T09:00');
    const { page } = await suite.open();
    // The diary's read fails (an outage) until the route is lifted.
    const outage = '**/api/appointment/diary/**';
    await page.route(outage, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 'SERVICE_UNAVAILABLE',
          message: 'Try again in a moment.',
          requestId: 'e2e',
        }),
      }),
    );
    await openDiary(page, 'za.admin', 'day', '2031-06-16');
    const error = page.getByTestId('diary-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await visibleText(error)).toContain('The diary could not be loaded.');
    await page.unroute(outage);
    await error.getByRole('button', { name: 'Try again' }).click();
    await eventOf(page, booked.id).waitFor();
    expect(await error.count()).toBe(0);
  });
});
