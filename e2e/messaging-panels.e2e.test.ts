import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  chooseRowAction,
  clientsAddress,
  createClient,
  dropdownOptions,
  gotoPanel,
  holdResponses,
  type MadeClient,
  openRowMenu,
  panelHeading,
  pickOption,
  recordRequests,
  screenshot,
  signInAs,
  tableRows,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import {
  centsShown,
  clientAudit,
  clientField,
  credit,
  editAnswer,
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
const [zaAdmin, zaReception, ukAdmin, ukAdviser] = signedIn(
  'za.admin',
  'za.reception',
  'uk.admin',
  'uk.adviser',
);

const KEY = /^[0-9a-f]{32}$/;
const sendButton = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Signs in and opens a messaging panel from the client's row menu (advanced view). */
async function openFromRowMenu(
  page: Page,
  username: string,
  client: MadeClient,
  action: string,
  tab: number,
) {
  await signInAs(page, username);
  const entries = await openRowMenu(page, client, true);
  expect(entries).toEqual(expect.arrayContaining(['Send Email', 'Send SMS', 'Add Audit Trail']));
  await chooseRowAction(page, action, clientsAddress(tab, client.id));
}

describe('Send e-mail (tab 13)', () => {
  it('za.admin (ZA, type H): subject required; the e-mail goes to the client with companyId and userId; back to tab 1', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Mail'), 'ZA');
    const address = `${client.name.split(' ')[0]?.toLowerCase()}@example.com`;
    const app = await suite.open();
    const { page } = app;
    await openFromRowMenu(page, 'za.admin', client, 'Send Email', 13);
    await panelHeading(page, `Send e-mail: ${client.name}`).waitFor();
    expect(await visibleText(page.getByTestId('recipient-address'))).toBe(address);

    const posts = recordRequests(page, 'POST', /\/api\/client1\/\d+\/email$/);
    await sendButton(page, 'Send e-mail').click();
    await page.getByTestId('emailSubject-error').waitFor();
    expect(await visibleText(page.getByTestId('emailSubject-error'))).toBe(TEXT.required);
    expect(await clientField(page, 'emailSubject').getAttribute('aria-invalid')).toBe('true');
    await clientField(page, 'emailSubject').fill('   ');
    await sendButton(page, 'Send e-mail').click();
    await page.waitForTimeout(300);
    expect(posts).toHaveLength(0);

    const subject = uniqueWord('Your appointment ');
    const message = `Dear ${client.name},\nSee you on Monday at 09:00.`;
    await clientField(page, 'emailSubject').fill(`  ${subject} `);
    await clientField(page, 'emailMessage').fill(message);
    expect(await page.getByTestId('emailSubject-error').count()).toBe(0);
    await screenshot(page, 'messaging-email');
    await sendButton(page, 'Send e-mail').click();
    expect(await toastWith(page, TEXT.sentEmail)).toBe('Successful');
    await waitForHash(page, clientsAddress(1, client.id));

    expect(posts).toHaveLength(1);
    const request = sent(firstOf(posts));
    expect(request.key).toMatch(KEY);
    expect(request.body).toEqual({
      companyId: zaAdmin.user.companyId,
      userId: zaAdmin.user.id,
      emailSubject: subject,
      emailMessage: message,
    });
    const stored = (await outbox(zaAdmin, { channel: 'email' })).content.filter(
      (m) => m.clientId === client.id,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      channel: 'email',
      recipient: address,
      subject,
      userId: zaAdmin.user.id,
    });
    expect(stored[0]?.content).toContain('See you on Monday at 09:00.');
  });

  it('a client without an e-mail address: the panel says so and Send stays disabled', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Nomail'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    // The API requires an e-mail on create; clients imported without one exist, so the answer is edited.
    await editAnswer(page, new RegExp(`/api/client1/${client.id}$`), (body) => {
      body.email = null;
    });
    await gotoPanel(page, 13, client.id);
    await page.getByTestId('recipient-missing').waitFor();
    expect(await visibleText(page.getByTestId('recipient-missing'))).toContain(
      'This client has no e-mail address.',
    );
    const send = sendButton(page, 'Send e-mail');
    expect(await send.isDisabled()).toBe(true);
    expect(
      await visibleText(page.locator(`[id="${await send.getAttribute('aria-describedby')}"]`)),
    ).toContain('no e-mail address');
    await page.getByRole('button', { name: 'Update client' }).click();
    await waitForHash(page, clientsAddress(4, client.id));
  });
});

