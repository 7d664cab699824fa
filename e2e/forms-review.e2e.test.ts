import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { toastWith, visibleText, waitForHash } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { type AppPage, baseUrl, useBrowserSuite } from './support/browser.ts';
import { createClient, pickOption, tableRows, uniqueWord } from './support/client-records.ts';
import { pickClient } from './support/diary.ts';
import { waitForSettled } from './support/messaging.ts';
import { signInAs } from './support/settings.ts';

/**
 * Digital forms, the staff side (issue 18, parts 5 to 7): send a form from the Forms page, the client submits
 * it (through the public API: the fill page is built separately), staff review it beside the record, accept
 * some fields, see the record change and download the PDF; the Forms page's filters; a client's forms.
 */
const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const signature = {
  valueAttachment: {
    contentType: 'image/png',
    size: png.length,
    data: png.toString('base64'),
    hash: createHash('sha256').update(png).digest('hex'),
  },
};

/** A published form of the test's own, with three record fields and a question that fills none. */
async function publishedForm(title: string): Promise<number> {
  const mapped = (linkId: string, text: string) => ({
    linkId,
    type: 'string',
    text,
    definition: `urn:practice-desk:${linkId}`,
  });
  const form = await zaAdmin.request<{ id: number }>('POST', `/api/form/${zaAdmin.user.companyId}`, {
    definition: {
      resourceType: 'Questionnaire',
      title,
      item: [
        mapped('firstName', 'First name'),
        mapped('lastName', 'Last name'),
        mapped('email', 'E-mail'),
        { linkId: 'reason', type: 'text', text: 'Reason for the visit' },
        { linkId: 'signature', type: 'signature', text: 'Signature', required: true },
      ],
    },
  });
  await zaAdmin.request('POST', `/api/form/publish/${form.id}`);
  return form.id;
}

