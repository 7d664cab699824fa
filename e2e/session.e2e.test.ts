import { describe, expect, it } from 'vitest';
import { signIn, visibleText, waitForHash, waitForLoginPage } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { roleCase } from './support/demo.ts';

const suite = useBrowserSuite();

describe('session', () => {
  it('survives a reload, showing a loading state while it is checked', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.admin');
    await signIn(page, role.username, role.title);
    await page.getByRole('menuitem', { name: 'Clients' }).click();
    await waitForHash(page, '#/commonClients');

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/ping', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('status').getByText('Checking your session…').waitFor();
    expect(await visibleText(page)).not.toContain(role.displayName);
    release();

    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    expect(await page.evaluate(() => location.hash)).toBe('#/commonClients');
    expect(await visibleText(page.getByRole('banner'))).toContain(role.displayName);
  });

  it('sign-out goes to sign-in; back, reload and a direct address show nothing of the user', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.admin');
    await signIn(page, role.username, role.title);
    await page.getByRole('menuitem', { name: 'Clients' }).click();
    await waitForHash(page, '#/commonClients');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForLoginPage(page);
    expect(await visibleText(page.getByRole('status'))).toContain('You have signed out.');
    const forgotten = async () => {
      const text = await visibleText(page);
      expect(text).not.toContain(role.displayName);
      expect(text).not.toContain(role.company);
    };
    await forgotten();
    // The server session is gone too, and the app left nothing in web storage.
    expect(await page.evaluate(async () => (await fetch('/api/auth/ping')).status)).toBe(401);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

    await page.goBack();
    await waitForLoginPage(page);
    await forgotten();

    await page.reload();
    await waitForLoginPage(page);
    await forgotten();

    await page.goto('/#/pmOverviewHome');
    await waitForLoginPage(page);
    await forgotten();
  });

  it('a failed user lookup on reload goes to sign-in', async () => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase('za.reception');
    await signIn(page, role.username, role.title);
    await page.route('**/api/user/*', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOT_FOUND', message: 'User not found.', requestId: 'test' }),
      }),
    );
    await page.reload();
    await waitForLoginPage(page);
    expect(await visibleText(page)).not.toContain(role.displayName);
  });

  it('without a session, any signed-in address goes to sign-in', async () => {
    const app = await suite.open();
    const { page } = app;
    for (const hash of ['#/pmOverviewHome', '#/commonClients', '#/no-such-page', '#/']) {
      await page.goto(`/${hash}`);
      await waitForLoginPage(page);
      expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    }
  });

  it('after sign-out, the next user sees only their own company', async () => {
    const app = await suite.open();
    const { page } = app;
    const first = roleCase('za.admin');
    const second = roleCase('uk.admin');
    await signIn(page, first.username, first.title);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await waitForLoginPage(page);

    await signIn(page, second.username, second.title);
    await page.getByTestId('company-summary').waitFor();
    await waitForHash(page, second.hash);
    const text = await visibleText(page);
    expect(text).toContain(second.displayName);
    expect(text).toContain(second.company);
    expect(text).not.toContain(first.displayName);
    expect(text).not.toContain(first.company);
  });
});
