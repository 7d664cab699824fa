import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { OUTCOME_UNKNOWN } from './delivery/deliver.ts';
import { type MessageWorker, startMessageWorker } from './delivery/worker.ts';
import { type BulkSmsStub, startBulkSmsStub } from './test-support/bulksms-stub.ts';
import {
  credit,
  messages,
  messagingConfig,
  setCredit,
  TEST_WORKER_OPTIONS,
  waitFor,
} from './test-support/fixture.ts';
import { type SmtpStub, startSmtpStub } from './test-support/smtp-stub.ts';

/**
 * Done-when: kill the worker mid-delivery (SIGKILL: no handler runs, no outcome is recorded), restart,
 * and find no duplicate and no lost message. The killed worker is a child process on the same database.
 */

const WORKER_SCRIPT = fileURLToPath(new URL('./test-support/worker-process.ts', import.meta.url));

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let sms: BulkSmsStub;
let smtp: SmtpStub;
let child: ChildProcess | undefined;
let restarted: MessageWorker | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  // The embedded engine's socket takes four connections: two for this process, two for the child.
  ctx.database.pool.options.max = 2;
  admin = await login(ctx.app, 'za.admin');
  [sms, smtp] = await Promise.all([startBulkSmsStub(), startSmtpStub()]);
});
afterEach(async () => {
  child?.kill('SIGKILL');
  await restarted?.stop();
  restarted = undefined;
});
afterAll(async () => {
  await Promise.all([sms.close(), smtp.close()]);
  await ctx.close();
});

async function spawnWorker(): Promise<ChildProcess> {
  expect(ctx.database.pool.totalCount).toBeLessThanOrEqual(2);
  const config = JSON.stringify({ smsUrl: sms.url, smtpUrl: smtp.url });
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', WORKER_SCRIPT, ctx.database.pool.options.connectionString ?? '', config],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let errors = '';
  proc.stderr?.on('data', (d: Buffer) => {
    errors += d.toString();
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    proc.on('exit', (code) => reject(new Error(`worker exited (${code}): ${errors}`)));
  });
  child = proc;
  return proc;
}

async function kill(proc: ChildProcess) {
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
  child = undefined;
}

const restart = async () => {
  restarted = await startMessageWorker(
    ctx.database.db,
    messagingConfig({ smsUrl: sms.url, smtpUrl: smtp.url }),
    { info() {}, warn() {}, error: (m) => console.error(m) },
    TEST_WORKER_OPTIONS,
  );
};

const allSettled = (ids: number[]) =>
  waitFor(
    async () => {
      const rows = await messages(ctx.database.db, sql`id = any(${sql.param(ids)}::bigint[])`);
      return rows.every((m) => m.status === 'sent' || m.status === 'failed') && rows;
    },
    'every message to settle after the restart',
    40_000,
  );

describe('a worker killed mid-delivery, then restarted', () => {
  it('bulk SMS: every message reaches the provider exactly once', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 10_000, segmentPriceCents: 30 });
    const worker = await spawnWorker();
    // The 5th and 6th go out together (pairs): the 5th is created but its answer never comes; the 6th never
    // gets through at all. Killed then, the worker leaves both 'sending' and the rest queued.
    const base = sms.submissions.length;
    sms.setBehaviour((_, n) => (n === base + 5 ? 'hang' : n === base + 6 ? 'hang-unrecorded' : 'accept'));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/client1/company/${admin.user.companyId}/bulksms`,
      headers: { ...admin.bearer, ...CSRF },
      payload: { message: 'Clinic closed on Friday.' },
    });
    expect(res.statusCode).toBe(202);
    const ids = (await messages(ctx.database.db, sql`bulk_send_id = ${res.json().bulkSendId}`)).map(
      (m) => m.id,
    );
    expect(ids.length).toBeGreaterThan(7);
    await waitFor(async () => sms.submissions.length >= base + 6, 'the 5th and 6th submissions');
    await kill(worker);
    const inFlight = await messages(ctx.database.db, sql`status = 'sending'`);
    expect(inFlight).toHaveLength(2);
    expect((await messages(ctx.database.db, sql`status = 'sent'`)).length).toBe(4);

    sms.setBehaviour(() => 'accept');
    await restart();
    const rows = await allSettled(ids);
    expect(rows.every((m) => m.status === 'sent')).toBe(true);
    for (const id of ids) expect(sms.createdFor(id)).toBe(1); // none lost, none twice
    const [created, lost] = inFlight.map((m) => m.id) as [number, number];
    // The one the provider had was found by its reference, not sent again; the other was sent once more.
    expect(sms.submissions.filter((s) => s.userSuppliedId === `pd-${created}`)).toHaveLength(1);
    expect(sms.submissions.filter((s) => s.userSuppliedId === `pd-${lost}`)).toHaveLength(2);
    const balance = await credit(ctx.database.db, admin.user.companyId);
    expect(balance).toEqual({ balance: 10_000 - ids.length * 30, ledger: 10_000 - ids.length * 30 });
  }, 90_000);

  it('e-mail: the one the mail server may have is not sent again; the others are delivered once', async () => {
    const worker = await spawnWorker();
    const targets = await withSystem(ctx.database.db, (tx) =>
      tx.execute<{ id: number; email: string }>(sql`select id, email from clients
        where company_id = ${admin.user.companyId} and email is not null and deleted_at is null order by id limit 5`),
    );
    const third = targets.rows[2]?.email;
    smtp.setBehaviour((to) => (to === third ? 'hang' : 'accept'));
    const ids: number[] = [];
    for (const client of targets.rows) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/client1/${client.id}/email`,
        headers: { ...admin.bearer, ...CSRF },
        payload: { companyId: admin.user.companyId, userId: admin.user.id, emailSubject: `For ${client.id}` },
      });
      ids.push(res.json().id);
    }
    await waitFor(
      async () => smtp.received.some((m) => m.to.includes(third ?? '')),
      'the third e-mail to arrive',
    );
    await kill(worker);
    smtp.setBehaviour(() => 'accept');
    await restart();
    const rows = await allSettled(ids);
    const hung = ids[2] as number;
    expect(rows.find((m) => m.id === hung)).toMatchObject({ status: 'failed', lastError: OUTCOME_UNKNOWN });
    expect(rows.filter((m) => m.id !== hung).every((m) => m.status === 'sent')).toBe(true);
    for (const id of ids) {
      expect(smtp.received.filter((m) => m.messageId === `<pd-${id}@practicedesk.invalid>`)).toHaveLength(1);
    }
  }, 90_000);
});
