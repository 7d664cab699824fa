import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { useBrowserSuite } from './support/browser.ts';
import { expectNoSeriousViolations, recordHash, waitForRecord } from './support/client-record.ts';
import { createClient, type MadeClient, screenshot, signInAs, uniqueWord } from './support/client-records.ts';
import { waitForSettled } from './support/messaging.ts';

let admin: ApiClient; // uk.admin: the London company, so times show in Europe/London
let client: MadeClient;
const started = new Date(Date.now() - 2 * 3600_000); // the call, two hours ago: the oldest of the three
const NOTE = 'Timeline note: asked about the plan';
const CALL_PURPOSE = 'Rang about the renewal';
const SUBJECT = 'Your renewal papers';

/** The entries shown, top to bottom, as "<kind label> <title>" (without the status after it). */
const shown = async (page: Page) =>
  (await page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').allInnerTexts()).map((t) =>
    (t.split('\n')[0] ?? '').replace(/\s*\([^)]*\)$/, '').trim(),
  );

const suite = useBrowserSuite(async () => {
  admin = await ApiClient.signIn('uk.admin');
  client = await createClient(admin, uniqueWord('Timeline'), 'UK');
  const c = admin.user.companyId;
  // More than a page (20) before the note and the e-mail, so the call (the oldest) needs "Load more".
  for (let i = 1; i <= 20; i++) {
    await admin.request('POST', `/api/client1/${client.id}/audittrail`, {
      auditTrailSubProcess: 'Client Management',
      auditTrailDescription: `Checked item ${i}`,
    });
  }
  await admin.request('POST', `/api/call/${c}`, {
    number: '+447911123456',
    clientId: client.id,
    direction: 'in',
    startedAt: started.toISOString(),
    durationSeconds: 180,
    outcome: 'answered',
    purpose: CALL_PURPOSE,
  });
  await admin.request('POST', `/api/note1/client/${client.id}`, {
    subject: NOTE,
    description: '<p>Wants the <strong>annual</strong> option.</p>',
  });
  await admin.request('POST', `/api/client1/${client.id}/email`, {
    companyId: c,
    userId: admin.user.id,
    emailSubject: SUBJECT,
    emailMessage: 'Please find them attached.',
  });
  // The e-mail goes through the delivery worker: settled here, before any test looks.
  await waitForSettled(admin);
});

describe('client timeline', () => {
  it('shows the client’s notes, calls and messages newest first, filters by kind, at 390 px and by keyboard', async () => {
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await page.goto(`/${recordHash(client.id, 'timeline')}`);
    await waitForRecord(page, client.name);
    await page.getByRole('list', { name: 'Timeline' }).waitFor();

    // Every kind, a page at a time: the call is on the second page.
    const list = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
    await expect.poll(() => list.count()).toBe(20);
    expect(await shown(page)).not.toContain('Call Incoming call');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list.count()).toBeGreaterThan(20);
    const all = await shown(page);
    const texts = await list.allTextContents();
    expect(new Set(texts).size).toBe(texts.length);
    const order = [`E-mail ${SUBJECT}`, `Note ${NOTE}`, 'Call Incoming call'].map((line) =>
      all.indexOf(line),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(all.some((line) => line?.startsWith('Audit'))).toBe(true);

    // Only notes, calls and e-mails: the chips, pressed from the keyboard.
    for (const name of ['Notes', 'Calls', 'E-mails']) {
      const chip = page.getByRole('button', { name, exact: true });
      await chip.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    }
    await expect.poll(() => shown(page)).toEqual([`E-mail ${SUBJECT}`, `Note ${NOTE}`, 'Call Incoming call']);
    const call = page.getByRole('listitem').filter({ hasText: 'Incoming call' });
    // Rich text is shown as its words; the time is the company's (London) wall clock.
    expect(await page.getByRole('listitem').filter({ hasText: NOTE }).textContent()).toContain(
      'Wants the annual option.',
    );
    const london = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(started);
    expect(await call.locator('time').textContent()).toContain(london);
    expect(await call.textContent()).toContain(CALL_PURPOSE);

    // The entry opens its section of the record.
    await page.getByRole('link', { name: NOTE }).click();
    await expect.poll(() => page.url()).toContain('section=notes');
    await page.goBack();
    await page.getByRole('list', { name: 'Timeline' }).waitFor();

    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The client has no SMS: the empty state says so.
    // Only SMS (the chips chosen before may still be pressed: the record page can keep its state).
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('button', { name: 'SMS', exact: true }).click();
    await page.getByTestId('timeline-empty').getByText('Nothing of the chosen kinds.').waitFor();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('list', { name: 'Timeline' }).waitFor();
    await expectNoSeriousViolations(page, '.record-section');
    await screenshot(page, 'client-timeline-390');
  });
});
