import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  clientsAddress,
  createClient,
  recordRequests,
  screenshot,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import {
  type BulkPreview,
  bulkPreview,
  centsShown,
  clientField,
  countShown,
  credit,
  ensureCredit,
  firstOf,
  lastLedgerId,
  ledgerSince,
  outbox,
  sent,
  setSmsSettings,
  TEXT,
  waitForSettled,
} from './support/messaging.ts';

const suite = useBrowserSuite();
const [zaAdmin, ukAdmin] = signedIn('za.admin', 'uk.admin');

const message = (page: Page) => clientField(page, 'message');
const sendBulk = (page: Page) => page.getByRole('button', { name: 'Send Bulk SMS', exact: true });
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: 'Send Bulk SMS?' });

/** Signs in, opens the client list and the panel with the toolbar's Bulk SMS button. */
async function openBulkSms(page: Page, username: string): Promise<void> {
  await signInAs(page, username);
  await page.goto('/#/commonClients');
  await page.getByRole('heading', { name: 'Manage Clients', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Bulk SMS', exact: true }).click();
  await waitForHash(page, clientsAddress(24));
  await page.getByRole('heading', { name: 'Bulk SMS', level: 2 }).waitFor();
}

/** The figures the panel shows once the preview for the current text has arrived. */
async function shownFigures(page: Page): Promise<BulkPreview> {
  const figures = page.getByTestId('bulk-preview');
  await figures.and(page.locator('[aria-busy="false"]')).waitFor();
  return {
    recipients: await countShown(page.getByTestId('bulk-recipients')),
    skipped: await countShown(page.getByTestId('bulk-skipped')),
    segmentsPerMessage: await countShown(page.getByTestId('bulk-segments')),
    costCents: await centsShown(page.getByTestId('bulk-cost')),
    balanceCents: await centsShown(page.getByTestId('bulk-balance')),
  };
}

/** Types like a person (one key at a time, at the end) and waits for the figures of the whole text. */
async function typeMessage(page: Page, text: string): Promise<BulkPreview> {
  const final = `${await message(page).inputValue()}${text}`.trim();
  const answered = page.waitForResponse(
    (r) => r.url().includes('/bulksms/preview') && new URL(r.url()).searchParams.get('message') === final,
  );
  await message(page).focus();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text, { delay: 15 });
  await answered;
  return shownFigures(page);
}

describe('Bulk SMS (tab 24)', () => {
  it('za.admin: the figures before sending are the server preview, debounced while typing, and follow the clients', async () => {
    await ensureCredit(zaAdmin, 1_000);
    // Earlier messages are refunded as the worker settles them; wait, so the balance stays put.
    await waitForSettled(zaAdmin);
    const app = await suite.open();
    const { page } = app;
    await openBulkSms(page, 'za.admin');
    await page.getByTestId('bulk-preview-hint').waitFor();

    // Empty message: refused on the field, nothing sent.
    const posts = recordRequests(page, 'POST', /\/bulksms$/);
    await sendBulk(page).click();
    expect(await visibleText(page.getByTestId('message-error'))).toBe(TEXT.required);
    expect(posts).toHaveLength(0);

    const previews = recordRequests(page, 'GET', /\/bulksms\/preview\?/);
    const text = uniqueWord('Practice closed on Friday ');
    const shown = await typeMessage(page, text);
    // One question per pause, not per key.
    expect(previews.length).toBeGreaterThan(0);
    expect(previews.length).toBeLessThan(text.length / 3);
    const expected = await bulkPreview(zaAdmin, text);
    const account = await credit(zaAdmin);
    expect(shown).toEqual(expected);
    expect(expected.recipients).toBeGreaterThan(0);
    expect(expected.segmentsPerMessage).toBe(1);
    expect(shown.costCents).toBe(expected.recipients * account.segmentPriceCents);
    expect(shown.balanceCents).toBe(account.balanceCents);
    await screenshot(page, 'messaging-bulk-preview');

    // A new active client with a mobile and commStatus Y is reached; one with commStatus N is not.
    await createClient(zaAdmin, uniqueWord('Reached'), 'ZA');
    const more = await typeMessage(page, '!');
    expect(more.recipients).toBe(shown.recipients + 1);
    await zaAdmin.request('POST', `/api/client1/${zaAdmin.user.companyId}`, {
      type: 'N',
      firstName: uniqueWord('Optout'),
      lastName: 'Records',
      preferredName: 'Optout',
      email: 'optout@example.com',
      gender: 'F',
      commStatus: 'N',
      addressCountry: 'ZA',
      address1: '1 Test Street',
      mobile: '+27821234567',
      addressRegion: 'Rosebank',
      addressState: 'Gauteng',
      addressPostalCode: '2196',
    });
    const same = await typeMessage(page, '?');
    expect(same.recipients).toBe(more.recipients);

    // A message of two parts costs twice as much per client.
    await message(page).fill('');
    const long = await typeMessage(page, `${'Long '.repeat(32)}x`);
    expect(long.segmentsPerMessage).toBe(2);
    expect(long.costCents).toBe(2 * long.recipients * account.segmentPriceCents);
    expect(posts).toHaveLength(0);
  });

  it('za.admin: confirmed send, double click included, is charged once and queues one SMS per client; back to tab 1', async () => {
    const text = uniqueWord('Flu vaccines are in ');
    const preview = await bulkPreview(zaAdmin, text);
    await ensureCredit(zaAdmin, preview.costCents + 1_000);
    await waitForSettled(zaAdmin);
    const since = await lastLedgerId(zaAdmin);
    const app = await suite.open();
    const { page } = app;
    await openBulkSms(page, 'za.admin');
    const shown = await typeMessage(page, text);
    const before = await credit(zaAdmin);
    expect(shown.balanceCents).toBe(before.balanceCents);

    const posts = recordRequests(page, 'POST', /\/bulksms$/);
    await sendBulk(page).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    const summary = await visibleText(page.getByTestId('bulk-confirm-text'));
    expect(summary).toContain(`goes to ${shown.recipients.toLocaleString('en-GB')} client`);
    await screenshot(page, 'messaging-bulk-confirm');
    await dialog.getByRole('button', { name: 'Send now' }).dblclick();
    expect(await toastWith(page, TEXT.bulkDone)).toBe('Successful');
    await waitForHash(page, clientsAddress(1));

    // However many requests left the suite.browser, they were one submission with one key.
    expect(posts.length).toBeGreaterThanOrEqual(1);
    const keys = new Set(posts.map((p) => sent(p).key));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent(firstOf(posts)).body).toEqual({ message: text });

    // One bulk send: one debit of its whole cost (without a provider the worker refunds them later).
    const debits = (await ledgerSince(zaAdmin, since)).filter((e) => e.kind === 'debit');
    expect(debits).toEqual([expect.objectContaining({ amountCents: -shown.costCents })]);
    const bulkSendId = firstOf(debits).bulkSendId;
    expect(bulkSendId).not.toBeNull();
    const queued = await outbox(zaAdmin, { bulkSendId: String(bulkSendId) });
    expect(queued.totalElements).toBe(shown.recipients);
    expect(queued.content.every((m) => m.channel === 'sms' && m.content === text)).toBe(true);
    expect((await outbox(zaAdmin, { channel: 'sms' })).content.filter((m) => m.content === text).length).toBe(
      Math.min(shown.recipients, 100),
    );
  });

  it('za.admin: credit that runs short after the preview: the failure names the shortfall, nothing is charged, back to tab 1', async () => {
    await ensureCredit(zaAdmin, 1_000);
    await waitForSettled(zaAdmin);
    const account = await credit(zaAdmin);
    const since = await lastLedgerId(zaAdmin);
    const text = uniqueWord('Holiday hours ');
    const app = await suite.open();
    const { page } = app;
    await openBulkSms(page, 'za.admin');
    const shown = await typeMessage(page, text);
    expect(await sendBulk(page).isEnabled()).toBe(true);
    await sendBulk(page).click();
    await confirmDialog(page).waitFor();

    const price = Math.ceil((account.balanceCents + 1) / shown.recipients);
    if (price > 100_000)
      throw new Error(`The ZA balance (${account.balanceCents}) is too high for this test`);
    try {
      await setSmsSettings(zaAdmin, { dailyCap: account.dailyCap, segmentPriceCents: price });
      await confirmDialog(page).getByRole('button', { name: 'Send now' }).click();
      const toast = page.locator('.p-toast-message', { hasText: TEXT.bulkFailed });
      await toast.waitFor();
      expect(await visibleText(toast.locator('.p-toast-summary'))).toBe('Error');
      expect(await visibleText(toast)).toMatch(/short/i);
      await waitForHash(page, clientsAddress(1));
      await screenshot(page, 'messaging-bulk-short');
      expect((await ledgerSince(zaAdmin, since)).filter((e) => e.kind === 'debit')).toEqual([]);
      expect((await credit(zaAdmin)).balanceCents).toBe(account.balanceCents);
      expect(
        (await outbox(zaAdmin, { channel: 'sms' })).content.filter((m) => m.content === text),
      ).toHaveLength(0);

      // Opened again with the new price: the preview shows the shortfall and Send is disabled.
      await page.getByRole('button', { name: 'Bulk SMS', exact: true }).click();
      await waitForHash(page, clientsAddress(24));
      await typeMessage(page, text);
      await page.getByTestId('bulk-short').waitFor();
      expect(await visibleText(page.getByTestId('bulk-short'))).toContain('Not enough SMS credit');
      expect(await sendBulk(page).isDisabled()).toBe(true);
    } finally {
      await setSmsSettings(zaAdmin, {
        dailyCap: account.dailyCap,
        segmentPriceCents: account.segmentPriceCents,
      });
    }
  });

  it('uk.adviser (UK, type F): the figures are in pounds and reach only UK clients', async () => {
    const app = await suite.open();
    const { page } = app;
    await openBulkSms(page, 'uk.adviser');
    const text = uniqueWord('Annual review season ');
    const shown = await typeMessage(page, text);
    expect(shown).toEqual(await bulkPreview(ukAdmin, text));
    expect(await visibleText(page.getByTestId('bulk-cost'))).toContain('£');
    expect(await visibleText(page.getByTestId('bulk-balance'))).toContain('£');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, clientsAddress(1));
  });
});
