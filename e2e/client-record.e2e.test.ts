import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { field, fillRequired, searchClients } from './support/client-forms.ts';
import {
  digits,
  expectNoSeriousViolations,
  openRecord,
  pageHeading,
  recordHash,
  waitForRecord,
} from './support/client-record.ts';
import {
  chooseRowAction,
  clientsAddress,
  createClient,
  holdResponses,
  openRowMenu,
  panelHeading,
  pickOption,
  screenshot,
  signInAs,
  tableRows,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';

const suite = useBrowserSuite();
const [zaReception, zaAdmin, zaEvolve, ukAdmin] = signedIn(
  'za.reception',
  'za.admin',
  'za.evolve',
  'uk.admin',
);

/** The demo client with a half-paid invoice and a weekly series of appointments (apps/api/src/seed). */
const DEMO_NAME = 'Bongani Mthembu';

interface DemoInvoice {
  reference: string | null;
  clientId: number;
  status: string;
  outstandingCents: number;
}

interface Appointment {
  start: string;
  typeName: string;
}

describe('the client record page (issue 13)', () => {
  it('za.reception: the name in the list opens the record with real data of a demo client in every section', async () => {
    const [demo] = await searchClients(zaReception, 'bongani');
    if (!demo) throw new Error(`${DEMO_NAME} is not in the demo data`);
    const c = zaReception.user.companyId;
    const subject = uniqueWord('Record note ');
    await zaReception.request('POST', `/api/note1/client/${demo.id}`, { subject, sharable: 'Y' });
    const emailSubject = uniqueWord('Record letter ');
    await zaReception.request('POST', `/api/client1/${demo.id}/email`, {
      companyId: c,
      userId: zaReception.user.id,
      emailSubject,
    });
    const invoices = (await zaReception.request<DemoInvoice[]>('GET', `/api/invoice1/all/${c}`)).filter(
      (i) => i.clientId === demo.id,
    );
    const owed = invoices
      .filter((i) => i.status !== 'draft' && i.status !== 'cancelled')
      .reduce((sum, i) => sum + i.outstandingCents, 0);
    expect(owed).toBeGreaterThan(0);
    const appointments = await zaReception.request<Appointment[]>(
      'GET',
      `/api/appointment/client/${demo.id}`,
    );
    const next = appointments
      .filter((a) => Date.parse(a.start) > Date.now())
      .sort((a, b) => a.start.localeCompare(b.start))[0];
    if (!next) throw new Error(`${DEMO_NAME} has no upcoming appointment in the demo data`);

    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await page.goto(`/${clientsAddress(1, demo.id)}`);
    const table = page.getByRole('table', { name: 'Clients' });
    await table.getByRole('link', { name: DEMO_NAME, exact: true }).click();
    await waitForHash(page, recordHash(demo.id));
    await waitForRecord(page, DEMO_NAME);
    expect(await page.title()).toBe(`${DEMO_NAME} · Practice Desk`);

    const contact = await visibleText(page.getByTestId('record-contact'));
    expect(contact).toContain('bongani.mthembu@example.com');
    expect(contact).toContain('Active');
    expect(contact).toContain('Medical aid'); // the demo category
    expect(digits(await visibleText(page.getByTestId('record-balance')))).toBe(String(owed));
    expect(await visibleText(page.getByTestId('record-last-payment'))).toMatch(
      / on \d{4}-\d{2}-\d{2} \(EFT, INV-\d{6}\)$/,
    );
    await page.getByTestId('record-upcoming').getByText(next.typeName).first().waitFor();
    // A physiotherapy practice (type H): the healthcare card is there.
    await page.getByTestId('record-healthcare').waitFor();

    // The row menu's actions as buttons; a practice user has no tasks (spec section 6).
    const actions = page.getByTestId('record-actions');
    for (const label of [
      'Update',
      'Update Advanced',
      'Delete',
      'Add Note',
      'Add Product',
      'Create Invoice',
    ]) {
      expect(await actions.getByRole('button', { name: `${label}: ${DEMO_NAME}`, exact: true }).count()).toBe(
        1,
      );
    }
    expect(await actions.getByRole('button', { name: `Add Task: ${DEMO_NAME}` }).count()).toBe(0);
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs.map((t) => t.trim())).toEqual([
      'Appointments',
      'Recalls',
      'Products',
      'Notes',
      'Invoices',
      'Messages',
      'Forms',
      'Audit trail',
      'Timeline',
    ]);

    // Appointments (the default section): every one of the client's, from the diary.
    const shown = page.getByRole('table', { name: 'Appointments' });
    await shown.locator('tbody tr').first().waitFor();
    expect((await tableRows(page, 'Appointments')).length).toBe(Math.min(appointments.length, 100));
    await screenshot(page, 'client-record');
    await expectNoSeriousViolations(page);

    await page.getByRole('tab', { name: 'Notes' }).click();
    await waitForHash(page, recordHash(demo.id, 'notes'));
    await page.getByRole('table', { name: 'Notes' }).getByText(subject).waitFor();

    await page.getByRole('tab', { name: 'Invoices' }).click();
    const reference = invoices.find((i) => i.reference)?.reference ?? '';
    await page.getByRole('table', { name: 'Invoices' }).getByText(reference).waitFor();
    expect(await visibleText(page.getByTestId('invoices-total'))).toBe(
      `${invoices.length} ${invoices.length === 1 ? 'invoice' : 'invoices'}`,
    );

    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByRole('table', { name: 'Messages' }).getByText(emailSubject).waitFor();
    await expectNoSeriousViolations(page);

    await page.getByRole('tab', { name: 'Audit trail' }).click();
    const [latest] = await zaReception.request<{ description: string }[]>(
      'GET',
      `/api/client1/${demo.id}/audittrail`,
    );
    await page
      .getByRole('table', { name: 'Audit trail' })
      .getByText(latest?.description ?? '?')
      .first()
      .waitFor();

    // A reload keeps the section; a phone-sized screen shows the same page without serious violations.
    await page.reload();
    await page.getByRole('table', { name: 'Audit trail' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await waitForRecord(page, DEMO_NAME);
    await screenshot(page, 'client-record-phone');
    // The page's own content; the shell's header on a phone is issue 13's point 5, not this page.
    await expectNoSeriousViolations(page, 'main');
  });

  it('is reached and used with the keyboard alone', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Keys'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await page.goto(`/${clientsAddress(1, client.id)}`);
    const link = page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: client.name });
    await link.waitFor();
    // Tab through the page until the client's name has the focus, then follow it with Enter.
    let reached = false;
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await link.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await waitForRecord(page, client.name);

    // On to the first action, Update, and into its panel.
    const update = page.getByRole('button', { name: `Update: ${client.name}`, exact: true });
    reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await update.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await waitForHash(page, clientsAddress(4, client.id));
    await panelHeading(page, `Update client: ${client.name}`).waitFor();
  });

  it('a panel opened from the record page comes back to it on Cancel and on Save', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Back'), 'ZA');
    await zaAdmin.request('PUT', `/api/client1/${client.id}/config`, {
      medicalName: 'Discovery Health',
      medicalPlan: 'Classic Saver',
      medicalNumber: '123456789',
    });
    const app = await suite.open();
    const { page } = app;
    await openRecord(page, 'za.admin', client);
    const healthcare = page.getByTestId('record-healthcare');
    await healthcare.getByText('Discovery Health (Classic Saver)').waitFor();
    expect(await visibleText(healthcare)).toContain('123456789');

    await page.getByRole('button', { name: `Update: ${client.name}`, exact: true }).click();
    await waitForHash(page, clientsAddress(4, client.id));
    await panelHeading(page, `Update client: ${client.name}`).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, recordHash(client.id));
    await waitForRecord(page, client.name);

    await page.getByRole('button', { name: `Update: ${client.name}`, exact: true }).click();
    await field(page, 'category').waitFor();
    const category = uniqueWord('Walk in ');
    await field(page, 'category').fill(category);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await toastWith(page, 'Updated client.')).toBe('Successful');
    await waitForHash(page, recordHash(client.id));
    await page.getByTestId('record-contact').getByText(category).waitFor();

    // From the Notes section: Add note, saved, comes back to the notes (the spec's return tab, here).
    await page.getByRole('tab', { name: 'Notes' }).click();
    await waitForHash(page, recordHash(client.id, 'notes'));
    await page.getByTestId('record-sections').getByRole('button', { name: 'Add note' }).click();
    await waitForHash(page, clientsAddress(8, client.id));
    const subject = uniqueWord('Back note ');
    await pickOption(page, 'note-action', 'New note');
    await page.locator('#cf-subject').fill(subject);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, 'Added note for client.')).toBe('Successful');
    await waitForHash(page, recordHash(client.id, 'notes'));
    await page.getByRole('table', { name: 'Notes' }).getByText(subject).waitFor();

    // Add Note from the actions, cancelled: back to the section it was opened from.
    await page.getByRole('button', { name: `Add Note: ${client.name}`, exact: true }).click();
    await waitForHash(page, clientsAddress(8, client.id));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForHash(page, recordHash(client.id, 'notes'));
  });

  it('Delete from the record page goes to the list: the deleted client has no record any more', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Gone'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await openRecord(page, 'za.admin', client);
    await page.getByRole('button', { name: `Delete: ${client.name}`, exact: true }).click();
    await waitForHash(page, clientsAddress(5, client.id));
    await page.getByText('Yes, delete this client').click();
    await page.locator('#delete-confirm-name').fill(client.name);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    expect(await toastWith(page, 'Deleted client.')).toBe('Successful');
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
    await page.goto(`/${recordHash(client.id)}`);
    await pageHeading(page, 'Client not found').waitFor();
  });

  it('after New client the new client’s record page opens', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    await page.goto(`/${clientsAddress(2)}`);
    await field(page, 'firstName').waitFor();
    const first = uniqueWord('Fresh');
    await fillRequired(page, first, `${first.toLowerCase()}@example.com`);
    // The record's answer is held back, so its loading state shows.
    const held = await holdResponses(page, /\/api\/client1\/\d+$/);
    await page.getByRole('button', { name: 'Create' }).click();
    expect(await toastWith(page, 'Created client.')).toBe('Successful');
    const [made] = await searchClients(zaAdmin, first.toLowerCase());
    if (!made) throw new Error('The new client was not stored');
    await waitForHash(page, recordHash(made.id));
    await page.getByText('Loading the client. Please wait.').waitFor();
    held.release();
    await waitForRecord(page, `${first} Forms`);
    // A new client's empty states.
    expect(digits(await visibleText(page.getByTestId('record-balance')))).toBe('000');
    await page.getByTestId('record-account').getByText('No payment yet.').waitFor();
    await page.getByTestId('record-upcoming').getByText('No upcoming appointments.').waitFor();
    await page.getByTestId('record-healthcare').getByText('No healthcare details yet.').waitFor();
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByTestId('record-sections').getByText('No notes found.').waitFor();
    await page.getByRole('tab', { name: 'Messages' }).click();
    await page.getByTestId('outbox-empty').getByText('No messages found.').waitFor();
  });

  it('a client’s name in the invoices list opens its record', async () => {
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await page.goto('/#/commonInvoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    const link = table.getByRole('link').first();
    await link.waitFor();
    const name = await visibleText(link);
    await link.click();
    await page.waitForFunction(() => /^#\/client\/\d+$/.test(window.location.hash));
    await waitForRecord(page, name);
  });

  it('another company’s client id shows "Client not found", never its data', async () => {
    const [ukClient] = await ukAdmin
      .request<{ content: { id: number; name: string }[] }>(
        'GET',
        `/api/client1/company/${ukAdmin.user.companyId}/lazy?size=10`,
      )
      .then((p) => p.content);
    if (!ukClient) throw new Error('No UK demo client');
    const app = await suite.open();
    const { page } = app;
    const seen: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === `/api/client1/${ukClient.id}`) seen.push(r.status());
    });
    await signInAs(page, 'za.reception');
    await page.goto(`/${recordHash(ukClient.id)}`);
    await pageHeading(page, 'Client not found').waitFor();
    await page.getByTestId('record-not-found').waitFor();
    expect(seen).toEqual([404]);
    const text = await visibleText(page);
    expect(text).not.toContain(ukClient.name);
    expect(await page.getByTestId('record-actions').count()).toBe(0);
    expect(await page.title()).toBe('Client not found · Practice Desk');
    await expectNoSeriousViolations(page);
    await page.getByRole('link', { name: 'Back to the client list' }).click();
    await waitForHash(page, '#/commonClients?inputActiveTab=1');
  });
});

