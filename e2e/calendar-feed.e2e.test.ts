import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { openDiaryTab, startDiarySettings, DIARY_TOASTS as T } from './support/diary-settings.ts';
import * as settings from './support/settings.ts';

const suite = useBrowserSuite();
const [zaEvolve] = signedIn('za.evolve');

describe('settings: my calendar feed', () => {
  it('a practitioner makes the secret address, which serves text/calendar, and revokes it (then 410; revoking again 404)', async () => {
    // Sipho Ndlovu (za.evolve) is a practitioner of the demo practice without rights A.
    await zaEvolve.request('DELETE', '/api/appointment/calendar-feed').catch(() => {});
    const app = await suite.open();
    const { page } = app;
    await startDiarySettings(page, 'za.evolve');
    const section = await openDiaryTab(page, 'feed');
    const state = page.getByTestId('calendar-feed-state');
    expect(await visibleText(state)).toBe('You have no calendar feed.');
    await settings.expectNoSeriousViolations(page);

    await section.getByRole('button', { name: 'Create calendar feed' }).click();
    expect(await settings.toast(page, T.feedCreated)).toContain(T.feedCreated);
    const address = page.getByLabel('Feed address (shown only now)');
    const url = await address.inputValue();
    expect(url).toMatch(/^https?:\/\/.+\/api\/appointment\/ics\/[A-Za-z0-9_-]{20,}$/);
    await page.getByText(/Your calendar feed is active/).waitFor();
    expect(await zaEvolve.request('GET', '/api/appointment/calendar-feed')).toMatchObject({ active: true });
    await settings.screenshot(page, 'settings-calendar-feed');
    await settings.expectNoSeriousViolations(page);

    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    // After a reload the address is no longer shown; the feed is still active.
    await page.reload();
    await openDiaryTab(page, 'feed');
    await page.getByText(/Your calendar feed is active/).waitFor();
    expect(await address.count()).toBe(0);

    await section.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.locator('.p-confirm-dialog');
    await confirm.getByRole('button', { name: 'Yes', exact: true }).click();
    await settings.toast(page, T.feedRevoked);
    await page.getByText('You have no calendar feed.').waitFor();
    expect(await zaEvolve.request('GET', '/api/appointment/calendar-feed')).toMatchObject({ active: false });
    // The revoked address is gone (410), and there is no feed left to revoke (404).
    expect((await fetch(url)).status).toBe(410);
    await expect(zaEvolve.request('DELETE', '/api/appointment/calendar-feed')).rejects.toThrow(/ 404 /);
  });

  it('a user who is no practitioner is told so and offered no feed', async () => {
    const app = await suite.open();
    const { page } = app;
    await startDiarySettings(page, 'za.reception');
    const section = await openDiaryTab(page, 'feed');
    expect(await visibleText(page.getByTestId('calendar-feed-not-practitioner'))).toContain(
      'Only practitioners have a calendar feed.',
    );
    expect(await section.getByRole('button', { name: 'Create calendar feed' }).count()).toBe(0);
    await settings.expectNoSeriousViolations(page);
  });
});
