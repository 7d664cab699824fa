import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type BulkSmsStub,
  STUB_CREDENTIALS,
  startBulkSmsStub,
} from '../apps/api/src/modules/messaging/test-support/bulksms-stub.ts';
import { ApiClient } from './support/api.ts';
import { visibleText, waitForHash } from './support/app.ts';
import { useBrowserSuite } from './support/browser.ts';
import { createClient, uniqueWord } from './support/client-records.ts';
import { bookSoon } from './support/diary.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { cells, screenshot, signInAs, unique } from './support/settings.ts';

/**
 * Issue 16, part 4, end to end: a server with an SMS provider (the local fake BulkSMS) sends a reminder; the
 * client answers "C" from their phone; the reply schedule (every minute) reads it from the provider and cancels the appointment, and the Reminders page's replies say so. A server of its own: the
 * suite's has no provider, and its tests expect "not delivered".
 */
const ZONE = 'Africa/Johannesburg';
let stub: BulkSmsStub | undefined;
let server: RunningServer | undefined;
let zaAdmin: ApiClient;

const suite = useBrowserSuite(async () => {
  stub = await startBulkSmsStub();
  server = await startServer({
    env: { SMS_PROVIDER: 'bulksms', SMS_API_KEY: STUB_CREDENTIALS, SMS_API_URL: stub.url },
    log: join(tmpdir(), 'pd-e2e-sms-provider-server.log'),
  });
  zaAdmin = await ApiClient.signIn('za.admin', undefined, server.baseUrl);
}, 150_000);
afterAll(async () => {
  await server?.stop();
  await stub?.close();
});

/** Polls `probe` every 3 s until it answers something, for at most `seconds`. */
async function eventually<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  seconds: number,
): Promise<T> {
  for (let waited = 0; ; waited += 3) {
    const found = await probe();
    if (found !== undefined) return found;
    if (waited >= seconds) throw new Error(`Nothing after ${seconds} s`);
    await new Promise((r) => setTimeout(r, 3000));
  }
}

describe('an SMS reply through the provider', () => {
  it('"C" to a reminder cancels the appointment (reason client) and the replies list says so', async () => {
    const c = zaAdmin.user.companyId;
    const type = await zaAdmin.request<{ id: number }>('POST', `/api/appointment/type/${c}`, {
      name: unique('Reply e2e visit'),
      durationMinutes: 30,
    });
    const template = await zaAdmin.request<{ id: number }>('POST', `/api/reminder/template/${c}`, {
      name: unique('Soon'),
      channel: 'sms',
      body: 'Reminder: {{date}} at {{time}}. Reply C to cancel.',
    });
    // A reminder 3 minutes before (a booking notice would wait out its grace of several minutes).
    await zaAdmin.request('POST', `/api/reminder/rule/${c}`, {
      typeId: type.id,
      channel: 'sms',
      templateId: template.id,
      offsetValue: 3,
      offsetUnit: 'minutes',
    });
    const client = await createClient(zaAdmin, uniqueWord('Replier'), 'ZA');
    // Its reminder is due 3 minutes before the start.
    const booked = await bookSoon(zaAdmin, { clientId: client.id, typeId: type.id }, ZONE, 5, 12);

    // The reminder schedule (every 30 s) sends the notice; the provider takes it.
    const notice = await eventually(
      () => stub?.accepted.find((m) => m.body.startsWith('Reminder:')),
      120,
    ).catch(async (error: Error) => {
      const dispatches = await zaAdmin.request('GET', `/api/reminder/appointment/${booked.id}`);
      const sent = await zaAdmin.request('GET', `/api/outbox/${c}?page=1&size=5`).catch(String);
      throw new Error(
        `${error.message}: no notice reached the provider. Dispatches ${JSON.stringify(dispatches)}; outbox ${JSON.stringify(sent)}; submissions ${JSON.stringify(stub?.submissions)}`,
      );
    });
    // The client answers from their phone.
    stub?.receive(notice.to, 'C', notice.id);

    const { page } = await suite.open({ baseURL: server?.baseUrl });
    await signInAs(page, 'za.reception');
    await page.getByRole('menuitem', { name: 'Reminders' }).click();
    await waitForHash(page, '#/commonReminders');
    await page.getByRole('button', { name: 'Show all replies' }).click();
    const replies = page.getByRole('region', { name: 'SMS replies' });
    const row = replies.getByRole('row').filter({ hasText: client.name });
    // The reply schedule reads the provider every minute.
    await eventually(async () => {
      if ((await row.count()) > 0) return true;
      await page.reload();
      await page.getByRole('button', { name: 'Show all replies' }).click();
      return undefined;
    }, 150);
    expect((await cells(row)).join(' | ')).toContain('Cancelled the appointment');
    await screenshot(page, 'sms-reply-cancelled');

    const appointment = await zaAdmin.request<{ status: string; cancelReason: string | null }>(
      'GET',
      `/api/appointment/${booked.id}`,
    );
    expect(appointment).toMatchObject({ status: 'cancelled', cancelReason: 'client' });
    expect(await visibleText(page.getByRole('heading', { name: /^Replies/ }))).toBe('Replies (0 to handle)');
  }, 360_000);
});
