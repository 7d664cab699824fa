import type { Page, Route } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, revokeToken } from './support/api.ts';
import { gotoLogin, signIn, submitLogin, visibleText, waitForLoginPage } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { roleCase } from './support/demo.ts';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const user = roleCase('za.user');

let admin: ApiClient;
let userId: number;

const suite = useBrowserSuite(async () => {
  admin = await ApiClient.signIn('za.admin');
  userId = await admin.userId(user.username);
});
afterEach(async () => {
  // Whatever a test did, za.user is active again for the next one.
  await admin.setActive(userId, true);
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
    const app = await suite.open();
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
    const app = await suite.open();
    const { page } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    await admin.setActive(userId, false);

    await page.reload();
    await waitForLoginPage(page);
    expect(await visibleText(page)).not.toContain(user.displayName);
  });

  it('deactivation: the minute-by-minute check goes to sign-in without any action', async () => {
    const app = await suite.open();
    const { page } = app;
    await page.clock.install();
    await signIn(page, user.username, user.title);
    await app.networkIdle(); // the session check made on arrival has finished
    await admin.setActive(userId, false);

    await page.clock.runFor(61_000);
    await expectSentToSignIn(page);
  });

  it('a refused ping when the window regains focus goes to sign-in', async () => {
    const app = await suite.open();
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
    const app = await suite.open();
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
    const app = await suite.open();
    const { page } = app;
    await gotoLogin(page);
    expect(await page.getByRole('status').count()).toBe(0);
  });

  it('idle: a minute before the end a banner offers Stay signed in, which keeps the session', async () => {
    const app = await suite.open();
    const { page } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle();
    const activity: boolean[] = [];
    // The app's own checks hear that 45 seconds are left; other requests reach the server unchanged.
    await page.route('**/api/auth/ping', async (route: Route) => {
      const background = route.request().headers()['x-pd-background'] === '1';
      activity.push(!background);
      if (!background) return route.continue();
      const real = await route.fetch();
      return route.fulfill({ response: real, json: { ...(await real.json()), idleSecondsLeft: 45 } });
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const banner = page.getByTestId('idle-warning');
    await banner.waitFor();
    expect(await visibleText(banner)).toMatch(/signed out in 4\d seconds/);

    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(activity.at(-1)).toBe(true); // "Stay signed in" is a request that counts as activity
    expect(activity.slice(0, -1).every((counts) => !counts)).toBe(true); // the checks never do
  });

  it('idle: at the end the app signs out by itself', async () => {
    const app = await suite.open();
    const { page } = app;
    await signIn(page, user.username, user.title);
    await app.networkIdle();
    const endsAt = Date.now() + 4000;
    // The server's view of an idle session: seconds counting down, then refused.
    await page.route('**/api/auth/ping', async (route: Route) => {
      const left = Math.ceil((endsAt - Date.now()) / 1000);
      if (left <= 0) return route.fulfill(refusal);
      const real = await route.fetch();
      return route.fulfill({ response: real, json: { ...(await real.json()), idleSecondsLeft: left } });
    });
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByTestId('idle-warning').waitFor();
    await expectSentToSignIn(page);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt);
  });
});

const refusal = {
  status: 401,
  contentType: 'application/json',
  body: JSON.stringify({ code: 'UNAUTHENTICATED', message: 'Sign in first.', requestId: 'test' }),
};
