import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { claimMessages } from './delivery/delivery.queries.ts';
import { DeliveryPublisher, PRIORITY } from './delivery/queue.ts';
import { DEFAULT_WORKER_OPTIONS, type MessageWorker, startMessageWorker } from './delivery/worker.ts';
import { type BulkSmsStub, startBulkSmsStub } from './test-support/bulksms-stub.ts';
import {
  messages,
  messagingConfig,
  setCredit,
  TEST_WORKER_OPTIONS,
  waitFor,
} from './test-support/fixture.ts';

/**
 * Issue 12 point 10: a message in flight when its worker dies settles within a minute of a restart (the
 * production lease and sweep interval), and a send that outlasts the lease keeps it (renewed) so it is
 * never taken twice.
 */

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let sms: BulkSmsStub;
let worker: MessageWorker | undefined;
let clientIds: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  sms = await startBulkSmsStub();
  await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 10_000, segmentPriceCents: 30 });
  const { rows } = await withSystem(ctx.database.db, (tx) =>
    tx.execute<{ id: number }>(
      sql`select id from clients where company_id = ${admin.user.companyId} and status = 'A'
            and mobile is not null order by id limit 2`,
    ),
  );
  clientIds = rows.map((r) => r.id);
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  sms.setBehaviour(() => 'accept');
});
afterAll(async () => {
  await sms.close();
  await ctx.close();
});

const start = async (options: typeof TEST_WORKER_OPTIONS) => {
  worker = await startMessageWorker(
    ctx.database.db,
    messagingConfig({ smsUrl: sms.url }),
    { info() {}, warn() {}, error: (m) => console.error(m) },
    options,
  );
};

async function sendSms(clientId: number, text: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${clientId}/sms`,
    headers: { ...admin.bearer, ...CSRF },
    payload: { companyId: admin.user.companyId, userId: admin.user.id, smsMessage: text },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as number;
}

const row = async (id: number) => (await messages(ctx.database.db, sql`id = ${id}`))[0];
const submissionsFor = (id: number) => sms.submissions.filter((s) => s.userSuppliedId === `pd-${id}`).length;

describe('message leases', () => {
  it('a message leased by a worker that died is delivered within a minute of the restart, once', async () => {
    const { leaseSeconds, sweepIntervalMs } = DEFAULT_WORKER_OPTIONS;
    expect(leaseSeconds).toBeLessThanOrEqual(30);
    const id = await sendSms(clientIds[0] as number, 'In flight at the crash.');
    // The crashed worker: it claimed the message (committed 'sending') and died before any outcome.
    const [claimed] = await withSystem(ctx.database.db, (tx) => claimMessages(tx, [id], leaseSeconds));
    expect(claimed).toMatchObject({ id, previous: 'queued', attempts: 1 });

    const restarted = Date.now();
    await start({ ...TEST_WORKER_OPTIONS, leaseSeconds, sweepIntervalMs }); // production lease and sweep
    await waitFor(async () => (await row(id))?.status === 'sent', 'the message to be sent', 90_000);
    const seconds = (Date.now() - restarted) / 1000;
    console.info(`lease: a message in flight at a crash settled ${seconds.toFixed(1)} s after the restart`);
    expect(seconds).toBeLessThan(60);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sms.createdFor(id)).toBe(1);
    expect(submissionsFor(id)).toBe(1);
  }, 120_000);

  it('a send running longer than the lease renews it and is not taken by a second job', async () => {
    await start({ ...TEST_WORKER_OPTIONS, leaseSeconds: 2, providerTimeoutMs: 15_000, sweepIntervalMs: 500 });
    const slowFor = (s: { body: string }) => s.body === 'A slow provider.';
    sms.setBehaviour((s) => (slowFor(s) ? { delayMs: 7_000 } : 'accept'));
    const id = await sendSms(clientIds[1] as number, 'A slow provider.');
    await waitFor(async () => submissionsFor(id) === 1, 'the provider to get the message');
    // Past the lease, while the provider still holds the request: a second job for the same message.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await row(id)).toMatchObject({ status: 'sending', attempts: 1 });
    const publisher = new DeliveryPublisher(ctx.database.db);
    await publisher.enqueue([id], PRIORITY.single);
    await waitFor(async () => (await row(id))?.status === 'sent', 'the slow send to finish', 30_000);
    await publisher.stop();
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // the second job and a few sweeps ran
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(submissionsFor(id)).toBe(1);
    expect(sms.createdFor(id)).toBe(1);
  }, 90_000);
});
