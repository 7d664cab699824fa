import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, revokeToken } from './support/api.ts';
import { gotoLogin, signIn, submitLogin, visibleText, waitForLoginPage } from './support/app.ts';
import { type AppPage, launchBrowser, openApp } from './support/browser.ts';
import { roleCase } from './support/demo.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const user = roleCase('za.user');

let browser: Browser;
let app: AppPage;
let admin: ApiClient;
let userId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await ApiClient.signIn('za.admin');
  userId = await admin.userId(user.username);
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  // Whatever a test did, za.user is active again for the next one.
  await admin.setActive(userId, true);
  expect(app.problems).toEqual([]);
  await app.context.close();
});

/** The user is on the sign-in page, told why, and nothing of theirs is shown. */
async function expectSentToSignIn(page: Page): Promise<void> {
  await waitForLoginPage(page);
  expect(await visibleText(page.getByRole('status'))).toContain(SESSION_ENDED);
  const text = await visibleText(page);
  expect(text).not.toContain(user.displayName);
  expect(text).not.toContain(user.company);
}

describe('a session that ends while the app is open', () => {
  it('deactivation: the next navigation goes to sign-in, and signing in again is refused', async () => {
    app = await openApp(browser);
    const { page } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    await admin.setActive(userId, false);

    await page.getByRole('menuitem', { name: 'Clients' }).click();
    await expectSentToSignIn(page);

    await submitLogin(page, user.username);
    await page.getByRole('alert').waitFor();
    expect(await visibleText(page.getByRole('alert'))).toContain('Invalid username or password.');
  });

  it('deactivation: a reload goes to sign-in', async () => {
    app = await openApp(browser);
    const { page } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    await admin.setActive(userId, false);

    await page.reload();
    await waitForLoginPage(page);
    expect(await visibleText(page)).not.toContain(user.displayName);
  });

  it('deactivation: the minute-by-minute check goes to sign-in without any action', async () => {
    app = await openApp(browser);
    const { page } = app;
    await page.clock.install();
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    await admin.setActive(userId, false);

    await page.clock.runFor(61_000);
    await expectSentToSignIn(page);
  });

  it('a refused ping when the window regains focus goes to sign-in', async () => {
    app = await openApp(browser);
    const { page } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    await page.route('**/api/auth/ping', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Sign in first.', requestId: 'test' }),
      }),
    );
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectSentToSignIn(page);
  });

  it('a session revoked on the server goes to sign-in on the next navigation', async () => {
    app = await openApp(browser);
    const { page, context } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    const cookie = (await context.cookies()).find((c) => c.name === 'pd_session');
    expect(cookie?.httpOnly).toBe(true);
    await revokeToken(cookie?.value ?? '');

    await page.getByRole('menuitem', { name: 'Reminders' }).click();
    await expectSentToSignIn(page);
  });

  it('a fresh visit after the session ended shows the plain sign-in page', async () => {
    app = await openApp(browser);
    const { page } = app;
    await gotoLogin(page);
    expect(await page.getByRole('status').count()).toBe(0);
  });
});
