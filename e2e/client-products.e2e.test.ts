import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedIn } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { useBrowserSuite } from './support/browser.ts';
import {
  type ApiClient,
  chooseRowAction,
  clientProducts,
  clientsAddress,
  createClient,
  createProduct,
  gotoPanel,
  holdResponses,
  type MadeClient,
  type MadeProduct,
  MESSAGES,
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

const suite = useBrowserSuite();
const [zaAdmin, zaEvolve, ukAdmin, ukAdviser] = signedIn('za.admin', 'za.evolve', 'uk.admin', 'uk.adviser');

/** Money as a person reads it: the no-break spaces of R 1 234,56 become plain ones. */
const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const productsTable = (page: Page) => page.getByRole('table', { name: 'Client products', exact: true });

async function productRows(page: Page) {
  await productsTable(page).waitFor();
  await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
  return (await tableRows(page, 'Client products')).map(
    (row): Record<string, string> => ({ ...row, Premium: plain(row.Premium), Value: plain(row.Value) }),
  );
}

/** A client of the company holding one product, both made through the API. */
async function clientWithProduct(admin: ApiClient, user: ApiClient, country: 'ZA' | 'UK') {
  const [client, product] = await Promise.all([
    createClient(admin, uniqueWord('Prod'), country),
    createProduct(admin, 123_456, 5_000_000),
  ]);
  const held = await user.request<{ id: number; uniqueId: string }>(
    'POST',
    `/api/clientproduct/${client.id}/${product.id}`,
  );
  return { client, product, held };
}

describe('Add product to client (tab 6) and View client products (tab 7)', () => {
  let client: MadeClient;
  let product: MadeProduct;

  it('za.evolve adds a product from the row menu: toast, then tab 7 lists it in rand', async () => {
    [client, product] = await Promise.all([
      createClient(zaAdmin, uniqueWord('Prod'), 'ZA'),
      createProduct(zaAdmin, 123_456, 5_000_000),
    ]);
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');

    expect(await openRowMenu(page, client, true)).toEqual(
      expect.arrayContaining(['Add Product', 'View Products']),
    );
    await page.keyboard.press('Escape');
    expect(await openRowMenu(page, client)).toContain('Add Product');
    await chooseRowAction(page, 'Add Product', clientsAddress(6, client.id));
    await panelHeading(page, `Add product to client: ${client.name}`).waitFor();

    // Nothing chosen: the field says so and nothing is sent.
    const posts = recordRequests(page, 'POST', /\/api\/clientproduct\//);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await visibleText(page.getByTestId('product-error'))).toBe(MESSAGES.required);
    expect(await page.locator('#add-product-choice').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toHaveLength(0);

    await pickOption(page, 'add-product-choice', product.name);
    const chosen = plain(await visibleText(page.getByTestId('chosen-product')));
    expect(chosen).toContain(product.planName);
    expect(chosen).toContain('R 1 234,56');
    await screenshot(page, 'products-add');

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await toastWith(page, MESSAGES.addedProduct)).toBe('Successful');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.postData()).toBeNull();
    await waitForHash(page, clientsAddress(7, client.id));
    await panelHeading(page, `View client products: ${client.name}`).waitFor();

    const rows = await productRows(page);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Name: product.name,
      'Billing plan': product.planName,
      Premium: 'R 1 234,56',
      Value: 'R 50 000,00',
      Status: 'Active',
    });
    expect(rows[0]?.['Unique number']).toMatch(/^CP-\d{6,}$/);
    const stored = await clientProducts(zaEvolve, client.id);
    expect(stored.map((p) => p.uniqueId)).toEqual([rows[0]?.['Unique number']]);
    await screenshot(page, 'products-view');

    const violations = await seriousViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('a UK adviser sees pounds, 100 rows a page with 10/20/50/100, and Add product opens tab 6', async () => {
    const { client: ukClient } = await clientWithProduct(ukAdmin, ukAdviser, 'UK');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'uk.adviser');
    await gotoPanel(page, 7, ukClient.id);
    const rows = await productRows(page);
    expect(rows.map((r) => [r.Premium, r.Value])).toEqual([['£1,234.56', '£50,000.00']]);

    const paginator = page.locator('.record-table .p-paginator');
    expect(plain(await visibleText(paginator.locator('.p-dropdown-label')))).toBe('100');
    await paginator.locator('.p-dropdown').click();
    const sizes = await page.locator('.p-dropdown-panel').getByRole('option').allInnerTexts();
    expect(sizes.map((s) => s.trim())).toEqual(['10', '20', '50', '100']);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Add product' }).click();
    await waitForHash(page, clientsAddress(6, ukClient.id));
  });
});

