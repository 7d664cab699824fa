import type { Locator, Page, Request, Route } from 'playwright-core';
import type { ApiClient } from './api.ts';
import { visibleText } from './app.ts';

// Written out (not imported from the contracts) so a wrong catalogue entry fails the tests.
export const TEXT = {
  sentEmail: 'Sent email.',
  sentEmailFailed: 'Failed to send email. Please try again.',
  sentSms: 'Sent SMS.',
  sentSmsFailed: 'Failed to send SMS. Please try again.',
  bulkDone: 'Processed Bulk SMS.',
  bulkFailed: 'Failed to send Bulk SMS. Please try again.',
  auditAdded: 'Add audit trail for client.',
  required: 'Field is required.',
  notDelivered: 'not delivered: no provider configured',
  noAudit: 'No audit entries found.',
  loadingAudit: 'Loading the audit trail. Please wait.',
} as const;

export interface CreditAccount {
  balanceCents: number;
  segmentPriceCents: number;
  dailyCap: number;
  sentToday: number;
}
export interface BulkPreview {
  recipients: number;
  skipped: number;
  segmentsPerMessage: number;
  costCents: number;
  balanceCents: number;
}
export interface OutboxRow {
  id: number;
  clientId: number | null;
  clientName: string | null;
  userId: number | null;
  bulkSendId: number | null;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  content: string;
  status: string;
  attempts: number;
  transport: string | null;
  segments: number;
  costCents: number;
}
export interface OutboxAnswer {
  content: OutboxRow[];
  totalElements: number;
  delivery: { email: string; sms: string };
}
export interface AuditRow {
  id: number;
  at: string;
  user: string | null;
  clientId: number | null;
  clientName: string | null;
  subProcess: string;
  action: string;
  description: string;
}
export interface LedgerRow {
  id: number;
  kind: string;
  amountCents: number;
  note: string | null;
  user: string | null;
  messageId: number | null;
  bulkSendId: number | null;
}

export const credit = (api: ApiClient) =>
  api.request<CreditAccount>('GET', `/api/credit/${api.user.companyId}`);

export const setSmsSettings = (admin: ApiClient, settings: { dailyCap: number; segmentPriceCents: number }) =>
  admin.request<CreditAccount>('PUT', `/api/credit/${admin.user.companyId}/settings`, settings);

export const topUp = (admin: ApiClient, amountCents: number, note?: string) =>
  admin.request<CreditAccount>('POST', `/api/credit/${admin.user.companyId}/topup`, { amountCents, note });

/** Tops up so that at least `cents` are available. */
export async function ensureCredit(admin: ApiClient, cents: number): Promise<CreditAccount> {
  const account = await credit(admin);
  if (account.balanceCents >= cents) return account;
  return topUp(admin, Math.max(100, cents - account.balanceCents), 'e2e fixture');
}

export const bulkPreview = (api: ApiClient, message: string) =>
  api.request<BulkPreview>(
    'GET',
    `/api/client1/company/${api.user.companyId}/bulksms/preview?${new URLSearchParams({ message })}`,
  );

export const outbox = (admin: ApiClient, query: Record<string, string> = {}) =>
  admin.request<OutboxAnswer>(
    'GET',
    `/api/message1/company/${admin.user.companyId}?${new URLSearchParams({ size: '100', ...query })}`,
  );

export const ledger = (admin: ApiClient) =>
  admin.request<{ content: LedgerRow[]; totalElements: number }>(
    'GET',
    `/api/credit/${admin.user.companyId}/ledger?page=1&size=100`,
  );

/** The id of the newest ledger entry (0 when there is none). */
export const lastLedgerId = async (admin: ApiClient) => (await ledger(admin)).content[0]?.id ?? 0;

/** Ledger entries newer than `id`, newest first. */
export const ledgerSince = async (admin: ApiClient, id: number) =>
  (await ledger(admin)).content.filter((e) => e.id > id);

/**
 * Waits until the worker has settled every message of the company. Without a provider each one fails
 * ("not delivered") and its cost is refunded, so the balance moves until then.
 */
export async function waitForSettled(admin: ApiClient, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [queued, sending] = await Promise.all([
      outbox(admin, { status: 'queued', size: '1' }),
      outbox(admin, { status: 'sending', size: '1' }),
    ]);
    if (queued.totalElements + sending.totalElements === 0) return;
    if (Date.now() > deadline) throw new Error('Messages are still waiting for the delivery worker.');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const clientAudit = (api: ApiClient, clientId: number) =>
  api.request<AuditRow[]>('GET', `/api/client1/${clientId}/audittrail`);

export const companyAudit = (admin: ApiClient, query: Record<string, string>) =>
  admin.request<{ content: AuditRow[]; totalElements: number }>(
    'GET',
    `/api/audit/company/${admin.user.companyId}?${new URLSearchParams(query)}`,
  );

/** Money as shown (R 1 234,50 or £1,234.50) read back as integer cents. */
export async function centsShown(target: Locator): Promise<number> {
  const text = await visibleText(target);
  const digits = text.replace(/[^\d]/g, '');
  if (digits === '') throw new Error(`No amount in "${text}"`);
  return Number(digits);
}

/** A whole number as shown (1,234). */
export async function countShown(target: Locator): Promise<number> {
  return Number((await visibleText(target)).replace(/[^\d]/g, ''));
}

/** The answer the API gives for this GET, changed by `edit` before the page sees it. */
export async function editAnswer(page: Page, url: RegExp, edit: (body: Record<string, unknown>) => void) {
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    try {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      edit(body);
      await route.fulfill({ response, json: body });
    } catch {
      // The test ended (its context closed) while a late refetch was on its way: nothing to answer.
    }
  });
}

/** The first of what a test recorded; a clear failure when there is none. */
export function firstOf<T>(items: T[]): T {
  const first = items[0];
  if (first === undefined) throw new Error('Nothing was recorded.');
  return first;
}

/** The Idempotency-Key and JSON body of a request as it left the browser. */
export const sent = (request: Request) => ({
  key: request.headers()['idempotency-key'],
  body: request.postDataJSON() as Record<string, unknown>,
});

/** The form's text box or input by field name (ids are cf-<field> on the Clients page). */
export const clientField = (page: Page, name: string): Locator => page.locator(`#cf-${name}`);

/** Today in the company's time zone, YYYY-MM-DD. */
export const todayIn = (timeZone: string, offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
