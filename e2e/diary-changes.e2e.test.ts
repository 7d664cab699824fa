import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { screenshot, toastWith } from './support/client-records.ts';
import {
  appointment,
  DIARY_MESSAGES,
  dragEventTo,
  dragTo,
  eventOf,
  openAppointment,
  openDiary,
  practitionerOf,
  type StoredAppointment,
  scrollTo,
  slotPoint,
  typeOf,
  useDiaryFixtures,
} from './support/diary.ts';

/** Changing appointments in the diary: drag, stretch, status and invoice, on Mondays of 2031. */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');
const diary = useDiaryFixtures(zaAdmin, 'Moves');
const { column, bookFor } = diary;

async function dayWith(page: Page, date: string, id: number): Promise<void> {
  await openDiary(page, 'za.admin', 'day', date);
  await scrollTo(page, '09:00');
  await eventOf(page, id).waitFor();
}

describe('the diary: changing appointments', () => {
  it('dragging moves an appointment to another time and practitioner; a refused move snaps back', async () => {
    const moving = await bookFor('za.evolve', '2031-05-05T09:00');
    const other = await bookFor('za.learn', '2031-05-05T10:00');
    const { page } = await suite.open();
    await dayWith(page, '2031-05-05', moving.id);

    // Onto za.learn at 11:00: moved, with its length.
    await dragEventTo(page, eventOf(page, moving.id), column('za.learn'), '11:00');
    expect(await toastWith(page, DIARY_MESSAGES.moved)).toBe('Successful');
    expect(await appointment(zaAdmin, moving.id)).toMatchObject({
      practitionerId: practitionerOf(diary.setup, 'za.learn').userId,
      startLocal: '2031-05-05T11:00',
      endLocal: '2031-05-05T11:30',
    });
    await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();

    // Onto the other appointment at 10:00: refused, named, and back where it was.
    await dragEventTo(page, eventOf(page, moving.id), column('za.learn'), '10:00');
    expect(await toastWith(page, DIARY_MESSAGES.clash)).toBe('Error');
    const error = page.getByTestId('move-error');
    await error.waitFor();
    expect(await visibleText(error)).toContain(`Clashes with appointment ${other.id}`);
    await screenshot(page, 'diary-move-refused');
    expect(await appointment(zaAdmin, moving.id)).toMatchObject({ startLocal: '2031-05-05T11:00' });
    await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();
    // Snapped back: still at 11:00 in za.learn's column.
    const learnColumn = page.locator('.rbc-time-content .rbc-day-slot').nth(column('za.learn'));
    const snapped = learnColumn.locator('.rbc-event', { has: page.getByTestId(`appointment-${moving.id}`) });
    expect(await visibleText(snapped)).toContain('11:00–11:30');
  });

  it('stretching an appointment makes it longer', async () => {
    const stretched = await bookFor('za.evolve', '2031-05-12T09:00');
    const { page } = await suite.open();
    await dayWith(page, '2031-05-12', stretched.id);
    const event = eventOf(page, stretched.id);
    await event.hover();
    const anchor = event.locator('.rbc-addons-dnd-resize-ns-anchor').last();
    const box = await anchor.boundingBox();
    if (!box) throw new Error('No resize anchor');
    await dragTo(
      page,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      await slotPoint(page, column('za.evolve'), '10:00', 1),
    );
    expect(await toastWith(page, DIARY_MESSAGES.moved)).toBe('Successful');
    expect(await appointment(zaAdmin, stretched.id)).toMatchObject({
      startLocal: '2031-05-12T09:00',
      endLocal: '2031-05-12T10:00',
    });
  });

  it('arrived, then invoiced in one click: the panel shows the invoice status', async () => {
    const visit = await bookFor('za.admin', '2031-05-19T09:00');
    const { page } = await suite.open();
    await dayWith(page, '2031-05-19', visit.id);
    await openAppointment(page, visit.id);
    expect(await visibleText(page.getByTestId('appointment-invoice-status'))).toBe('Not invoiced');
    await page.getByRole('button', { name: 'Arrived', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.arrived)).toBe('Successful');
    await page.getByTestId('appointment-status').filter({ hasText: 'Arrived' }).waitFor();
    await page.getByRole('button', { name: 'Invoice', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.invoiced)).toBe('Successful');
    await page.getByTestId('appointment-invoice-status').filter({ hasText: 'Invoiced' }).waitFor();
    await screenshot(page, 'diary-invoiced');
    expect(await appointment(zaAdmin, visit.id)).toMatchObject({
      status: 'arrived',
      invoiceStatus: 'invoiced',
    });
    // Invoiced once: the button is gone.
    expect(await page.getByRole('button', { name: 'Invoice', exact: true }).count()).toBe(0);
    // An invoiced visit keeps its status: only the arrived/completed swap is offered.
    expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Completed', exact: true }).waitFor();
  });

  it('cancelled by the client: it leaves the diary; a no-show is marked', async () => {
    const cancelled = await bookFor('za.evolve', '2031-05-26T09:00');
    const missed = await bookFor('za.evolve', '2031-05-26T10:00');
    const { page } = await suite.open();
    await dayWith(page, '2031-05-26', cancelled.id);

    await openAppointment(page, cancelled.id);
    await page.getByRole('button', { name: 'Cancel appointment' }).click();
    await page.getByRole('button', { name: 'Cancelled by the client' }).click();
    expect(await toastWith(page, DIARY_MESSAGES.cancelled)).toBe('Successful');
    expect(await appointment(zaAdmin, cancelled.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'client',
    });
    await page.keyboard.press('Escape');
    await eventOf(page, cancelled.id).waitFor({ state: 'detached' });

    await openAppointment(page, missed.id);
    await page.getByRole('button', { name: 'No-show', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.noShow)).toBe('Successful');
    expect(await appointment(zaAdmin, missed.id)).toMatchObject({ status: 'noshow' });
    await page.keyboard.press('Escape');
    await eventOf(page, missed.id).filter({ hasText: 'No-show' }).waitFor();
  });

  it('dragging an occurrence of a series asks which move: Cancel puts it back, "This and following" moves the later ones', async () => {
    const series = await zaAdmin.request<{ appointments: StoredAppointment[] }>(
      'POST',
      `/api/appointment/series/${zaAdmin.user.companyId}`,
      {
        clientId: diary.client.id,
        practitionerId: practitionerOf(diary.setup, 'za.evolve').userId,
        typeId: typeOf(diary.setup, 'Follow-up treatment').id,
        start: '2031-09-01T09:00',
        frequency: 'weekly',
        count: 4,
      },
    );
    const ids = series.appointments.map((a) => a.id);
    const second = ids[1] ?? 0;
    const { page } = await suite.open();
    await dayWith(page, '2031-09-08', second);
    const starts = async () =>
      (await Promise.all(ids.map((id) => appointment(zaAdmin, id)))).map((a) => a.startLocal);
    const asked = page.getByRole('dialog', { name: 'Move an appointment of a series' });

    // Asked, with the occurrence shown where it would go; Cancel: nothing moves and it is back at 09:00.
    await dragEventTo(page, eventOf(page, second), column('za.evolve'), '10:00');
    await asked.waitFor();
    expect(await visibleText(asked)).toMatch(/from .*2031, 09:00–09:30 to 10:00–10:30\./);
    expect(await visibleText(eventOf(page, second))).toContain('10:00–10:30');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await visibleText(eventOf(page, second))).toContain('09:00–09:30');
    expect(await starts()).toEqual([
      '2031-09-01T09:00',
      '2031-09-08T09:00',
      '2031-09-15T09:00',
      '2031-09-22T09:00',
    ]);

    // Two hours later, this and the following ones: the first keeps its time.
    await dragEventTo(page, eventOf(page, second), column('za.evolve'), '11:00');
    await asked.waitFor();
    await asked.getByLabel('This and following').check();
    await expectNoSeriousViolations(page);
    await screenshot(page, 'diary-move-series');
    await asked.getByRole('button', { name: 'Move', exact: true }).click();
    expect(await toastWith(page, DIARY_MESSAGES.moved)).toBe('Successful');
    expect(await starts()).toEqual([
      '2031-09-01T09:00',
      '2031-09-08T11:00',
      '2031-09-15T11:00',
      '2031-09-22T11:00',
    ]);
    const ends = (await Promise.all(ids.map((id) => appointment(zaAdmin, id)))).map((a) => a.endLocal);
    expect(ends).toEqual(['2031-09-01T09:30', '2031-09-08T11:30', '2031-09-15T11:30', '2031-09-22T11:30']);
    await page.locator('[data-testid="diary"][aria-busy="false"]').waitFor();
    expect(await visibleText(eventOf(page, second))).toContain('11:00–11:30');
  });
});
