import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  gotoPanel,
  panelHeading,
  pickOption,
  recordRequests,
  screenshot,
  signInAs,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';
import { clientWithProduct, INVOICE_TEXT, invoicesOf, invoiceViaApi, todayIn } from './support/invoices.ts';

// Issue 12 point 0: a client product already invoiced this month is refused (409) until "invoice again".
const suite = useBrowserSuite();
const [ukAdmin] = signedIn('uk.admin');

describe('Create invoice (tab 17) of a product invoiced this month already', () => {
  it('shows why it is refused, offers "Invoice again", and creates the second invoice once ticked', async () => {
    const made = await clientWithProduct(ukAdmin, 'UK', uniqueWord('Again'), 40_000);
    const today = todayIn('Europe/London');
    const first = await invoiceViaApi(ukAdmin, made, today);
    const { page } = await suite.open();
    await signInAs(page, 'uk.admin');
    await gotoPanel(page, 17, made.client.id);
    await panelHeading(page, `Create invoice: ${made.client.name}`).waitFor();
    await page.locator('#invoice-product').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Invoice again').count()).toBe(0);

    const posts = recordRequests(page, 'POST', /\/api\/invoice1\/\d+$/);
    await pickOption(page, 'invoice-product', made.product.name);
    await page.getByRole('button', { name: 'Create invoice', exact: true }).click();
    expect(await toastWith(page, INVOICE_TEXT.createFailed)).toBe('Error');
    expect(await visibleText(page.getByTestId('product-error'))).toBe(
      'This client product is already invoiced for this month.',
    );
    await page.getByLabel('Invoice again').waitFor();
    expect(await visibleText(page.locator('.client-form__hint'))).toContain(first.reference ?? 'INV-');
    await screenshot(page, 'invoices-create-again');
    expect(await invoicesOf(ukAdmin, made.client.id)).toHaveLength(1);

    await page.getByLabel('Invoice again').check();
    await page.getByRole('button', { name: 'Create invoice', exact: true }).click();
    expect(await toastWith(page, INVOICE_TEXT.created)).toBe('Successful');
    expect(posts.map((p) => p.postDataJSON().invoiceAgain)).toEqual([undefined, true]);
    expect(await invoicesOf(ukAdmin, made.client.id)).toHaveLength(2);
  });
});
