import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { pickOption, screenshot, toastWith } from './support/client-records.ts';
import {
  appointment,
  DIARY_MESSAGES,
  dayAppointments,
  openAppointment,
  openDiary,
  pickClient,
  practitionerOf,
  scrollTo,
  slotPoint,
  typeOf,
  useDiaryFixtures,
} from './support/diary.ts';

/**
 * Booking in the diary (issue 15, part 6) on days of 2031, far from the demo fortnight around today:
 * each test has its own Monday, so the runs do not meet.
 */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const diary = useDiaryFixtures(zaAdmin, 'Diary');
const { column, bookFor } = diary;

/** Clicks an empty slot of a practitioner's column at a time: the booking panel opens on it. */
async function clickSlot(page: Page, username: string, time: string): Promise<void> {
  await scrollTo(page, time);
  const point = await slotPoint(page, column(username), time);
  await page.mouse.click(point.x, point.y);
  await page.getByRole('dialog', { name: 'New appointment' }).waitFor();
}

async function fillBooking(page: Page, type: string): Promise<void> {
  await pickClient(page, diary.client);
  await pickOption(page, 'booking-typeId', type);
}

describe('the diary: booking', () => {
  it('clicking an empty slot books the client there, with the toast and the appointment in the diary', async () => {
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-03-03');
    await clickSlot(page, 'za.evolve', '10:00');
    // The slot's practitioner and start are filled in.
    expect(await page.locator('#booking-start').inputValue()).toContain('2031-03-03 10:00');
    await fillBooking(page, 'Follow-up treatment');
    await screenshot(page, 'diary-book');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.created)).toBe('Successful');
    const [stored] = await dayAppointments(zaAdmin, '2031-03-03');
    expect(stored).toMatchObject({
      clientId: diary.client.id,
      practitionerId: practitionerOf(diary.setup, 'za.evolve').userId,
      typeId: typeOf(diary.setup, 'Follow-up treatment').id,
      startLocal: '2031-03-03T10:00',
      endLocal: '2031-03-03T10:30',
      status: 'booked',
      allowOverlap: false,
    });
    await page.getByTestId(`appointment-${stored?.id}`).waitFor();
  });

  it('a clash is refused and named; "Double-book" with its warning books it anyway', async () => {
    const taken = await bookFor('za.evolve', '2031-03-10T11:00');
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-03-10');
    await page.getByTestId(`appointment-${taken.id}`).waitFor();
    // The appointment covers the slot: open the panel from the New appointment button instead.
    await page.getByRole('button', { name: 'New appointment' }).click();
    await page.getByRole('dialog', { name: 'New appointment' }).waitFor();
    await fillBooking(page, 'Follow-up treatment');
    await pickOption(page, 'booking-practitionerId', practitionerOf(diary.setup, 'za.evolve').displayName);
    await page.locator('#booking-start').fill('2031-03-10 11:15');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.clash)).toBe('Error');
    const notice = page.getByTestId('clash-notice');
    await notice.waitFor();
    expect(await visibleText(notice)).toContain(`Clashes with appointment ${taken.id}`);
    await screenshot(page, 'diary-clash');
    expect(await dayAppointments(zaAdmin, '2031-03-10')).toHaveLength(1);

    // Deliberately double-booking: the warning shows, and the booking is made and marked.
    await page.locator('#booking-allowOverlap').click();
    await page.getByTestId('double-book-warning').waitFor();
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.created)).toBe('Successful');
    const day = await dayAppointments(zaAdmin, '2031-03-10');
    expect(day).toHaveLength(2);
    expect(day.find((a) => a.id !== taken.id)).toMatchObject({
      startLocal: '2031-03-10T11:15',
      allowOverlap: true,
    });
  });

  it('a weekly series with a clash lists the occurrence; "skip those" books the rest', async () => {
    // The third Monday is taken.
    const taken = await bookFor('za.learn', '2031-04-21T09:00');
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-04-07');
    await clickSlot(page, 'za.learn', '09:00');
    await fillBooking(page, 'Follow-up treatment');
    await pickOption(page, 'booking-repeat', 'Weekly');
    await page.locator('#booking-count').fill('4');
    await page.getByRole('button', { name: 'Book', exact: true }).click();
    const notice = page.getByTestId('series-clash-notice');
    await notice.waitFor();
    expect(await visibleText(notice)).toContain(`Occurrence 3: Clashes with appointment ${taken.id}`);
    await screenshot(page, 'diary-series-clash');
    // Nothing was written by the refused series.
    expect(await dayAppointments(zaAdmin, '2031-04-07')).toHaveLength(0);
    await page.getByRole('button', { name: 'Skip those and book the rest' }).click();
    expect(await toastWith(page, DIARY_MESSAGES.seriesCreated)).toBe('Successful');
    const booked = await Promise.all(
      ['2031-04-07', '2031-04-14', '2031-04-21', '2031-04-28'].map((d) => dayAppointments(zaAdmin, d)),
    );
    expect(booked.map((day) => day.length)).toEqual([1, 1, 1, 1]);
    expect(booked[2]?.[0]?.id).toBe(taken.id);
    const series = booked.flat().filter((a) => a.seriesId !== null);
    expect(series).toHaveLength(3);
    expect(new Set(series.map((a) => a.seriesId)).size).toBe(1);
  });

  it('changing a series occurrence asks which: "this and following" moves it and the later ones', async () => {
    const series = await zaAdmin.request<{ appointments: { id: number }[] }>(
      'POST',
      `/api/appointment/series/${zaAdmin.user.companyId}`,
      {
        clientId: diary.client.id,
        practitionerId: practitionerOf(diary.setup, 'za.admin').userId,
        typeId: typeOf(diary.setup, 'Follow-up treatment').id,
        start: '2031-07-07T09:00',
        frequency: 'weekly',
        count: 3,
      },
    );
    const [first, second, third] = series.appointments;
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-07-14');
    await openAppointment(page, second?.id ?? 0);
    await page.getByTestId('series-scope').waitFor();
    await page.getByLabel('This and following').check();
    await page.locator('#booking-start').fill('2031-07-14 11:00');
    await page.keyboard.press('Tab');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    expect(await toastWith(page, 'Updated appointment.')).toBe('Successful');
    const times = await Promise.all([first, second, third].map((a) => appointment(zaAdmin, a?.id ?? 0)));
    expect(times.map((a) => a.startLocal)).toEqual([
      '2031-07-07T09:00',
      '2031-07-14T11:00',
      '2031-07-21T11:00',
    ]);
  });
});
