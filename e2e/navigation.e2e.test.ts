import { describe, expect, it } from 'vitest';
import { menuEntries, signIn, visibleText, waitForFocusedEntry, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { roleCase } from './support/demo.ts';

const AREA_HASHES: Record<string, string> = {
  Clients: '#/commonClients',
  Appointments: '#/commonAppointments',
  Reminders: '#/commonReminders',
  Prospects: '#/commonProspects',
  'Phone Calls': '#/commonPhoneCalls',
  Forms: '#/commonDigitalForms',
};

const suite = useBrowserSuite();

describe('menu and pages', () => {
  it('every menu entry opens its area: Manage Clients, the diary, Reminders, Phone Calls, Forms, or a coming-soon page that names the area', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('uk.admin');
    await signIn(page, role.username, role.title);

    for (const [area, hash] of Object.entries(AREA_HASHES)) {
      await page.getByRole('menuitem', { name: area }).click();
      await waitForHash(page, hash);
      if (area === 'Clients') {
        // Built: the Manage Clients screen (its own tests are in clients-list.e2e.test.ts).
        await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
        expect(await page.title()).toBe('Manage Clients · Practice Desk');
        continue;
      }
      if (area === 'Appointments') {
        // Built: the diary (its own tests are in diary-*.e2e.test.ts).
        await page.getByRole('heading', { name: 'Appointments', level: 1 }).waitFor();
        await page.getByTestId('diary').waitFor();
        expect(await page.title()).toBe('Appointments · Practice Desk');
        continue;
      }
      if (area === 'Reminders') {
        // Built: the Reminders page (its own tests are in reminders*.e2e.test.ts).
        await page.getByRole('heading', { name: 'Reminders', level: 1 }).waitFor();
        await page.getByRole('table', { name: 'Upcoming reminders' }).waitFor();
        expect(await page.getByTestId('coming-soon').count()).toBe(0);
        expect(await page.title()).toBe('Reminders · Practice Desk');
        continue;
      }
      if (area === 'Phone Calls') {
        // Built: the Phone Calls page (its own tests are in phone-calls.e2e.test.ts).
        await page.getByRole('heading', { name: 'Phone Calls', level: 1 }).waitFor();
        await page.getByRole('table', { name: 'Call log' }).waitFor();
        expect(await page.getByTestId('coming-soon').count()).toBe(0);
        expect(await page.title()).toBe('Phone Calls · Practice Desk');
        continue;
      }
      if (area === 'Prospects') {
        // Built: the Prospects board (its own tests are in prospects.e2e.test.ts).
        await page.getByRole('heading', { name: 'Prospects', level: 1 }).waitFor();
        await page.getByTestId('pipeline-board').waitFor();
        expect(await page.getByTestId('coming-soon').count()).toBe(0);
        expect(await page.title()).toBe('Prospects · Practice Desk');
        continue;
      }
      if (area === 'Forms') {
        // Built: the Forms page (its own tests are in forms-review.e2e.test.ts).
        await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
        await page.getByRole('table', { name: 'Forms sent' }).waitFor();
        expect(await page.getByTestId('coming-soon').count()).toBe(0);
        expect(await page.title()).toBe('Forms · Practice Desk');
        continue;
      }
      await page.getByRole('heading', { name: area, level: 1 }).waitFor();
      expect(await visibleText(page.getByRole('main'))).toContain(
        `${area} — coming soon. This area is being built.`,
      );
      expect(await page.title()).toBe(`${area} · Practice Desk`);
    }

    await page.getByRole('menuitem', { name: 'Home' }).click();
    await waitForHash(page, role.hash);
    await page.getByRole('heading', { name: role.title, level: 1 }).waitFor();
  });

  it('menu entries work from the keyboard', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.evolve');
    await signIn(page, role.username, role.title);
    // Tab in like a keyboard user; the first entry takes the focus, the arrow moves to the next one.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'menubar')) break;
    }
    await waitForFocusedEntry(page, 'Home');
    await page.keyboard.press('ArrowRight');
    await waitForFocusedEntry(page, 'Clients');
    await page.keyboard.press('Enter');
    await waitForHash(page, '#/commonClients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
  });

  it('the practice menu has no Prospects, and its address is not found for a practice user', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.admin');
    await signIn(page, role.username, role.title);
    expect(await menuEntries(page)).not.toContain('Prospects');

    await page.goto('/#/commonProspects');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await visibleText(page)).not.toContain('Prospects — coming soon');
  });

  it('an unknown address shows a not-found page with a way home', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.learn');
    await signIn(page, role.username, role.title);
    await page.goto('/#/commonNowhere');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await page.title()).toBe('Page not found · Practice Desk');

    await page.getByRole('link', { name: 'Go to home' }).click();
    await waitForHash(page, role.hash);
    await page.getByRole('heading', { name: role.title, level: 1 }).waitFor();
  });

  it("another module's home leads back to the user's own", async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.web');
    await signIn(page, role.username, role.title);
    await page.goto('/#/pmOverviewHome');
    await waitForHash(page, role.hash);
    await page.getByRole('heading', { name: role.title, level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Practice overview' }).count()).toBe(0);
  });
});