describe('Send SMS (tab 14)', () => {
  it('uk.adviser (UK, type F): characters, segments and cost as typed; the SMS is debited and queued; back to tab 1', async () => {
    const client = await createClient(ukAdmin, uniqueWord('Text'), 'UK');
    const account = await ensureCredit(ukAdmin, 10_000);
    const price = account.segmentPriceCents;
    const app = await suite.open();
    const { page } = app;
    await openFromRowMenu(page, 'uk.adviser', client, 'Send SMS', 14);
    await panelHeading(page, `Send SMS: ${client.name}`).waitFor();
    // The UK company reads the number nationally; the SMS still goes to the E.164 form (the outbox below).
    expect(await visibleText(page.getByTestId('recipient-address'))).toBe('07911 123456');
    await page.getByTestId('credit-balance').filter({ hasText: '£' }).waitFor();

    const box = clientField(page, 'smsMessage');
    const meter = async () => ({
      characters: await visibleText(page.getByTestId('sms-characters')),
      segments: await visibleText(page.getByTestId('sms-segments')),
      encoding: await visibleText(page.getByTestId('sms-encoding')),
      cost: await centsShown(page.getByTestId('sms-cost')),
      currency: (await visibleText(page.getByTestId('sms-cost'))).includes('£'),
    });
    await box.fill('Hello');
    expect(await meter()).toMatchObject({ characters: '5 characters', segments: '1 segment', cost: price });
    expect((await meter()).currency).toBe(true);
    // GSM-7: 160 in one message, then 153 per part; an extension character (€) counts two.
    await box.fill('a'.repeat(160));
    expect(await meter()).toMatchObject({ characters: '160 characters', segments: '1 segment', cost: price });
    await box.fill('a'.repeat(161));
    expect(await meter()).toMatchObject({
      characters: '161 characters',
      segments: '2 segments',
      cost: 2 * price,
    });
    expect((await meter()).encoding).toContain('153 per part');
    await box.fill(`${'a'.repeat(152)}€`);
    expect(await meter()).toMatchObject({ characters: '154 characters', segments: '1 segment' });
    // UCS-2 (an emoji is two code units): 70 in one message, then 67 per part.
    await box.fill(`${'a'.repeat(68)}👋`);
    expect(await meter()).toMatchObject({ characters: '70 characters', segments: '1 segment' });
    expect((await meter()).encoding).toContain('UCS-2');
    await box.fill(`${'a'.repeat(69)}👋`);
    expect(await meter()).toMatchObject({
      characters: '71 characters',
      segments: '2 segments',
      cost: 2 * price,
    });
    expect((await meter()).encoding).toContain('67 per part');

    const text = uniqueWord('Your review is booked ');
    await box.fill(text);
    await screenshot(page, 'messaging-sms');
    const posts = recordRequests(page, 'POST', /\/api\/client1\/\d+\/sms$/);
    const since = await lastLedgerId(ukAdmin);
    await sendButton(page, 'Send SMS').click();
    expect(await toastWith(page, TEXT.sentSms)).toBe('Successful');
    await waitForHash(page, clientsAddress(1, client.id));

    expect(posts).toHaveLength(1);
    const request = sent(firstOf(posts));
    expect(request.key).toMatch(KEY);
    expect(request.body).toEqual({
      companyId: ukAdviser.user.companyId,
      userId: ukAdviser.user.id,
      smsMessage: text,
    });
    const stored = (await outbox(ukAdmin, { channel: 'sms' })).content.filter(
      (m) => m.clientId === client.id,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      recipient: '+447911123456',
      content: text,
      segments: 1,
      costCents: price,
    });
    // Debited once when queued (refunded later: without a provider it is not delivered).
    const debits = (await ledgerSince(ukAdmin, since)).filter((e) => e.kind === 'debit');
    expect(debits).toEqual([expect.objectContaining({ messageId: stored[0]?.id, amountCents: -price })]);
  });

  it('za.reception (ZA): a refused send keeps the text, names the reason and stays on the panel; the retry sends once', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Refused'), 'ZA');
    await ensureCredit(zaAdmin, 1_000);
    await waitForSettled(zaAdmin);
    const account = await credit(zaAdmin);
    const app = await suite.open();
    const { page } = app;
    await openFromRowMenu(page, 'za.reception', client, 'Send SMS', 14);
    await panelHeading(page, `Send SMS: ${client.name}`).waitFor();
    await page.getByTestId('credit-balance').filter({ hasText: 'R' }).waitFor();
    // Ten parts (GSM-7, 153 each): the dearest SMS there is.
    const text = `${uniqueWord('Reminder ')} ${'x'.repeat(1400)}`.slice(0, 1530);
    await clientField(page, 'smsMessage').fill(text);
    expect(await visibleText(page.getByTestId('sms-segments'))).toBe('10 segments');
    expect(await sendButton(page, 'Send SMS').isEnabled()).toBe(true);

    // Between opening the panel and sending, an administrator raises the price beyond the balance.
    const price = Math.ceil((account.balanceCents + 1) / 10);
    if (price > 100_000)
      throw new Error(`The ZA balance (${account.balanceCents}) is too high for this test`);
    const posts = recordRequests(page, 'POST', /\/api\/client1\/\d+\/sms$/);
    const since = await lastLedgerId(zaAdmin);
    try {
      await setSmsSettings(zaAdmin, { dailyCap: account.dailyCap, segmentPriceCents: price });
      await sendButton(page, 'Send SMS').click();
      expect(await toastWith(page, TEXT.sentSmsFailed)).toBe('Error');
      await page
        .getByTestId('send-problems')
        .filter({ hasText: /credit/i })
        .waitFor();
      expect(page.url()).toContain(clientsAddress(14, client.id));
      expect(await clientField(page, 'smsMessage').inputValue()).toBe(text);
      await screenshot(page, 'messaging-sms-refused');
    } finally {
      await setSmsSettings(zaAdmin, {
        dailyCap: account.dailyCap,
        segmentPriceCents: account.segmentPriceCents,
      });
    }
    // Refused: nothing was debited.
    expect((await ledgerSince(zaAdmin, since)).filter((e) => e.kind === 'debit')).toEqual([]);
    await sendButton(page, 'Send SMS').click();
    expect(await toastWith(page, TEXT.sentSms)).toBe('Successful');
    await waitForHash(page, clientsAddress(1, client.id));
    expect(posts).toHaveLength(2);
    const stored = (await outbox(zaAdmin, { channel: 'sms' })).content.filter(
      (m) => m.clientId === client.id,
    );
    expect(stored.map((m) => m.content)).toEqual([text]);
  });

  it('a mobile number that does not parse for the country: the panel says so and Send stays disabled', async () => {
    const client = await createClient(ukAdmin, uniqueWord('Badmobile'), 'UK');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'uk.adviser');
    await editAnswer(page, new RegExp(`/api/client1/${client.id}$`), (body) => {
      body.mobile = '12345';
    });
    await gotoPanel(page, 14, client.id);
    await page.getByTestId('recipient-missing').waitFor();
    expect(await visibleText(page.getByTestId('recipient-missing'))).toContain('not a valid number');
    await clientField(page, 'smsMessage').fill('Hello');
    expect(await sendButton(page, 'Send SMS').isDisabled()).toBe(true);
  });
});

