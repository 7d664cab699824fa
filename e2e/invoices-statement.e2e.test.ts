import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  clientsAddress,
  panelHeading,
  recordRequests,
  screenshot,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import { clientWithProduct, invoiceViaApi, todayIn } from './support/invoices.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

/** The same day a month earlier, worked out here without the app's helper. */
function monthEarlier(iso: string): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 2, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Midnight (or 23:59:59) of a Johannesburg day (UTC+2 all year) as the UTC instant. */
const joburg = (day: string, time: string) => new Date(Date.parse(`${day}T${time}+02:00`)).toISOString();

describe('Send statement (tab 12)', () => {
  it('za.admin: type C over the last month by default; end before start refused; the PDF downloads as {clientId}.statement.pdf; e-mailed', async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Stm'), 80_000);
    const today = todayIn('Africa/Johannesburg');
    await invoiceViaApi(zaAdmin, made, today);
    const { client } = made;
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.admin');
    // Reached from the client's invoices.
    await page.goto(`/#/commonInvoices?inputClientId=${client.id}`);
    await page.getByRole('link', { name: 'Send statement' }).click();
    await waitForHash(page, clientsAddress(12, client.id));
    await panelHeading(page, `Send statement: ${client.name}`).waitFor();
    expect(await page.locator('#statement-type-C').isChecked()).toBe(true);
    expect(await page.locator('#statement-start').inputValue()).toBe(monthEarlier(today));
    expect(await page.locator('#statement-end').inputValue()).toBe(today);
    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    // An end before the start is refused on the end date; nothing is sent.
    const posts = recordRequests(page, 'POST', /\/api\/statement\/\d+\/download$/);
    await page.locator('#statement-end').fill(monthEarlier(monthEarlier(today)));
    await page.locator('#statement-end').press('Escape');
    await page.getByRole('button', { name: 'Download' }).click();
    expect(await visibleText(page.getByTestId('endDate-error'))).toBe(
      'The end must not be before the start.',
    );
    expect(posts).toHaveLength(0);
    await page.locator('#statement-end').fill(today);
    await page.locator('#statement-end').press('Escape');
    await page.getByTestId('endDate-error').waitFor({ state: 'detached' });

    await page.locator('#statement-type-D').check();
    await screenshot(page, 'statement');
    const [download, response] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse(/\/api\/statement\/\d+\/download$/),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(download.suggestedFilename()).toBe(`${client.id}.statement.pdf`);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(posts.map((p) => p.postDataJSON())).toEqual([
      {
        type: 'D',
        startDate: joburg(monthEarlier(today), '00:00:00'),
        endDate: joburg(today, '23:59:59'),
      },
    ]);
    expect(await toastWith(page, 'Downloaded statement.')).toBe('Successful');
    // Issue 13: the panel stays open after a download, so the statement can be e-mailed too.
    expect(await page.evaluate(() => window.location.hash)).toBe(clientsAddress(12, client.id));
    await panelHeading(page, `Send statement: ${client.name}`).waitFor();
    await page.locator('#statement-type-C').check();
    const [emailed] = await Promise.all([
      page.waitForResponse(/\/api\/statement\/\d+\/email$/),
      page.getByRole('button', { name: 'E-mail' }).click(),
    ]);
    expect(emailed.status()).toBe(202);
    expect(emailed.request().postDataJSON()).toEqual({
      type: 'C',
      startDate: joburg(monthEarlier(today), '00:00:00'),
      endDate: joburg(today, '23:59:59'),
    });
    expect(await toastWith(page, 'Emailed statement.')).toBe('Successful');
    // Opened from the client's invoices: back there (issue 13: where the user came from).
    await waitForHash(page, `#/commonInvoices?inputClientId=${client.id}`);
  });
});
