import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gotoLogin, signIn, submitLogin } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { roleCase } from './support/demo.ts';

const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/pd-e2e-screenshots';

const suite = useBrowserSuite();

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) console.error(describeViolations(violations));
  expect(describeViolations(violations)).toBe('');
}

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

describe('accessibility', () => {
  it('the sign-in page has a language, title, labelled fields and no serious axe violation', async () => {
    const app = await suite.open();
    const { page } = app;
    await gotoLogin(page);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toBe('Sign in · Practice Desk');
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Username' }).count()).toBe(1);
    await screenshot(page, 'sign-in');
    await expectNoSeriousViolations(page);

    await submitLogin(page, 'za.admin', 'wrong-password');
    await page.getByRole('alert').waitFor();
    await screenshot(page, 'sign-in-error');
    await expectNoSeriousViolations(page);
  });

  it('a module home has landmarks, a title and no serious axe violation', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.admin');
    await signIn(page, role.username, role.title);
    await page.getByTestId('company-summary').waitFor();
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.title()).toBe('Practice overview · Practice Desk');
    await screenshot(page, 'home-practice');
    await expectNoSeriousViolations(page);
  });

  it('a coming-soon page has no serious axe violation', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('uk.admin');
    await signIn(page, role.username, role.title);
    await page.getByRole('menuitem', { name: 'Prospects' }).click();
    await page.getByRole('heading', { name: 'Prospects', level: 1 }).waitFor();
    await screenshot(page, 'coming-soon');
    await expectNoSeriousViolations(page);
  });

  it('keyboard users see where the focus is and can skip to the content', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('uk.admin');
    await signIn(page, role.username, role.title);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await screenshot(page, 'home-business');

    // Tabbing on (past the home's charts, their view buttons and report links) reaches the menu, whose
    // active entry must be a real element (aria-activedescendant).
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.getAttribute('role') === 'menubar')) break;
    }
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-activedescendant'));
    await page.keyboard.press('ArrowRight');
    await screenshot(page, 'menu-keyboard-focus');
    await expectNoSeriousViolations(page);
  });
});