describe('Update client product (tab 18)', () => {
  it('termination before inception shows the API error and changes nothing; a valid update persists', async () => {
    const { client, product, held } = await clientWithProduct(zaAdmin, zaEvolve, 'ZA');
    const [before] = await clientProducts(zaEvolve, client.id);
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    await gotoPanel(page, 7, client.id);
    await productRows(page);
    await page.getByRole('button', { name: `Update ${held.uniqueId} ${product.name}` }).click();
    await waitForHash(page, clientsAddress(18, client.id, held.id));
    await panelHeading(page, `Update client product: ${client.name}`).waitFor();

    expect(await page.locator('#cf-name').inputValue()).toBe(product.name);
    expect(plain(await page.locator('#cf-premium').inputValue())).toBe('R 1 234,56');
    expect(await page.locator('#cf-inception').inputValue()).toBe(before?.inception);
    expect(await visibleText(page.getByTestId('product-identity'))).toContain(held.uniqueId);
    // Created and updated are shown, never editable.
    expect(await page.getByTestId('product-created').locator('input').count()).toBe(0);

    const termination = page.locator('#cf-termination');
    await termination.click();
    await termination.pressSequentially('2000-01-01', { delay: 20 });
    await termination.press('Escape');
    const premium = page.locator('#cf-premium');
    await premium.click();
    await premium.press('Control+a');
    await premium.pressSequentially('2500', { delay: 20 });

    const puts = recordRequests(page, 'PUT', /\/api\/clientproduct\/\d+$/);
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await toastWith(page, MESSAGES.updateProductRefused)).toBe('Error');
    await page.getByTestId('termination-error').waitFor();
    expect(await visibleText(page.getByTestId('termination-error'))).toMatch(/before the inception date/);
    expect(await termination.getAttribute('aria-invalid')).toBe('true');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.postDataJSON()).toMatchObject({ termination: '2000-01-01', premium: 250_000 });
    await screenshot(page, 'products-update-error');
    const [unchanged] = await clientProducts(zaEvolve, client.id);
    expect(unchanged).toEqual(before);

    await termination.click();
    await termination.press('Control+a');
    await termination.pressSequentially('2099-12-31', { delay: 20 });
    await termination.press('Escape');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    expect(await toastWith(page, MESSAGES.updatedProduct)).toBe('Successful');
    await waitForHash(page, clientsAddress(7, client.id));
    const rows = await productRows(page);
    expect(rows.map((r) => r.Premium)).toEqual(['R 2 500,00']);

    const [after] = await clientProducts(zaEvolve, client.id);
    expect(after).toMatchObject({
      premium: 250_000,
      termination: '2099-12-31',
      inception: before?.inception,
    });
  });
});

describe('Delete client product (tab 19)', () => {
  it('needs Yes (No is the default); then the row is gone and tab 7 shows the empty message', async () => {
    const { client, product, held } = await clientWithProduct(zaAdmin, zaEvolve, 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    await gotoPanel(page, 7, client.id);
    await productRows(page);
    await page.getByRole('button', { name: `Delete ${held.uniqueId} ${product.name}` }).click();
    await waitForHash(page, clientsAddress(19, client.id, held.id));
    await panelHeading(page, `Delete client product: ${client.name}`).waitFor();

    expect(await page.getByLabel('No, keep this product').isChecked()).toBe(true);
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.isDisabled()).toBe(true);
    const deletes = recordRequests(page, 'DELETE', /\/api\/clientproduct\//);
    await page.getByLabel('Yes, delete this product').check();
    await screenshot(page, 'products-delete');
    await remove.click();
    expect(await toastWith(page, MESSAGES.deletedProduct)).toBe('Successful');
    expect(deletes.map((r) => new URL(r.url()).search)).toEqual(['?answer=Y']);
    await waitForHash(page, clientsAddress(7, client.id));
    await productsTable(page).waitFor();
    await page.getByText(MESSAGES.noProducts).waitFor();
    expect(await productRows(page)).toEqual([]);
    expect(await clientProducts(zaEvolve, client.id)).toEqual([]);
  });

  it('tab 7 says it is loading while the products are on their way, then that there are none', async () => {
    const client = await createClient(zaAdmin, uniqueWord('Prod'), 'ZA');
    const app = await suite.open();
    const { page } = app;
    await signInAs(page, 'za.evolve');
    const hold = await holdResponses(page, /\/api\/clientproduct\/\d+$/);
    await gotoPanel(page, 7, client.id);
    await page.getByText(MESSAGES.loadingProducts).waitFor();
    expect(await page.getByText(MESSAGES.noProducts).count()).toBe(0);
    await screenshot(page, 'products-loading');
    hold.release();
    await page.getByText(MESSAGES.noProducts).waitFor();
    expect(await page.getByText(MESSAGES.loadingProducts).count()).toBe(0);
  });
});
