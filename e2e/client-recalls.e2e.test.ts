import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { useBrowserSuite } from './support/browser.ts';
import { expectNoSeriousViolations, openRecord } from './support/client-record.ts';
import {
  createClient,
  createProduct,
  pickOption,
  tableRows,
  toastWith,
  uniqueWord,
} from './support/client-records.ts';

const suite = useBrowserSuite();
const [zaAdmin] = signedIn('za.admin');

describe('a client’s recalls on the record page (issue 16, part 5)', () => {
  it('adds a recall by hand (due on the service date plus the interval) and cancels it', async () => {
    const c = zaAdmin.user.companyId;
    const template = await zaAdmin.request<{ id: number }>('POST', `/api/reminder/template/${c}`, {
      name: uniqueWord('Recall notice '),
      channel: 'sms',
      body: 'Hi {{preferredName}}, your check-up at {{practiceName}} is due {{date}}.',
    });
    const typeName = uniqueWord('Re-assessment ');
    await zaAdmin.request('POST', `/api/recall/type/${c}`, {
      name: typeName,
      intervalValue: 6,
      intervalUnit: 'weeks',
      templateId: template.id,
      ladder: [0, 14],
    });
    const client = await createClient(zaAdmin, uniqueWord('Recalled'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await openRecord(page, 'za.admin', client, 'recalls');
    await page.getByTestId('client-recalls-empty').getByText('No recalls.').waitFor();

    await page.getByRole('button', { name: 'Add recall' }).click();
    await page.getByTestId('typeId-error').waitFor();
    await pickOption(page, 'recall-typeId', typeName);
    const date = page.locator('#recall-serviceDate');
    await date.fill('');
    await date.pressSequentially('2026-03-02');
    await date.press('Tab');
    await page.getByRole('button', { name: 'Add recall' }).click();
    expect(await toastWith(page, 'Created recall.')).toBe('Successful');
    const table = page.getByRole('table', { name: 'Recalls', exact: true });
    await table.getByText('2026-04-13').waitFor();
    const [row] = await tableRows(page, 'Recalls');
    expect(row).toMatchObject({ Recall: typeName, 'Service date': '2026-03-02', Due: '2026-04-13' });
    expect(row?.State).toMatch(/^Due/);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: `Cancel the ${typeName} recall due 2026-04-13` }).click();
    await table.getByText('Cancelled').waitFor();
    expect((await tableRows(page, 'Recalls'))[0]).toMatchObject({ State: 'Cancelled', Cancel: '—' });
  });

  it('invoicing a product a recall type names creates the client’s recall, shown on the record page', async () => {
    const c = zaAdmin.user.companyId;
    const template = await zaAdmin.request<{ id: number }>('POST', `/api/reminder/template/${c}`, {
      name: uniqueWord('Recall invoice '),
      channel: 'sms',
      body: 'Your review at {{practiceName}} is due {{date}}.',
    });
    const product = await createProduct(zaAdmin, 45_000, 1);
    const typeName = uniqueWord('Annual review ');
    await zaAdmin.request('POST', `/api/recall/type/${c}`, {
      name: typeName,
      intervalValue: 12,
      intervalUnit: 'months',
      templateId: template.id,
      ladder: [0],
      productIds: [product.id],
    });
    const client = await createClient(zaAdmin, uniqueWord('Invoiced'), 'ZA');
    const invoice = await zaAdmin.request<{ invoiced: string }>(
      'POST',
      `/api/invoice1/${c}/product/${client.id}/${product.id}`,
    );
    const due = `${Number(invoice.invoiced.slice(0, 4)) + 1}${invoice.invoiced.slice(4)}`;
    const app = await suite.open();
    const { page } = app;
    await openRecord(page, 'za.admin', client, 'recalls');
    const table = page.getByRole('table', { name: 'Recalls', exact: true });
    await table.getByText(typeName).waitFor();
    expect(await tableRows(page, 'Recalls')).toEqual([
      expect.objectContaining({ Recall: typeName, 'Service date': invoice.invoiced, Due: due, State: 'Due' }),
    ]);
  });
});
