import { afterAll, describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  openDiaryTab,
  practitioners,
  startDiarySettings,
  DIARY_TOASTS as T,
} from './support/diary-settings.ts';
import * as settings from './support/settings.ts';

/**
 * The practice number a medical account prints for the treating practitioner (issue 15, parts 1 and 7): an
 * administrator of a healthcare practice (type H) keeps it under Settings; an adviser company has none.
 */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

/** Sipho Ndlovu (za.evolve) is a demo practitioner; this file changes his practice number, then puts it back. */
const NAME = 'Sipho Ndlovu';
let restore: { userId: number; practiceNumber: string | null } | undefined;

afterAll(async () => {
  if (restore)
    await zaAdmin.request('PUT', `/api/appointment/practitioner/${restore.userId}`, {
      practiceNumber: restore.practiceNumber,
    });
});

describe('settings: a practitioner’s practice number', () => {
  it('an administrator of a type H practice changes it; it is stored and still shown after a reload', async () => {
    const userId = await zaAdmin.userId('za.evolve');
    const before = (await practitioners(zaAdmin)).find((p) => p.userId === userId);
    restore = { userId, practiceNumber: before?.practiceNumber ?? null };
    const number = `07${String(Date.now()).slice(-5)}`;

    const { page } = await suite.open();
    await startDiarySettings(page, 'za.admin');
    let list = await openDiaryTab(page, 'practitioners');
    await list.getByRole('button', { name: `Edit practitioner settings of ${NAME}` }).click();
    await settings.waitForDialog(page, `Practitioner: ${NAME}`);
    expect(await settings.field(page, 'practiceNumber').inputValue()).toBe(before?.practiceNumber ?? '');
    await settings.field(page, 'practiceNumber').fill(` ${number} `);
    await settings.saveDialog(page, `Practitioner: ${NAME}`);
    await settings.toast(page, T.practitionerUpdated);
    await settings.row(list, NAME).getByRole('cell', { name: number, exact: true }).waitFor();
    // Stored trimmed, the other settings untouched.
    expect((await practitioners(zaAdmin)).find((p) => p.userId === userId)).toMatchObject({
      practiceNumber: number,
      registrationNumber: before?.registrationNumber ?? null,
      colour: before?.colour,
      active: 'Y',
    });

    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    list = await openDiaryTab(page, 'practitioners');
    expect((await settings.cells(settings.row(list, NAME)))[4]).toBe(number);
    await list.getByRole('button', { name: `Edit practitioner settings of ${NAME}` }).click();
    const box = await settings.waitForDialog(page, `Practitioner: ${NAME}`);
    expect(await settings.field(page, 'practiceNumber').inputValue()).toBe(number);
    await box.getByRole('button', { name: 'Cancel' }).click();
    await box.waitFor({ state: 'detached' });
  });

  it('an adviser company (type F) has no practice number: neither column nor field', async () => {
    const { page } = await suite.open();
    await startDiarySettings(page, 'uk.admin');
    const list = await openDiaryTab(page, 'practitioners');
    expect(await list.getByRole('columnheader', { name: 'Practice number' }).count()).toBe(0);
    await list
      .getByRole('button', { name: /^Edit practitioner settings of / })
      .first()
      .click();
    const box = page.getByRole('dialog', { name: /^Practitioner: / });
    await box.and(page.locator('.p-dialog-enter-done')).waitFor();
    await settings.field(page, 'registrationNumber').waitFor();
    expect(await settings.field(page, 'practiceNumber').count()).toBe(0);
  });
});
