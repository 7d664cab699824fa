import type { Page } from 'playwright-core';
import type { ApiClient } from './api.ts';
import {
  createClient,
  createProduct,
  type MadeClient,
  type MadeProduct,
  tableRows,
} from './client-records.ts';

// Written out (not imported from the contracts or the app) so a wrong message fails the tests.
export const INVOICE_TEXT = {
  created: 'Created invoice.',
  createFailed: 'Failed to create invoice. Please try again.',
  required: 'Field is required.',
  paid: 'Recorded payment.',
  payFailed: 'Failed to record payment. Please try again.',
  payRefused: 'Failed to record payment. Correct the marked fields and save again.',
  cancelled: 'Cancelled invoice.',
  emailed: 'Emailed invoice.',
  noInvoices: 'No invoices found.',
  loadFailed: 'The invoices could not be loaded.',
  notInvoicing: 'Invoicing is not enabled for your user. Ask an administrator.',
} as const;

export interface StoredInvoice {
  id: number;
  reference: string | null;
  clientId: number;
  status: string;
  invoiced: string;
  useTaxRate: 'Y' | 'N';
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
}

/** Every invoice of one client, newest first, through the lazy list the page uses. */
export async function invoicesOf(api: ApiClient, clientId: number): Promise<StoredInvoice[]> {
  const filters = encodeURIComponent(JSON.stringify({ status: 'all', clientId }));
  const page = await api.request<{ data: StoredInvoice[] }>(
    'GET',
    `/api/invoice1/all/lazyloading/${api.user.companyId}?filters=${filters}&size=100`,
  );
  return page.data;
}

export const companyConfig = (api: ApiClient) =>
  api.request<{ taxRegistered: 'Y' | 'N'; vatRateBps: number; timeZone: string }>(
    'GET',
    `/api/company/${api.user.companyId}/config`,
  );

/** Today in a time zone as YYYY-MM-DD, worked out independently of the app. */
export function todayIn(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .formatToParts(new Date())
    .map((p) => [p.type, p.value]);
  const at = Object.fromEntries(parts) as Record<string, string>;
  return `${at.year}-${at.month}-${at.day}`;
}

/** Cents as the screen shows them: R 1 234,56 (ZA, plain spaces) or £1,234.56 (UK). */
export function moneyShown(cents: number, country: 'ZA' | 'UK'): string {
  const units = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, '0');
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, country === 'ZA' ? ' ' : ',');
  return country === 'ZA' ? `R ${grouped},${rest}` : `£${grouped}.${rest}`;
}

function firstOfNextMonth(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

export interface ClientWithProduct {
  client: MadeClient;
  product: MadeProduct;
  held: { id: number; uniqueId: string };
}

/** A new client of the company holding one new product, made through the API. */
export async function clientWithProduct(
  admin: ApiClient,
  country: 'ZA' | 'UK',
  firstName: string,
  premium: number,
): Promise<ClientWithProduct> {
  const [client, product] = await Promise.all([
    createClient(admin, firstName, country),
    createProduct(admin, premium, premium * 10),
  ]);
  const held = await admin.request<{ id: number; uniqueId: string }>(
    'POST',
    `/api/clientproduct/${client.id}/${product.id}`,
  );
  // Starting next month, so the server's scheduled billing run for this month does not invoice it too.
  await admin.request('PUT', `/api/clientproduct/${held.id}`, { inception: firstOfNextMonth() });
  return { client, product, held };
}

/** An issued invoice of the client's product, made through the API (tab 17's call). */
export const invoiceViaApi = (api: ApiClient, made: ClientWithProduct, invoiced: string) =>
  api.request<StoredInvoice>('POST', `/api/invoice1/${api.user.companyId}`, {
    clientId: made.client.id,
    invoiced,
    clientProductId: made.held.id,
  });

const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The invoice table's rows once loaded, money with plain spaces. */
export async function invoiceRows(page: Page): Promise<Record<string, string>[]> {
  await page.getByRole('table', { name: 'Invoices', exact: true }).waitFor();
  await page.locator('.p-datatable-loading-overlay').waitFor({ state: 'detached' });
  return (await tableRows(page, 'Invoices')).map((row) => ({
    ...row,
    Total: plain(row.Total),
    Outstanding: plain(row.Outstanding),
  }));
}

/** Marks the document, so a test can tell a client-side navigation from a reload. */
export const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __pdMark?: number }).__pdMark = 1;
  });
export const documentMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pdMark?: number }).__pdMark === 1);