describe('Add audit trail (tab 15)', () => {
  it('za.reception (ZA): both fields required; the entry is added and heads the client audit list', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Audit'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await openFromRowMenu(page, 'za.reception', client, 'Add Audit Trail', 15);
    await panelHeading(page, `Add audit trail: ${client.name}`).waitFor();
    expect(await dropdownOptions(page, 'cf-auditTrailSubProcess')).toEqual([
      'Unpaids Management',
      'Client Management',
      'Billing Management',
    ]);
    const posts = recordRequests(page, 'POST', /\/audittrail$/);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('auditTrailDescription-error').waitFor();
    expect(await visibleText(page.getByTestId('auditTrailSubProcess-error'))).toBe(TEXT.required);
    expect(await visibleText(page.getByTestId('auditTrailDescription-error'))).toBe(TEXT.required);
    expect(posts).toHaveLength(0);

    const description = uniqueWord('Sent the account to the medical aid ');
    await pickOption(page, 'cf-auditTrailSubProcess', 'Billing Management');
    await clientField(page, 'auditTrailDescription').fill(description);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, TEXT.auditAdded)).toBe('Successful');
    await waitForHash(page, clientsAddress(1, client.id));
    expect(posts).toHaveLength(1);
    expect(sent(firstOf(posts)).body).toEqual({
      auditTrailSubProcess: 'Billing Management',
      auditTrailDescription: description,
    });

    const stored = await clientAudit(zaReception, client.id);
    expect(stored[0]).toMatchObject({
      subProcess: 'Billing Management',
      description,
      user: 'Lerato Dlamini',
    });

    // The list under the form: newest first, who, when, sub-process, description.
    const hold = await holdResponses(page, /\/audittrail$/);
    await gotoPanel(page, 15, client.id);
    // A fresh page: nothing cached, so the list has to load.
    await page.reload();
    await page.getByText(TEXT.loadingAudit).waitFor();
    hold.release();
    await page.getByText(TEXT.loadingAudit).waitFor({ state: 'detached' });
    const rows = await tableRows(page, 'Audit trail');
    expect(rows.length).toBe(stored.length);
    expect(rows[0]).toMatchObject({ Who: 'Lerato Dlamini', 'Sub-process': 'Billing Management' });
    expect(rows[0]?.Description).toContain(description);
    expect(rows[0]?.When).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await screenshot(page, 'messaging-audit-panel');
  });

  it('uk.adviser (UK, type F): adds a Client Management entry with the keyboard', async () => {
    const client = await createClient(ukAdmin, uniqueWord('Keyboard'), 'UK');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'uk.adviser');
    await gotoPanel(page, 15, client.id);
    await panelHeading(page, `Add audit trail: ${client.name}`).waitFor();
    const description = uniqueWord('Called about the pension transfer ');
    await page.locator('#cf-auditTrailSubProcess').focus();
    // Alt+Down opens the list, Down moves to the first option, then the second; Enter picks it.
    await page.keyboard.press('Alt+ArrowDown');
    await page.locator('.p-dropdown-panel').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    await page.keyboard.type(description);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await toastWith(page, TEXT.auditAdded)).toBe('Successful');
    await waitForHash(page, clientsAddress(1));
    const stored = await clientAudit(ukAdviser, client.id);
    expect(stored[0]).toMatchObject({ subProcess: 'Client Management', description });
  });
});
