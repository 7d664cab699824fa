import { describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { gotoLogin, menuEntries, signIn, submitLogin, visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { ALL_AREAS, PRACTICE_AREAS, ROLE_CASES, roleCase } from './support/demo.ts';

const suite = useBrowserSuite();

describe('signing in', () => {
  it.each(ROLE_CASES)('$username lands on $hash with the $variant menu', async (role) => {
    const app = await suite.open();
    const { page } = app;
    await signIn(page, role.username, role.title);

    await waitForHash(page, role.hash);
    const nav = page.getByTestId(`menu-variant-${role.variant}`);
    await nav.waitFor();
    expect(await page.locator('[data-testid^="menu-variant-"]').count()).toBe(1);
    const expectedAreas = role.variant === 'practice' ? PRACTICE_AREAS : ALL_AREAS;
    expect(await menuEntries(page)).toEqual(['Home', ...expectedAreas]);

    const header = await visibleText(page.getByRole('banner'));
    expect(header).toContain(role.displayName);
    expect(header).toContain(role.company);
    expect(await page.title()).toBe(`${role.title} · Practice Desk`);
  });

  it('shows the API message for a wrong password and stays on the sign-in page', async () => {
    const app = await suite.open();
    const { page } = app;
    await gotoLogin(page);
    await submitLogin(page, 'za.admin', 'not-the-password');

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await visibleText(alert)).toContain('Invalid username or password.');
    expect(await page.evaluate(() => location.hash)).toBe('#/login');
    expect(await page.getByRole('navigation', { name: 'Main menu' }).count()).toBe(0);
    // The password is cleared for the next try; the username is kept.
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(await page.getByLabel('Username').inputValue()).toBe('za.admin');
  });

  it('asks for both fields before calling the API', async () => {
    const app = await suite.open();
    const { page } = app;
    await gotoLogin(page);
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Field is required.').first().waitFor();
    expect(await page.getByText('Field is required.').count()).toBe(2);
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(loginCalls).toBe(0);
  });

  it('disables the form while the sign-in is in flight', async () => {
    const app = await suite.open();
    const { page } = app;
    await gotoLogin(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/login', async (route) => {
      await held;
      await route.continue();
    });
    await submitLogin(page, 'za.admin');
    await page.getByRole('button', { name: 'Signing in…' }).waitFor();
    expect(await page.getByLabel('Username').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Signing in…' }).isDisabled()).toBe(true);
    release();
    await page.getByRole('heading', { name: 'Practice overview', level: 1 }).waitFor();
  });

  it.each([
    {
      username: 'za.admin',
      type: 'Healthcare practice',
      country: 'South Africa',
      zone: 'Africa/Johannesburg',
    },
    { username: 'uk.admin', type: 'Financial adviser', country: 'United Kingdom', zone: 'Europe/London' },
  ])('shows $username the company and its figures on the module home', async (expected) => {
    const app = await suite.open();
    const { page } = app;
    const role = roleCase(expected.username);
    await signIn(page, role.username, role.title);

    const company = await visibleText(page.getByTestId('company-details'));
    for (const text of [role.company, expected.type, expected.country, expected.zone]) {
      expect(company).toContain(text);
    }
    const summary = await (await ApiClient.signIn(role.username)).summary();
    await page.getByTestId('company-summary').waitFor();
    const figures = await visibleText(page.getByTestId('company-summary'));
    const figure = (label: string) => figures.match(new RegExp(`${label}\\s+(\\d+)`))?.[1];
    expect(figure('Active clients')).toBe(String(summary.clientsByStatus.A));
    expect(figure('Inactive clients')).toBe(String(summary.clientsByStatus.I));
    expect(figure('Pending clients')).toBe(String(summary.clientsByStatus.P));
    expect(figure('Users')).toBe(String(summary.userCount));

    const otherCompany = roleCase(role.username === 'za.admin' ? 'uk.admin' : 'za.admin').company;
    expect(await visibleText(page)).not.toContain(otherCompany);
  });
});