async function submit(token: string, answers: Record<string, unknown[]>) {
  const response = await fetch(`${baseUrl()}/api/public/form/${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'FormsE2E/1.0' },
    body: JSON.stringify({ answers: { ...answers, signature: [signature] } }),
  });
  expect(response.status).toBe(201);
}

async function openForms(page: Page) {
  await page.getByRole('menuitem', { name: 'Forms' }).click();
  await waitForHash(page, '#/commonDigitalForms');
  await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
}

/** Filters the Forms page to one client and (optionally) one status, and reads its rows. */
async function rowsFor(app: AppPage, client: { id: number; name: string }, status?: string) {
  const { page } = app;
  if (!(await page.getByText(`Client ${client.id}`).isVisible()))
    await pickClient(page, client, 'forms-filter-client');
  if (status) await pickOption(page, 'forms-status', status);
  await app.networkIdle();
  return tableRows(page, 'Forms sent');
}

describe('Digital forms: sending, review and acceptance', () => {
  it('sends a form at reception, reviews the submission beside the record, accepts two fields and downloads the PDF', async () => {
    const title = uniqueWord('Intake form');
    await publishedForm(title);
    const client = await createClient(zaAdmin, uniqueWord('Formee'), 'ZA');
    const app = await suite.open();
    const { page, context } = app;
    await signInAs(page, 'za.reception');
    await openForms(page);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Send a form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a form' });
    await pickClient(page, client, 'send-form-client');
    await pickOption(page, 'send-form-formId', title);
    await dialog.getByText('Kiosk (open it here on this tablet)').click();
    await expectNoSeriousViolations(page);
    const [kioskTab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Send' }).click(),
    ]);
    expect(await toastWith(page, 'The form is open in a new tab')).toBe('Successful');
    const ready = page.getByRole('dialog', { name: 'Form ready at reception' });
    const link = (await ready.getByRole('link', { name: 'Open the form' }).getAttribute('href')) ?? '';
    expect(kioskTab.url()).toBe(link);
    await kioskTab.close();
    await ready.getByRole('button', { name: 'Done' }).click();
    const token = link.split('/f#')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await submit(token, {
      firstName: [{ valueString: 'Renamed' }],
      lastName: [{ valueString: 'Notaccepted' }],
      email: [{ valueString: `${client.name.split(' ')[0]?.toLowerCase()}.new@example.com` }],
      reason: [{ valueString: 'Shoulder pain after a fall' }],
    });
    const rows = await rowsFor(app, client, 'Submitted');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ Form: `${title} (v1)`, Status: 'Submitted', By: 'Kiosk' });
    await page.getByRole('link', { name: `Review ${title} for ${client.name}` }).click();
    await page.getByRole('heading', { name: `Review: ${title}`, level: 1 }).waitFor();
    const fields = await tableRows(page, 'Record fields');
    expect(fields.map((f) => [f['In the record'], f.Submitted])).toEqual([
      [client.name.split(' ')[0], 'Renamed'],
      ['Records', 'Notaccepted'],
      [expect.stringContaining('@example.com'), expect.stringContaining('.new@example.com')],
    ]);
    expect(await visibleText(page.getByTestId('review-answers'))).toContain('Shoulder pain after a fall');
    expect(await page.getByRole('img', { name: 'Signature as drawn' }).isVisible()).toBe(true);
    await expectNoSeriousViolations(page);

    await page.getByRole('checkbox', { name: 'Accept Last name' }).click();
    await page.getByRole('button', { name: 'Accept 2 field(s)' }).click();
    expect(await toastWith(page, 'Accepted 2 field(s) into the record.')).toBe('Successful');
    const accepted = await visibleText(page.getByTestId('form-accepted'));
    expect(accepted).toContain('firstName, email');
    expect(await page.getByRole('checkbox', { name: 'Accept First name' }).isDisabled()).toBe(true);

    // On a phone-sized screen the review fits the width (its tables scroll inside their own region).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Download PDF' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The review names the client as the record now reads.
    await page.getByRole('link', { name: 'Renamed Records' }).click();
    await page.getByRole('heading', { name: 'Renamed Records', level: 1 }).waitFor();
    const stored = await zaAdmin.request<{ lastName: string; email: string }>(
      'GET',
      `/api/client1/${client.id}`,
    );
    expect(stored.lastName).toBe('Records');
    expect(stored.email).toMatch(/\.new@example\.com$/);
  });

  it('the Forms page filters by status and client; a record sends a form and withdraws it', async () => {
    const title = uniqueWord('Consent form');
    const formId = await publishedForm(title);
    const client = await createClient(zaAdmin, uniqueWord('Filtered'), 'ZA');
    const other = await zaAdmin.request<{ url: string }>(
      'POST',
      `/api/form/request/${zaAdmin.user.companyId}`,
      {
        formId,
        clientId: client.id,
        channel: 'kiosk',
      },
    );
    await submit(other.url.split('/f#')[1] ?? '', { firstName: [{ valueString: 'Same' }] });
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.reception');
    await page.goto(`/#/client/${client.id}?section=forms`);
    await page.getByRole('heading', { name: 'Forms', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Send a form' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a form' });
    expect(await visibleText(dialog)).toContain(client.name);
    await pickOption(page, 'send-form-formId', title);
    await dialog.getByText('E-mail', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Send' }).click();
    expect(await toastWith(page, 'Sent the form.')).toBe('Successful');
    const table = page.getByTestId('client-forms-table');
    await table.locator('tbody tr', { hasText: 'Sent' }).first().waitFor();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: `Withdraw ${title} for ${client.name}` }).click();
    expect(await toastWith(page, 'Withdrew the link.')).toBe('Successful');
    await table.locator('tbody tr', { hasText: 'Withdrawn' }).waitFor();
    await page
      .getByRole('button', { name: `Resend ${title} for ${client.name}` })
      .first()
      .click();
    expect(await toastWith(page, 'Sent a new link; the old one no longer works.')).toBe('Successful');
    await table.locator('tbody tr', { hasText: 'Sent' }).first().waitFor();
    await waitForSettled(zaAdmin);

    await openForms(page);
    expect(await rowsFor(app, client, 'Withdrawn')).toEqual([
      expect.objectContaining({ Form: `${title} (v1)`, Status: 'Withdrawn', By: 'E-mail' }),
    ]);
    expect(await rowsFor(app, client, 'Submitted')).toEqual([
      expect.objectContaining({ Status: 'Submitted', By: 'Kiosk' }),
    ]);
    expect(await rowsFor(app, client, 'Accepted')).toEqual([]);
    expect(await rowsFor(app, client, 'Sent')).toEqual([
      expect.objectContaining({ Form: `${title} (v1)`, Status: 'Sent', By: 'E-mail' }),
    ]);
    await pickOption(page, 'forms-form', title);
    await page
      .locator('.p-dropdown', { has: page.locator('#forms-status') })
      .locator('.p-dropdown-clear-icon')
      .click();
    await app.networkIdle();
    expect((await tableRows(page, 'Forms sent')).map((r) => r.Status).sort()).toEqual([
      'Sent',
      'Submitted',
      'Withdrawn',
    ]);
    // Sorted by the server: by the stored status (revoked, sent, submitted), shown as its word.
    await page.getByRole('columnheader', { name: 'Status' }).click();
    await app.networkIdle();
    expect((await tableRows(page, 'Forms sent')).map((r) => r.Status)).toEqual([
      'Withdrawn',
      'Sent',
      'Submitted',
    ]);
  });
});
