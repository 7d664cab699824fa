import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  clientsAddress,
  createClient,
  gotoPanel,
  panelHeading,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import { clientField, ensureCredit, outbox, waitForSettled } from './support/messaging.ts';

// Issue 13 point 9. The browser-test server has no SMTP_URL and no SMS provider: nothing is delivered.
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

const NOT_DELIVERED_SMS =
  'Sent SMS. It is queued in the outbox but will not be delivered: no SMS provider is configured.';
const NOT_DELIVERED_EMAIL =
  'Sent email. It is queued in the outbox but will not be delivered: no e-mail provider is configured.';

/** The toast's full text, once it shows `start`. */
async function toastText(page: Page, start: string): Promise<string> {
  await toastWith(page, start);
  const toast = page.locator('.p-toast-message', { hasText: start }).first();
  return ((await toast.locator('.p-toast-detail').textContent()) ?? '').trim();
}

describe('sends without a provider say they were not delivered (issue 13)', () => {
  it('an SMS: the spec’s success first, then queued and not delivered; the outbox agrees', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Undelivered'), 'ZA');
    await ensureCredit(zaAdmin, 10_000);
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await gotoPanel(page, 14, client.id);
    await panelHeading(page, `Send SMS: ${client.name}`).waitFor();
    await clientField(page, 'smsMessage').fill(uniqueWord('Your review is booked '));
    await page.getByRole('button', { name: 'Send SMS', exact: true }).click();
    expect(await toastWith(page, NOT_DELIVERED_SMS)).toBe('Successful');
    expect(await toastText(page, 'Sent SMS.')).toBe(NOT_DELIVERED_SMS);
    await waitForHash(page, clientsAddress(1));
    await waitForSettled(zaAdmin);
    const stored = (await outbox(zaAdmin, { channel: 'sms' })).content.filter(
      (m) => m.clientId === client.id,
    );
    expect(stored.map((m) => [m.status, m.transport])).toEqual([['failed', 'outbox']]);
  });

  it('an e-mail says the same for e-mail', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Unmailed'), 'ZA');
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await gotoPanel(page, 13, client.id);
    await panelHeading(page, `Send e-mail: ${client.name}`).waitFor();
    await clientField(page, 'emailSubject').fill('Your appointment');
    await page.getByRole('button', { name: 'Send e-mail', exact: true }).click();
    expect(await toastText(page, 'Sent email.')).toBe(NOT_DELIVERED_EMAIL);
  });
});
