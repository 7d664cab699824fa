import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  type DiaryTab,
  exceptions,
  openDiaryTab,
  practitioners,
  rooms,
  startDiarySettings,
  DIARY_TOASTS as T,
  types,
} from './support/diary-settings.ts';
import * as settings from './support/settings.ts';
import { products } from './support/settings-data.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

/** Pieter van Wyk (za.rise) is no practitioner in the demo: this file makes him one, then undoes it. */
const NEW_PRACTITIONER = 'Pieter van Wyk';

afterAll(async () => {
  const userId = await zaAdmin.userId('za.rise');
  await zaAdmin
    .request('PUT', `/api/appointment/practitioner/${userId}/hours`, { intervals: [] })
    .catch(() => {});
  await zaAdmin.request('PUT', `/api/appointment/practitioner/${userId}`, { active: 'N' }).catch(() => {});
});

async function start(username: string): Promise<Page> {
  const app = await suite.open();
  await startDiarySettings(app.page, username);
  return app.page;
}

describe('settings: the diary set-up (rights A)', () => {
  it('adds a room, edits it and deletes it', async () => {
    const page = await start('za.admin');
    const name = settings.unique('Room');
    const list = await openDiaryTab(page, 'rooms');
    await list.getByRole('button', { name: 'Add room' }).click();
    await settings.waitForDialog(page, 'New room');
    await settings.field(page, 'name').fill(name);
    await settings.field(page, 'description').fill('Ground floor, wheelchair access.');
    await settings.expectNoSeriousViolations(page);
    await settings.saveDialog(page, 'New room');
    expect(await settings.toast(page, T.roomCreated)).toContain(T.roomCreated);
    expect(await settings.cells(settings.row(list, name))).toEqual([
      name,
      'Ground floor, wheelchair access.',
      'Yes',
      'Edit Delete',
    ]);
    const room = (await rooms(zaAdmin)).find((r) => r.name === name);
    expect(room).toMatchObject({ description: 'Ground floor, wheelchair access.', active: 'Y' });

    await list.getByRole('button', { name: `Edit ${name}` }).click();
    await settings.waitForDialog(page, 'Edit room');
    expect(await settings.field(page, 'name').inputValue()).toBe(name);
    await settings.field(page, 'name').fill(`${name} B`);
    await page.getByLabel('Active').uncheck();
    await settings.saveDialog(page, 'Edit room');
    await settings.toast(page, T.roomUpdated);
    expect(await settings.cells(settings.row(list, `${name} B`))).toEqual([
      `${name} B`,
      'Ground floor, wheelchair access.',
      'No',
      'Edit Delete',
    ]);
    expect((await rooms(zaAdmin)).find((r) => r.id === room?.id)).toMatchObject({
      name: `${name} B`,
      active: 'N',
    });
    await settings.expectNoSeriousViolations(page);

    await settings.deleteRow(page, list, `${name} B`, 'Yes');
    await settings.toast(page, T.roomDeleted);
    await settings.row(list, `${name} B`).waitFor({ state: 'detached' });
    expect((await rooms(zaAdmin)).some((r) => r.id === room?.id)).toBe(false);
  });

  it('adds an appointment type with a product, fees and two practitioners, then edits it', async () => {
    const page = await start('za.admin');
    const product = (await products(zaAdmin)).find((p) => p.active === 'Y');
    if (!product) throw new Error('The demo company has no active product.');
    const people = await practitioners(zaAdmin);
    const thandi = people.find((p) => p.displayName === 'Thandi Mokoena');
    const sipho = people.find((p) => p.displayName === 'Sipho Ndlovu');
    const name = settings.unique('Type');

    const list = await openDiaryTab(page, 'types');
    await list.getByRole('button', { name: 'Add appointment type' }).click();
    await settings.waitForDialog(page, 'New appointment type');
    await settings.field(page, 'name').fill(name);
    await settings.field(page, 'colour').fill('#ff5722');
    await settings.typeMoney(page, 'durationMinutes', '45');
    await settings.typeMoney(page, 'minMinutes', '30');
    await settings.typeMoney(page, 'maxMinutes', '60');
    await settings.typeMoney(page, 'bufferAfterMinutes', '10');
    await settings.selectOption(page, 'productId', product.name);
    await settings.field(page, 'tariffCode').fill('0190');
    await settings.typeMoney(page, 'noShowFeeCents', '150');
    await settings.typeMoney(page, 'lateCancelFeeCents', '75,5');
    await settings.pickMany(page, 'practitionerIds', ['Thandi Mokoena', 'Sipho Ndlovu']);
    await settings.expectNoSeriousViolations(page);
    await settings.screenshot(page, 'settings-appointment-type-dialog');
    await settings.saveDialog(page, 'New appointment type');
    await settings.toast(page, T.typeCreated);

    const cells = await settings.cells(settings.row(list, name));
    expect(cells.slice(0, 4)).toEqual([name, '45 min (30–60)', '#ff5722', '10 min']);
    expect(cells[4]).toContain(product.name);
    expect(cells.slice(5, 8)).toEqual(['0190', 'R 150,00', 'R 75,50']);
    expect(cells[8]).toContain('Thandi Mokoena');
    expect(cells[8]).toContain('Sipho Ndlovu');
    const stored = (await types(zaAdmin)).find((t) => t.name === name);
    expect(stored).toMatchObject({
      durationMinutes: 45,
      minMinutes: 30,
      maxMinutes: 60,
      colour: '#ff5722',
      bufferAfterMinutes: 10,
      productId: product.id,
      billingPlanId: null,
      tariffCode: '0190',
      noShowFeeCents: 15_000,
      lateCancelFeeCents: 7_550,
      active: 'Y',
    });
    expect([...(stored?.practitionerIds ?? [])].sort()).toEqual([thandi?.userId, sipho?.userId].sort());

    // Edit: offered by everyone, longer; a usual length outside the range is refused on its field.
    await list.getByRole('button', { name: `Edit ${name}` }).click();
    const box = await settings.waitForDialog(page, 'Edit appointment type');
    expect(await settings.field(page, 'tariffCode').inputValue()).toBe('0190');
    await settings.typeMoney(page, 'durationMinutes', '90');
    await box.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(settings.fieldError(page, 'durationMinutes'))).toBe(
      'The usual length must lie between the shortest and the longest.',
    );
    await settings.typeMoney(page, 'durationMinutes', '50');
    await box.locator('.p-multiselect-token-icon').first().click();
    await box.locator('.p-multiselect-token-icon').first().click();
    await settings.saveDialog(page, 'Edit appointment type');
    await settings.toast(page, T.typeUpdated);
    await settings.row(list, name).getByRole('cell', { name: 'Every practitioner' }).waitFor();
    expect((await settings.cells(settings.row(list, name)))[1]).toBe('50 min (30–60)');
    expect((await types(zaAdmin)).find((t) => t.id === stored?.id)).toMatchObject({
      durationMinutes: 50,
      practitionerIds: [],
    });

    await settings.deleteRow(page, list, name, 'Yes');
    await settings.toast(page, T.typeDeleted);
    expect((await types(zaAdmin)).some((t) => t.id === stored?.id)).toBe(false);
  });

  it('makes a user a practitioner, sets their weekly hours and an exception; lists the public holidays', async () => {
    const page = await start('za.admin');
    const userId = await zaAdmin.userId('za.rise');
    let list = await openDiaryTab(page, 'practitioners');
    expect((await settings.cells(settings.row(list, NEW_PRACTITIONER)))[2]).toBe('No');

    await list.getByRole('button', { name: `Edit practitioner settings of ${NEW_PRACTITIONER}` }).click();
    await settings.waitForDialog(page, `Practitioner: ${NEW_PRACTITIONER}`);
    await settings.field(page, 'colour').fill('#00897b');
    await settings.field(page, 'practiceNumber').fill('0745678');
    await settings.field(page, 'registrationNumber').fill('PT 0123456');
    await settings.saveDialog(page, `Practitioner: ${NEW_PRACTITIONER}`);
    await settings.toast(page, T.practitionerUpdated);
    // The list refreshes after the save: wait for the new values.
    await settings.row(list, NEW_PRACTITIONER).getByRole('cell', { name: 'PT 0123456' }).waitFor();
    expect((await settings.cells(settings.row(list, NEW_PRACTITIONER))).slice(2, 6)).toEqual([
      'Yes',
      '#00897b',
      '0745678',
      'PT 0123456',
    ]);

    // Weekly hours: Monday 08:00–17:00 and Tuesday; an end before the start is refused, then fixed.
    await list.getByRole('button', { name: `Working hours of ${NEW_PRACTITIONER}` }).click();
    const hours = await settings.waitForDialog(page, `Working hours: ${NEW_PRACTITIONER}`);
    await hours.getByRole('button', { name: 'Add hours' }).click();
    await hours.getByRole('button', { name: 'Add hours' }).click();
    await settings.field(page, 'intervals-1-start').fill('09:30');
    await settings.field(page, 'intervals-1-end').fill('09:00');
    await hours.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(page.getByTestId('intervals-1-end-error'))).toBe(
      'The end must be after the start.',
    );
    await settings.field(page, 'intervals-1-end').fill('16:00');
    await settings.expectNoSeriousViolations(page);
    await settings.saveDialog(page, `Working hours: ${NEW_PRACTITIONER}`);
    await settings.toast(page, T.hoursUpdated);
    await settings
      .row(list, NEW_PRACTITIONER)
      .getByRole('cell', { name: /^Mon 08:00/ })
      .waitFor();
    expect((await settings.cells(settings.row(list, NEW_PRACTITIONER)))[7]).toBe(
      'Mon 08:00–17:00; Tue 09:30–16:00',
    );
    const made = (await practitioners(zaAdmin)).find((p) => p.userId === userId);
    expect(made).toMatchObject({ active: 'Y', colour: '#00897b', registrationNumber: 'PT 0123456' });
    expect(made?.hours).toEqual([
      { weekday: 1, start: '08:00', end: '17:00' },
      { weekday: 2, start: '09:30', end: '16:00' },
    ]);

    // Leave for the new practitioner; the South African public holidays listed beneath.
    list = await openDiaryTab(page, 'availability');
    await list.getByRole('button', { name: 'Add exception' }).click();
    await settings.waitForDialog(page, 'New exception');
    await settings.selectOption(page, 'practitionerId', NEW_PRACTITIONER);
    await settings.field(page, 'startDate').fill('2031-03-03');
    await settings.field(page, 'endDate').fill('2031-03-07');
    await settings.field(page, 'note').fill('Conference');
    await settings.saveDialog(page, 'New exception');
    await settings.toast(page, T.exceptionCreated);
    const row = settings.row(list, '2031-03-03 to 2031-03-07');
    expect(await settings.cells(row)).toEqual([
      NEW_PRACTITIONER,
      'Leave',
      '2031-03-03 to 2031-03-07',
      'All day',
      'Conference',
      'Edit Delete',
    ]);
    const leave = (await exceptions(zaAdmin)).find(
      (e) => e.practitionerId === userId && e.startDate === '2031-03-03',
    );
    expect(leave).toMatchObject({
      kind: 'leave',
      endDate: '2031-03-07',
      startTime: null,
      note: 'Conference',
    });
    const holidays = page.getByRole('region', { name: 'Public holidays' });
    expect(await visibleText(page.getByTestId('holiday-calendar'))).toContain('South Africa');
    expect(await settings.cells(settings.row(holidays, 'Day of Reconciliation'))).toEqual([
      '2026-12-16',
      'Day of Reconciliation',
    ]);
    await settings.screenshot(page, 'settings-availability');
    await settings.expectNoSeriousViolations(page);

    await row.getByRole('button', { name: /^Delete / }).click();
    await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Yes', exact: true }).click();
    await settings.toast(page, T.exceptionDeleted);
    await row.waitFor({ state: 'detached' });
    expect((await exceptions(zaAdmin)).some((e) => e.id === leave?.id)).toBe(false);
  });

  it('a user without rights A reads every diary tab but changes nothing', async () => {
    const page = await start('za.reception');
    await page.getByTestId('settings-read-only').waitFor();
    for (const tab of ['practitioners', 'availability', 'rooms', 'types'] as DiaryTab[]) {
      const list = await openDiaryTab(page, tab);
      expect(await list.getByRole('button', { name: /^(Add|Edit|Delete|Working hours)/ }).count()).toBe(0);
      expect(await list.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
      await settings.expectNoSeriousViolations(page);
      await settings.screenshot(page, `settings-diary-read-only-${tab}`);
    }
    const list = await openDiaryTab(page, 'practitioners');
    expect((await settings.cells(settings.row(list, 'Thandi Mokoena')))[2]).toBe('Yes');
  });

  it('an adviser company (type F): no practice number, England and Wales holidays; every tab and dialog pass axe', async () => {
    const page = await start('uk.admin');
    for (const tab of ['practitioners', 'availability', 'rooms', 'types', 'feed'] as DiaryTab[]) {
      await openDiaryTab(page, tab);
      await settings.screenshot(page, `settings-diary-${tab}`);
      await settings.expectNoSeriousViolations(page);
    }
    let list = await openDiaryTab(page, 'practitioners');
    expect(await list.getByRole('columnheader', { name: 'Practice number' }).count()).toBe(0);
    await list
      .getByRole('button', { name: /^Edit practitioner settings of / })
      .first()
      .click();
    const box = page.getByRole('dialog', { name: /^Practitioner: / });
    await box.and(page.locator('.p-dialog-enter-done')).waitFor();
    expect(await settings.field(page, 'practiceNumber').count()).toBe(0);
    await settings.expectNoSeriousViolations(page);
    await box.getByRole('button', { name: 'Cancel' }).click();
    await box.waitFor({ state: 'detached' });

    list = await openDiaryTab(page, 'availability');
    expect(await visibleText(page.getByTestId('holiday-calendar'))).toContain('England and Wales');
    await list.getByRole('button', { name: 'Add exception' }).click();
    await settings.waitForDialog(page, 'New exception');
    await settings.expectNoSeriousViolations(page);
  });
});
