import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { pickOption, screenshot, toastWith, uniqueWord } from './support/client-records.ts';
import {
  appointment,
  book,
  DIARY_MESSAGES,
  dragEventTo,
  eventOf,
  openAppointment,
  openDiary,
  practitionerOf,
  type StoredAppointment,
  scrollTo,
  typeOf,
  useDiaryFixtures,
} from './support/diary.ts';
import { rooms } from './support/diary-settings.ts';
import { companyConfig } from './support/invoices.ts';

/** The diary's rooms grouping and a no-show fee invoiced from the diary, on Mondays of August 2031. */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const diary = useDiaryFixtures(zaAdmin, 'Rooms');

interface StoredInvoice {
  id: number;
  appointmentId: number | null;
  clientId: number;
  status: string;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  lines: { description: string; quantity: number; unitPriceCents: number }[];
}

describe('the diary: rooms side by side, and a no-show fee', () => {
  it('grouped by rooms, dragging an appointment to another room’s column moves it to that room', async () => {
    const active = (await rooms(zaAdmin)).filter((r) => r.active === 'Y');
    const [from, to] = [
      active.find((r) => r.name === 'Treatment room 1'),
      active.find((r) => r.name === 'Treatment room 2'),
    ];
    if (!from || !to) throw new Error('The demo practice has no treatment rooms 1 and 2.');
    const evolve = practitionerOf(diary.setup, 'za.evolve');
    const moving = await zaAdmin.request<StoredAppointment>(
      'POST',
      `/api/appointment/${zaAdmin.user.companyId}`,
      {
        clientId: diary.client.id,
        practitionerId: evolve.userId,
        roomId: from.id,
        typeId: typeOf(diary.setup, 'Follow-up treatment').id,
        start: '2031-08-04T09:00',
      },
    );
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-08-04');
    await pickOption(page, 'diary-grouping', 'Rooms');
    // One column per active room, titled by its name, in the API's order, then "No room".
    await page.locator('.rbc-time-header').getByText(to.name, { exact: true }).waitFor();
    await page.locator('.rbc-time-header').getByText('No room', { exact: true }).waitFor();
    expect(await page.locator('.rbc-time-content .rbc-day-slot').count()).toBe(active.length + 1);
    await scrollTo(page, '09:00');
    const roomColumn = (id: number) =>
      page.locator('.rbc-time-content .rbc-day-slot').nth(active.findIndex((r) => r.id === id));
    await roomColumn(from.id).getByTestId(`appointment-${moving.id}`).waitFor();

    await dragEventTo(page, eventOf(page, moving.id), active.indexOf(to), '09:00');
    expect(await toastWith(page, DIARY_MESSAGES.moved)).toBe('Successful');
    expect(await appointment(zaAdmin, moving.id)).toMatchObject({
      roomId: to.id,
      practitionerId: evolve.userId,
      startLocal: '2031-08-04T09:00',
      endLocal: '2031-08-04T09:30',
    });
    await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();
    await roomColumn(to.id).getByTestId(`appointment-${moving.id}`).waitFor();
    expect(await roomColumn(from.id).getByTestId(`appointment-${moving.id}`).count()).toBe(0);
    await screenshot(page, 'diary-rooms-moved');

    // An appointment booked without a room shows in "No room", and dragging it into a room gives it one.
    const roomless = await zaAdmin.request<StoredAppointment>(
      'POST',
      `/api/appointment/${zaAdmin.user.companyId}`,
      {
        clientId: diary.client.id,
        practitionerId: evolve.userId,
        typeId: typeOf(diary.setup, 'Follow-up treatment').id,
        start: '2031-08-04T14:00',
      },
    );
    expect(roomless.roomId).toBeNull();
    await page.reload();
    await pickOption(page, 'diary-grouping', 'Rooms');
    await scrollTo(page, '14:00');
    const noRoom = page.locator('.rbc-time-content .rbc-day-slot').nth(active.length);
    await noRoom.getByTestId(`appointment-${roomless.id}`).waitFor();
    await dragEventTo(page, eventOf(page, roomless.id), active.indexOf(from), '14:00');
    expect(await toastWith(page, DIARY_MESSAGES.moved)).toBe('Successful');
    expect(await appointment(zaAdmin, roomless.id)).toMatchObject({
      roomId: from.id,
      startLocal: '2031-08-04T14:00',
    });
  });

  it('a no-show is marked in the diary and its fee invoiced from the panel', async () => {
    const name = uniqueWord('Missed ');
    const type = await zaAdmin.request<{ id: number }>(
      'POST',
      `/api/appointment/type/${zaAdmin.user.companyId}`,
      {
        name,
        durationMinutes: 30,
        minMinutes: 15,
        maxMinutes: 60,
        noShowFeeCents: 18_500,
      },
    );
    const missed = await book(zaAdmin, {
      clientId: diary.client.id,
      practitionerId: practitionerOf(diary.setup, 'za.learn').userId,
      typeId: type.id,
      start: '2031-08-11T09:00',
    });
    const { page } = await suite.open();
    await openDiary(page, 'za.admin', 'day', '2031-08-11');
    await scrollTo(page, '09:00');
    await openAppointment(page, missed.id);
    // Booked: a visit is not invoiced yet, and there is no fee to invoice.
    expect(await page.getByRole('button', { name: /^Invoice/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'No-show', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.noShow)).toBe('Successful');
    await page.getByTestId('appointment-status').filter({ hasText: 'No-show' }).waitFor();
    await page.getByRole('button', { name: 'Invoice no-show fee', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.invoiced)).toBe('Successful');
    await page.getByTestId('appointment-invoice-status').filter({ hasText: 'Invoiced' }).waitFor();
    expect(await visibleText(page.getByTestId('appointment-status'))).toContain('No-show');
    await screenshot(page, 'diary-no-show-fee');

    const invoice = await zaAdmin.request<StoredInvoice>('GET', `/api/invoice1/appointment/${missed.id}`);
    const config = await companyConfig(zaAdmin);
    const vat = config.taxRegistered === 'Y' ? Math.round((18_500 * config.vatRateBps) / 10_000) : 0;
    expect(invoice).toMatchObject({
      appointmentId: missed.id,
      clientId: diary.client.id,
      status: 'active',
      subtotalCents: 18_500,
      vatCents: vat,
      totalCents: 18_500 + vat,
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        description: `No-show fee: ${name}, 2031-08-11 09:00`,
        quantity: 1,
        unitPriceCents: 18_500,
      }),
    ]);
    expect(await appointment(zaAdmin, missed.id)).toMatchObject({
      status: 'noshow',
      invoiceStatus: 'invoiced',
    });
  });
});
