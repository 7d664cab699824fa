import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SCREENSHOT_DIR, signIn, visibleText, waitForHash } from './app.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { roleCase } from './demo.ts';

export { expectNoSeriousViolations, SCREENSHOT_DIR };

// Written out (not imported from the contracts or the app) so a wrong text there fails here.
export const REQUIRED = 'Field is required.';
export const READ_ONLY_NOTE = 'Only an administrator can change these.';
export const PLAN_IN_USE = 'This billing plan is still used by products. Make it inactive instead.';

export const TABS = {
  products: 'Products',
  plans: 'Billing plans',
  templates: 'Note templates',
  processes: 'Processes',
} as const;
export type TabKey = keyof typeof TABS;

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A name no other test (of this or another file on the shared server) will use. */
export function unique(prefix: string): string {
  const letters = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
    .replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')
    .slice(-8);
  return `${prefix} ${letters}`;
}

/** Money as shown, with the locale's (non-breaking) spaces made plain. */
export const plainSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

export async function signInAs(page: Page, username: string): Promise<void> {
  await signIn(page, username, roleCase(username).title);
}

/** Opens Settings the way a user does: the Settings link in the header. */
export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await waitForHash(page, '#/settings');
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

/** The list of a tab: a region named by its heading. */
export const section = (page: Page, tab: TabKey): Locator => page.getByRole('region', { name: TABS[tab] });

/** Chooses a tab and waits until its list has loaded. */
export async function openTab(page: Page, tab: TabKey): Promise<Locator> {
  await page.getByRole('tab', { name: TABS[tab] }).click();
  const list = section(page, tab);
  await list.waitFor();
  await list.getByText(/Please wait/).waitFor({ state: 'hidden' });
  return list;
}

/** The table row holding this exact text in a cell. */
export const row = (list: Locator, text: string): Locator =>
  list.getByRole('row').filter({ has: list.page().getByRole('cell', { name: text, exact: true }) });

/** The rendered texts of a row's cells. */
export async function cells(rowLocator: Locator): Promise<string[]> {
  await rowLocator.waitFor();
  const texts = await rowLocator.getByRole('cell').allInnerTexts();
  return texts.map((t) => plainSpaces(t).replace(/\s+/g, ' ').trim());
}

export const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title });

/** Waits until the dialog is open and its opening animation has ended. */
export async function waitForDialog(page: Page, title: string): Promise<Locator> {
  const box = dialog(page, title);
  await box.and(page.locator('.p-dialog-enter-done')).waitFor();
  return box;
}

/** The input of a dialog field (ids are settings-<field>). */
export const field = (page: Page, name: string): Locator => page.locator(`#settings-${name}`);
export const fieldError = (page: Page, name: string): Locator => page.getByTestId(`${name}-error`);

/** Types an amount into a money input like a person: click, clear, type. */
export async function typeMoney(page: Page, name: string, text: string): Promise<void> {
  const input = field(page, name);
  await input.click();
  await input.press('Control+a');
  await input.press('Backspace');
  await input.pressSequentially(text, { delay: 20 });
}

/** Opens a Dropdown with the mouse and picks the option with this exact label. */
export async function selectOption(page: Page, name: string, label: string): Promise<void> {
  await page.locator('.p-dropdown', { has: field(page, name) }).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: label, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

/** Picks options of a MultiSelect by their labels, then closes it. */
export async function pickMany(page: Page, name: string, labels: string[]): Promise<void> {
  await page.locator('.p-multiselect', { has: field(page, name) }).click();
  const panel = page.locator('.p-multiselect-panel');
  for (const label of labels) await panel.getByRole('option', { name: label, exact: true }).click();
  // Escape would close the dialog too: the panel's own close button.
  await panel.locator('.p-multiselect-close').click();
  await panel.waitFor({ state: 'detached' });
}

/** Saves the open dialog and waits for it to close. */
export async function saveDialog(page: Page, title: string): Promise<void> {
  const box = dialog(page, title);
  await box.getByRole('button', { name: 'Save' }).click();
  await box.waitFor({ state: 'detached' });
}

/** Waits for a toast containing this text and answers its whole text. */
export async function toast(page: Page, text: string): Promise<string> {
  const message = page.locator('.p-toast-message').filter({ hasText: text }).last();
  await message.waitFor();
  return visibleText(message);
}

/** Clicks a row's Delete and answers the confirmation. */
export async function deleteRow(
  page: Page,
  list: Locator,
  name: string,
  answer: 'Yes' | 'No',
): Promise<void> {
  await list.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.locator('.p-confirm-dialog');
  await confirm.waitFor();
  await confirm.getByRole('button', { name: answer, exact: true }).click();
  await confirm.waitFor({ state: 'detached' });
}
