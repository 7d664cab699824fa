import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { menuEntries, signIn, visibleText, waitForFocusedEntry, waitForHash } from './support/app.ts';
import { type AppPage, launchBrowser, openApp } from './support/browser.ts';
import { roleCase } from './support/demo.ts';

const AREA_HASHES: Record<string, string> = {
  Clients: '#/commonClients',
  Appointments: '#/commonAppointments',
  Reminders: '#/commonReminders',
  Prospects: '#/commonProspects',
  'Phone Calls': '#/commonPhoneCalls',
  Forms: '#/commonDigitalForms',
};

let browser: Browser;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  expect(app.problems).toEqual([]);
  await app.context.close();
});

describe('menu and pages', () => {
  it('every menu entry opens its area: Manage Clients, or a coming-soon page that names the area', async () => {
    app = await openApp(browser);
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
    app = await openApp(browser);
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
    app = await openApp(browser);
    const { page } = app;
    const role = roleCase('za.admin');
    await signIn(page, role.username, role.title);
    expect(await menuEntries(page)).not.toContain('Prospects');

    await page.goto('/#/commonProspects');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await visibleText(page)).not.toContain('Prospects — coming soon');
  });

  it('an unknown address shows a not-found page with a way home', async () => {
    app = await openApp(browser);
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
    app = await openApp(browser);
    const { page } = app;
    const role = roleCase('za.web');
    await signIn(page, role.username, role.title);
    await page.goto('/#/pmOverviewHome');
    await waitForHash(page, role.hash);
    await page.getByRole('heading', { name: role.title, level: 1 }).waitFor();
    expect(await page.getByRole('heading', { name: 'Practice overview' }).count()).toBe(0);
  });
});
