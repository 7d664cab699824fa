import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { toastWith, visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import { createClient, uniqueWord } from './support/client-records.ts';
import { signInAs } from './support/settings.ts';

/**
 * Phone Calls (issue 17): a call logged from a known number shows the caller's card as it is typed; a
 * message for a colleague waits in the callback queue until the return call closes it.
 */
const suite = useBrowserSuite();
const [ukAdmin, ukAdviser] = signedIn('uk.admin', 'uk.adviser');

/** A client of uk.admin's company with a mobile no other test uses: 07400 xxxxxx. */
async function clientWithOwnMobile(prefix: string) {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const client = await createClient(ukAdmin, uniqueWord(prefix), 'UK');
  await ukAdmin.request('PUT', `/api/client1/${client.id}`, { mobile: `+447400${digits}` });
  return { ...client, national: `07400 ${digits}`, e164: `+447400${digits}` };
}

async function openPhoneCalls(page: Page): Promise<void> {
  await page.getByRole('menuitem', { name: 'Phone Calls' }).click();
  await waitForHash(page, '#/commonPhoneCalls');
  await page.getByRole('heading', { name: 'Phone Calls', level: 1 }).waitFor();
}

describe('Phone Calls', () => {
  it('logs a call from a known number and shows the caller card as the number is typed', async () => {
    const client = await clientWithOwnMobile('Caller');
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openPhoneCalls(page);
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Log a call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log a call' });
    await dialog.locator('#settings-number').fill(client.national);
    const card = dialog.getByTestId('caller-card');
    await card.filter({ hasText: client.name }).waitFor();
    const cardText = await visibleText(card);
    expect(cardText).toContain('Next appointment');
    expect(cardText).toContain('Balance');
    expect(await card.getByRole('link', { name: client.national }).getAttribute('href')).toBe(
      `tel:${client.e164}`,
    );
    await expectNoSeriousViolations(page);
    await dialog.getByLabel('Purpose').fill('Booking enquiry');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(page, 'Call logged.')).toBeTruthy();
    await page.getByTestId('call-log').locator('tbody tr', { hasText: client.name }).first().waitFor();
  });

  it('a callback waits in the queue and the return call closes it', async () => {
    const client = await clientWithOwnMobile('Callback');
    await ukAdmin.request('POST', `/api/call/${ukAdmin.user.companyId}`, {
      number: client.e164,
      clientId: client.id,
      direction: 'in',
      startedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      durationSeconds: 40,
      outcome: 'answered',
      purpose: 'Account query',
      takenForId: ukAdviser.user.id,
      followUpAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await openPhoneCalls(page);
    const queue = page.getByTestId('callback-queue');
    const row = queue.locator('tbody tr', { hasText: client.name });
    await row.waitFor();
    expect(await visibleText(row)).toMatch(/2 h \d+ min/);
    await row.getByRole('button', { name: `Call back ${client.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Call back' });
    expect(await dialog.locator('#settings-number').inputValue()).toBe(client.e164);
    await dialog.getByTestId('caller-card').filter({ hasText: client.name }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await toastWith(page, 'the callback is closed')).toBeTruthy();
    await row.waitFor({ state: 'detached' });
    // The callback task was closed with it.
    const tasks = await ukAdviser.request<{ description: string; status: string; clientId: number }[]>(
      'GET',
      `/api/task/all/${ukAdviser.user.companyId}/client/${client.id}`,
    );
    expect(tasks.map((t) => t.status)).toEqual(['C']);
  });
});
