import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  type ApiClient,
  createClient,
  recordRequests,
  screenshot,
  signInAs,
  tableRows,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import {
  centsShown,
  companyAudit,
  credit,
  ensureCredit,
  firstOf,
  ledger,
  outbox,
  sent,
  setSmsSettings,
  TEXT,
  todayIn,
} from './support/messaging.ts';
import { expectNoSeriousViolations } from './support/settings.ts';

const suite = useBrowserSuite();
const [zaAdmin, ukAdmin] = signedIn('za.admin', 'uk.admin');

const header = (page: Page) => page.getByRole('banner');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search', exact: true });
const auditRows = async (page: Page) => {
  await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
  return tableRows(page, 'Audit trail');
};

function addAudit(api: ApiClient, clientId: number, description: string) {
  return api.request('POST', `/api/client1/${clientId}/audittrail`, {
    auditTrailSubProcess: 'Client Management',
    auditTrailDescription: description,
  });
}

describe('Audit trail page (#/audit)', () => {
  it('za.admin: reached from the header; search, date range, server-side pages and the link to the client', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Trail'), 'ZA');
    const word = uniqueWord('needle');
    // 21 entries: one more than a page.
    for (let i = 1; i <= 21; i++) await addAudit(zaAdmin, client.id, `${word} entry ${i}`);

    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await header(page).getByRole('link', { name: 'Audit trail' }).click();
    await waitForHash(page, '#/audit');
    await page.getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor();
    await page.getByTestId('audit-total').filter({ hasNotText: 'Loading' }).waitFor();
    await expectNoSeriousViolations(page);

    const calls = recordRequests(page, 'GET', /\/api\/audit\/company\/\d+\?/);
    // Spec section 7: searches send the lowercased text.
    const searched = page.waitForRequest(
      (r) => /\/api\/audit\/company\/\d+\?/.test(r.url()) && new URL(r.url()).searchParams.has('search'),
    );
    await searchBox(page).fill(word.toUpperCase());
    await searchBox(page).press('Enter');
    expect(new URL((await searched).url()).searchParams.get('search')).toBe(word.toLowerCase());
    await page.getByTestId('audit-total').filter({ hasText: '21 entries' }).waitFor();
    let rows = await auditRows(page);
    expect(rows).toHaveLength(20);
    // Newest first.
    expect(rows[0]).toMatchObject({
      Who: 'Thandi Mokoena',
      Client: client.name,
      'Sub-process': 'Client Management',
    });
    expect(rows[0]?.Description).toBe(`${word} entry 21`);
    await screenshot(page, 'messaging-audit-page');

    await page.getByRole('button', { name: /Next Page/i }).click();
    await page.getByRole('cell', { name: `${word} entry 1`, exact: true }).waitFor();
    rows = await auditRows(page);
    expect(rows.map((r) => r.Description)).toEqual([`${word} entry 1`]);
    const paged = new URL(calls.at(-1)?.url() ?? '').searchParams;
    expect([paged.get('page'), paged.get('size')]).toEqual(['2', '20']);

    // Date range: today holds them; from tomorrow holds none.
    const zone = 'Africa/Johannesburg';
    await page.goto(`/#/audit?search=${word}&start=${todayIn(zone)}&end=${todayIn(zone)}`);
    await page.getByTestId('audit-total').filter({ hasText: '21 entries' }).waitFor();
    expect(await page.locator('#audit-start').inputValue()).toBe(todayIn(zone));
    await page.goto(`/#/audit?search=${word}&start=${todayIn(zone, 1)}`);
    await page.getByTestId('audit-empty').filter({ hasText: TEXT.noAudit }).waitFor();
    expect(await visibleText(page.getByTestId('audit-total'))).toBe('0 entries');
    // Typing the end date in its box narrows the list as well.
    await page.goto(`/#/audit?search=${word}`);
    await page.getByTestId('audit-total').filter({ hasText: '21 entries' }).waitFor();
    await page.locator('#audit-end').fill(todayIn(zone, -1));
    await page.locator('#audit-end').press('Enter');
    await page.getByTestId('audit-total').filter({ hasText: '0 entries' }).waitFor();
    expect(new URL(calls.at(-1)?.url() ?? '').searchParams.get('end')).toBe(todayIn(zone, -1));

    await page.getByRole('button', { name: 'Clear' }).click();
    await searchBox(page).fill(word);
    await searchBox(page).press('Enter');
    await page.getByTestId('audit-total').filter({ hasText: '21 entries' }).waitFor();
    await page
      .getByRole('link', { name: `Open client ${client.name}` })
      .first()
      .click();
    // Issue 13: the client's record page.
    await waitForHash(page, `#/client/${client.id}`);
  });

  it('uk.admin sees only the UK company; za.reception and uk.adviser are refused, with no header entry', async () => {
    const ukClient = await createClient(ukAdmin, uniqueWord('Uktrail'), 'UK');
    const word = uniqueWord('ukonly');
    await addAudit(ukAdmin, ukClient.id, word);
    expect((await companyAudit(zaAdmin, { search: word })).totalElements).toBe(0);

    const app = await suite.open();
    let { page } = app;
    await signInAs(page, 'uk.admin');
    await page.goto(`/#/audit?search=${word}`);
    await page.getByTestId('audit-total').filter({ hasText: '1 entry' }).waitFor();
    await app.context.close();

    for (const username of ['za.reception', 'uk.adviser']) {
      const app = await suite.open();
      page = app.page;
      await signInAs(page, username);
      expect(await header(page).getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
      expect(await header(page).getByRole('link', { name: 'Outbox' }).count()).toBe(0);
      const audits = recordRequests(page, 'GET', /\/api\/(audit|message1)\//);
      for (const [route, title] of [
        ['/audit', 'Audit trail'],
        ['/outbox', 'Outbox'],
      ]) {
        await page.goto(`/#${route}`);
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        expect(await visibleText(page.getByTestId('not-allowed'))).toContain('Not allowed');
      }
      expect(audits).toHaveLength(0);
      if (username === 'za.reception') await screenshot(page, 'messaging-not-allowed');
      if (username !== 'uk.adviser') await app.context.close();
    }
  });
});

describe('Outbox page (#/outbox)', () => {
  it('za.admin: every message with its status; without a provider the banner and each row say "not delivered"', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Outbox'), 'ZA');
    await ensureCredit(zaAdmin, 1_000);
    const text = uniqueWord('Your results are ready ');
    const message = await zaAdmin.request<{ id: number; costCents: number }>(
      'POST',
      `/api/client1/${client.id}/sms`,
      { companyId: zaAdmin.user.companyId, userId: zaAdmin.user.id, smsMessage: text },
    );
    const subject = uniqueWord('Receipt ');
    await zaAdmin.request('POST', `/api/client1/${client.id}/email`, {
      companyId: zaAdmin.user.companyId,
      userId: zaAdmin.user.id,
      emailSubject: subject,
      emailMessage: 'Thank you.',
    });
    // The browser tests' server has neither SMTP_URL nor SMS_PROVIDER.
    const answer = await outbox(zaAdmin);
    expect(answer.delivery).toEqual({ email: 'outbox', sms: 'outbox' });

    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await header(page).getByRole('link', { name: 'Outbox' }).click();
    await waitForHash(page, '#/outbox');
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    const banner = page.getByTestId('outbox-banner');
    await banner.waitFor();
    expect(await visibleText(banner)).toMatch(/E-mail.*and SMS.*not delivered/s);

    const table = page.getByRole('table', { name: 'Outbox', exact: true });
    const smsRow = table.getByRole('row').filter({ hasText: text });
    await smsRow.waitFor();
    const rows = await tableRows(page, 'Outbox');
    const shown = rows.find((r) => r.Message?.includes(text));
    expect(shown).toMatchObject({ Channel: 'SMS', Recipient: '+27821234567', Client: client.name });
    expect(shown?.Delivery).toBe(TEXT.notDelivered);
    expect(['Queued', 'Sending', 'Sent', 'Failed']).toContain(shown?.Status);
    expect(Number(shown?.Attempts)).toBeGreaterThanOrEqual(0);
    expect(await centsShown(smsRow.getByRole('cell').nth(8))).toBe(message.costCents);
    expect(shown?.Created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expectNoSeriousViolations(page);
    await screenshot(page, 'messaging-outbox');

    // Channel filter: e-mail only.
    const calls = recordRequests(page, 'GET', /\/api\/message1\/company\/\d+\?/);
    await page.locator('.p-dropdown', { has: page.locator('#outbox-channel') }).click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: 'E-mail', exact: true }).click();
    await smsRow.waitFor({ state: 'detached' });
    await table.getByRole('row').filter({ hasText: subject }).waitFor();
    expect(new URL(calls.at(-1)?.url() ?? '').searchParams.get('channel')).toBe('email');
    const emailRows = await tableRows(page, 'Outbox');
    expect(emailRows.every((r) => r.Channel === 'E-mail')).toBe(true);
  });
});

