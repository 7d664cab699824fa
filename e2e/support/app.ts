import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD } from './demo.ts';

/** Where the browser tests save their screenshots (looked at by people, not compared). */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ?? '/tmp/pd-e2e-screenshots';

/** Waits until the router shows the given hash; the error names the hash actually shown. */
export async function waitForHash(page: Page, hash: string, timeout = 20_000): Promise<void> {
  try {
    await page.waitForFunction((expected) => window.location.hash === expected, hash, { timeout });
  } catch {
    throw new Error(
      `Expected the address to end in ${hash}, but it is ${await page.evaluate(() => location.hash)}`,
    );
  }
}

export async function gotoLogin(page: Page): Promise<void> {
  await page.goto('/#/login');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
}

/** Fills the sign-in form like a person does and submits with Enter. */
export async function submitLogin(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Password').press('Enter');
}

/** Signs in through the form and waits for the module home heading. */
export async function signIn(page: Page, username: string, title: string): Promise<void> {
  await gotoLogin(page);
  await submitLogin(page, username);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

/** Names of the entries in the top menu, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Main menu' }).getByRole('menuitem');
  return items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
}

/** The rendered text of the page or an element: what a user sees, hidden elements excluded. */
export function visibleText(target: Page | Locator): Promise<string> {
  const locator = 'goto' in target ? target.locator('body') : target;
  // biome-ignore lint/performance/useDomNodeTextContent: rendered text is the point of these checks
  return locator.innerText();
}

export async function waitForLoginPage(page: Page): Promise<void> {
  await waitForHash(page, '#/login');
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
}

/** Waits until the menubar's keyboard focus (aria-activedescendant) is on the named entry. */
export async function waitForFocusedEntry(page: Page, name: string): Promise<void> {
  const focused = () =>
    page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.getAttribute('aria-label') ?? null) : null;
    });
  try {
    await page.waitForFunction(
      (expected) => {
        const id = document.activeElement?.getAttribute('aria-activedescendant');
        return id ? document.getElementById(id)?.getAttribute('aria-label') === expected : false;
      },
      name,
      { timeout: 5_000 },
    );
  } catch {
    throw new Error(`Expected keyboard focus on the menu entry ${name}, but it is on ${await focused()}`);
  }
}

/**
 * The summary ('Successful', 'Error') of the toast whose text contains `text`, case-sensitively: a stale
 * "Failed to create unpaid notice." must not pass for "Create unpaid notice.".
 */
export async function toastWith(page: Page, text: string): Promise<string> {
  const exactCase = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const toast = page.locator('.p-toast-message', { hasText: exactCase }).first();
  await toast.waitFor();
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered summary is what the user sees
  return (await toast.locator('.p-toast-summary').innerText()).trim();
}

/**
 * Answers the requests matching `url` with a 503 in the error shape until `lift()` is called (the app retries a
 * failed read before it gives up, so a single refusal would not be seen): a list's "could not be loaded" state.
 */
export async function refuseUntilLifted(page: Page, url: string): Promise<{ lift: () => void }> {
  let refusing = true;
  await page.route(url, (route) =>
    refusing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'INTERNAL', message: 'Unavailable.', requestId: 'e2e' }),
        })
      : route.continue(),
  );
  return {
    lift: () => {
      refusing = false;
    },
  };
}
