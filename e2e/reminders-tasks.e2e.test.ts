import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { createClient, uniqueWord } from './support/client-records.ts';
import { expectNoSeriousViolations, plainSpaces, signInAs } from './support/settings.ts';

/**
 * My tasks on the Reminders page (issue 16, part 7): the lazy task list, due descending by default, paged
 * and sorted by the server; hidden from ROLE_ISOPRACTICE.
 */
const suite = useBrowserSuite();
const [ukAdmin] = signedIn('uk.admin');

async function openReminders(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Reminders' }).click();
  await waitForHash(page, '#/commonReminders');
  await page.getByRole('heading', { name: 'Reminders', level: 1 }).waitFor();
}

const tasksTable = (page: Page): Locator => page.getByRole('table', { name: 'Tasks' });

/** The descriptions in the table's body, top to bottom. */
async function descriptions(page: Page, word: string): Promise<string[]> {
  const rows = tasksTable(page).locator('tbody tr').filter({ hasText: word });
  const texts = await rows.allInnerTexts();
  return texts.map((t) => (t.match(new RegExp(`${word} \\d+`)) ?? [''])[0]);
}

async function waitForFirst(page: Page, text: string): Promise<void> {
  await tasksTable(page).locator('tbody tr').first().filter({ hasText: text }).waitFor();
}

describe('My tasks', () => {
  it('pages and sorts by due: latest first by default, earliest first after a click on Due', async () => {
    const word = uniqueWord('Chase');
    const client = await createClient(ukAdmin, uniqueWord('Tasked'), 'UK');
    // Twelve open tasks for uk.admin (za.admin is a practice user: no tasks), due on twelve days of 2031 (task 1 earliest).
    for (let i = 1; i <= 12; i++) {
      await ukAdmin.request('POST', `/api/task/${ukAdmin.user.companyId}`, {
        clientId: client.id,
        type: 'C',
        description: `${word} ${i}`,
        userId: ukAdmin.user.id,
        due: `2031-02-${String(i).padStart(2, '0')}T08:00:00.000Z`,
      });
    }
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openReminders(page);
    await page.getByRole('heading', { name: 'My tasks', level: 2 }).waitFor();
    await page.getByLabel('Search (press Enter)').fill(word);
    await page.getByLabel('Search (press Enter)').press('Enter');
    await waitForFirst(page, `${word} 12`);
    expect(await descriptions(page, word)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `${word} ${i}`),
    );
    const tasks = page.getByRole('region', { name: 'My tasks' });
    expect(plainSpaces(await visibleText(tasks))).toContain('1–10 of 12');

    await tasks.getByRole('button', { name: 'Next Page' }).click();
    await waitForFirst(page, `${word} 2`);
    expect(await descriptions(page, word)).toEqual([`${word} 2`, `${word} 1`]);

    // Due, ascending: back to the first page, earliest first.
    await tasksTable(page).getByRole('columnheader', { name: 'Due' }).click();
    await waitForFirst(page, `${word} 1`);
    expect(await descriptions(page, word)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => `${word} ${i}`),
    );
    await expectNoSeriousViolations(page);

    // An administrator may look at everyone's: the same tasks, with whom they are assigned to.
    await page.getByRole('button', { name: 'Everyone’s' }).click();
    await page.getByRole('heading', { name: 'Everyone’s tasks', level: 2 }).waitFor();
    await tasksTable(page).getByRole('columnheader', { name: 'Assigned to' }).waitFor();
    await waitForFirst(page, `${word} 1`);
    expect(await visibleText(tasksTable(page).locator('tbody tr').first())).toContain('Eleanor Hughes');
  });

  it('is not offered to a practice user (ROLE_ISOPRACTICE)', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'uk.practice');
    await openReminders(page);
    await page.getByRole('heading', { name: 'Sent and failed', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: 'My tasks' }).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Tasks' }).count()).toBe(0);
  });
});