describe('Settings: SMS credit', () => {
  const openCreditTab = async (page: Page) => {
    await header(page).getByRole('link', { name: 'Settings' }).click();
    await waitForHash(page, '#/settings');
    await page.getByRole('tab', { name: 'SMS credit' }).click();
    await page.getByTestId('credit-balance').waitFor();
  };

  it('za.admin tops up once (even on a double click); the ledger and the audit trail record it', async () => {
    const before = await credit(zaAdmin);
    const note = uniqueWord('EFT ref ');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await openCreditTab(page);
    expect(await centsShown(page.getByTestId('credit-balance'))).toBe(before.balanceCents);
    await expectNoSeriousViolations(page);

    const form = page.getByRole('form', { name: 'Top up' });
    const posts = recordRequests(page, 'POST', /\/topup$/);
    await form.getByRole('button', { name: 'Top up' }).click();
    expect(await visibleText(page.getByTestId('amountCents-error'))).toBe(TEXT.required);
    expect(posts).toHaveLength(0);

    await page.locator('#settings-amountCents').pressSequentially('12.34', { delay: 20 });
    await page.locator('#settings-note').fill(note);
    await form.getByRole('button', { name: 'Top up' }).dblclick();
    expect(await toastWith(page, 'SMS credit.')).toBe('Successful');
    await page.getByTestId('credit-balance').waitFor();
    await page.waitForFunction(
      ([expected]) =>
        (document.querySelector('[data-testid="credit-balance"]')?.textContent ?? '').replace(/\D/g, '') ===
        String(expected),
      [before.balanceCents + 1234],
    );
    expect(new Set(posts.map((p) => sent(p).key)).size).toBe(1);
    expect(sent(firstOf(posts)).body).toEqual({ amountCents: 1234, note });
    expect((await credit(zaAdmin)).balanceCents).toBe(before.balanceCents + 1234);
    const entries = (await ledger(zaAdmin)).content.filter((e) => e.note === note);
    expect(entries).toEqual([expect.objectContaining({ kind: 'topup', amountCents: 1234 })]);

    const ledgerRow = page
      .getByRole('table', { name: 'SMS credit ledger' })
      .getByRole('row')
      .filter({ hasText: note });
    await ledgerRow.waitFor();
    expect(await visibleText(ledgerRow)).toContain('Top-up');
    expect(await page.locator('#settings-amountCents').inputValue()).toBe('');
    await screenshot(page, 'messaging-credit');

    // Every top-up is in the audit trail.
    const audit = await companyAudit(zaAdmin, { start: todayIn('Africa/Johannesburg') });
    expect(audit.content.some((e) => /top/i.test(`${e.action} ${e.description}`))).toBe(true);
  });

  it('za.admin changes the daily limit and segment price; za.reception only reads the balance', async () => {
    const before = await credit(zaAdmin);
    const first = await suite.open();
    let { page } = first;
    await signInAs(page, 'za.admin');
    await openCreditTab(page);
    const form = page.getByRole('form', { name: 'SMS settings' });
    try {
      await page.locator('#settings-dailyCap').fill(String(before.dailyCap + 7));
      await form.getByRole('button', { name: 'Save' }).click();
      expect(await toastWith(page, 'Saved SMS settings.')).toBe('Successful');
      expect((await credit(zaAdmin)).dailyCap).toBe(before.dailyCap + 7);
      await page
        .getByTestId('credit-cap')
        .filter({ hasText: (before.dailyCap + 7).toLocaleString('en-GB') })
        .waitFor();
    } finally {
      await setSmsSettings(zaAdmin, {
        dailyCap: before.dailyCap,
        segmentPriceCents: before.segmentPriceCents,
      });
    }
    await first.context.close();

    const app = await suite.open();
    page = app.page;
    await signInAs(page, 'za.reception');
    const ledgerCalls = recordRequests(page, 'GET', /\/ledger\?/);
    await openCreditTab(page);
    expect(await centsShown(page.getByTestId('credit-balance'))).toBe((await credit(zaAdmin)).balanceCents);
    await page.getByTestId('credit-read-only').waitFor();
    expect(await page.getByRole('button', { name: 'Top up' }).count()).toBe(0);
    expect(await page.getByRole('form', { name: 'SMS settings' }).count()).toBe(0);
    expect(ledgerCalls).toHaveLength(0);
  });
});