describe('return tabs (issue 13, point 12)', () => {
  it('Send statement: Download keeps the panel open; E-mail then returns to the record page', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Statement'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await openRecord(page, 'za.admin', client, 'invoices');
    await page.getByRole('button', { name: `Send Statement: ${client.name}` }).click();
    await waitForHash(page, clientsAddress(12, client.id));
    await panelHeading(page, `Send statement: ${client.name}`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${client.id}.statement.pdf`);
    expect(await toastWith(page, 'Downloaded statement.')).toBe('Successful');
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.location.hash)).toBe(clientsAddress(12, client.id));
    expect(await panelHeading(page, `Send statement: ${client.name}`).isVisible()).toBe(true);

    const [emailed] = await Promise.all([
      page.waitForResponse(/\/api\/statement\/\d+\/email$/),
      page.getByRole('button', { name: 'E-mail' }).click(),
    ]);
    expect(emailed.status()).toBe(202);
    expect(await toastWith(page, 'Emailed statement.')).toBe('Successful');
    await waitForHash(page, recordHash(client.id, 'invoices'));
  });

  it('Add Task from the list returns to the client’s tasks, showing the new task', async () => {
    const client = await createClient(zaEvolve, uniqueWord('Tasked'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    await openRowMenu(page, client);
    await chooseRowAction(page, 'Add Task', clientsAddress(10, client.id));
    const text = uniqueWord('Phone back ');
    await page.locator('#cf-description').fill(text);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, 'Added task.')).toBe('Successful');
    await waitForHash(page, clientsAddress(11, client.id));
    await page.getByRole('table', { name: 'Tasks', exact: true }).getByText(text).waitFor();
  });

  it('Add Task from the record page returns to its Tasks section', async () => {
    const client = await createClient(zaEvolve, uniqueWord('Tasking'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await openRecord(page, 'za.evolve', client);
    await page.getByRole('button', { name: `Add Task: ${client.name}`, exact: true }).click();
    await waitForHash(page, clientsAddress(10, client.id));
    const text = uniqueWord('Send forms ');
    await page.locator('#cf-description').fill(text);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, 'Added task.')).toBe('Successful');
    await waitForHash(page, recordHash(client.id, 'tasks'));
    await page.getByRole('table', { name: 'Tasks', exact: true }).getByText(text).waitFor();
  });
});
