import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { signInAs, uniqueWord } from './support/client-records.ts';
import { clientWithProduct, invoiceRows, type StoredInvoice } from './support/invoices.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

describe('invoice lines on the Invoices page', () => {
  it('an expanded invoice row shows its lines with their tariff codes (a medical account)', async () => {
    const made = await clientWithProduct(zaAdmin, 'ZA', uniqueWord('Tariff'), 10_000);
    const invoice = await zaAdmin.request<StoredInvoice & { reference: string }>(
      'POST',
      `/api/invoice1/${zaAdmin.user.companyId}`,
      {
        clientId: made.client.id,
        invoiced: '2026-03-02',
        lines: [
          {
            description: 'Physiotherapy treatment',
            quantity: 1,
            unitPriceCents: 65_000,
            tariffCode: '72101',
          },
          { description: 'Strapping', quantity: 2, unitPriceCents: 5_000 },
        ],
      },
    );
    const { page } = await suite.open();
    await signInAs(page, 'za.admin');
    await page.goto(`/#/commonInvoices?inputClientId=${made.client.id}`);
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    expect((await invoiceRows(page)).length).toBe(1);
    await page.locator('.p-row-toggler').first().click();
    const lines = page.getByRole('table', { name: `Lines of invoice ${invoice.reference}` });
    await lines.waitFor();
    const rows = await lines.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^72101 Physiotherapy treatment 1 650[,.]00 650[,.]00$/),
      expect.stringMatching(/^Strapping 2 50[,.]00 100[,.]00$/),
    ]);
    expect(await visibleText(lines.locator('thead'))).toMatch(/Tariff code/);
  });
});
