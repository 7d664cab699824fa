import { NOT_DELIVERED_NO_PROVIDER } from '@pd/contracts';
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

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let sms: BulkSmsStub;
let smtp: SmtpStub;
let worker: MessageWorker | undefined;
let clients: { id: number; email: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  [sms, smtp] = await Promise.all([startBulkSmsStub(), startSmtpStub()]);
  const { rows } = await withSystem(ctx.database.db, (tx) =>
    tx.execute<{ id: number; email: string }>(
      sql`select id, email from clients where company_id = ${admin.user.companyId} and status = 'A' order by id`,
    ),
  );
  clients = rows;
});
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});
afterAll(async () => {
  await Promise.all([sms.close(), smtp.close()]);
  await ctx.close();
});

const startWorker = async (o: { smtp?: boolean; sms?: boolean } = { smtp: true, sms: true }) => {
  worker = await startMessageWorker(
    ctx.database.db,
    messagingConfig({ smtpUrl: o.smtp ? smtp.url : undefined, smsUrl: o.sms ? sms.url : undefined }),
    { info() {}, warn() {}, error: (m) => console.error(m) },
    TEST_WORKER_OPTIONS,
  );
};

const send = async (channel: 'email' | 'sms', clientIndex: number, text: string) => {
  const client = clients[clientIndex] as { id: number };
  const payload =
    channel === 'email'
      ? {
          companyId: admin.user.companyId,
          userId: admin.user.id,
          emailSubject: text,
          emailMessage: `Body of ${text}`,
        }
      : { companyId: admin.user.companyId, userId: admin.user.id, smsMessage: text };
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${client.id}/${channel}`,
    headers: { ...admin.bearer, ...CSRF },
    payload,
  });
  expect(res.statusCode).toBe(202);
  return res.json().id as number;
};

const settled = (ids: number[]) =>
  waitFor(
    async () => {
      const rows = await messages(ctx.database.db, sql`id = any(${sql.param(ids)}::bigint[])`);
      return rows.every((m) => m.status === 'sent' || m.status === 'failed') && rows;
    },
    `messages ${ids.join(', ')} to settle`,
  );

describe('e-mail over SMTP (nodemailer to a real SMTP server on loopback)', () => {
  it('delivers once, with our id in the Message-ID header', async () => {
    smtp.setBehaviour(() => 'accept');
    await startWorker();
    const id = await send('email', 0, 'Appointment');
    const [row] = await settled([id]);
    expect(row).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      providerRef: `<pd-${id}@practicedesk.invalid>`,
    });
    const got = smtp.received.filter((m) => m.messageId === `<pd-${id}@practicedesk.invalid>`);
    expect(got).toHaveLength(1);
    expect(got[0]?.to).toEqual([clients[0]?.email]);
    expect(got[0]?.raw).toContain('Subject: Appointment');
  });

  it('a 550 refusal fails for good; a 451 is retried and then delivered', async () => {
    const permanent = clients[1]?.email;
    let tempFailures = 0;
    smtp.setBehaviour((to) => {
      if (to === permanent) return { reply: 550 };
      if (to === clients[2]?.email && tempFailures++ === 0) return { reply: 451 };
      return 'accept';
    });
    await startWorker();
    const refused = await send('email', 1, 'Refused');
    const retried = await send('email', 2, 'Retried');
    const rows = await settled([refused, retried]);
    expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(rows[0]?.lastError).toMatch(/550/);
    expect(rows[1]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.messageId === `<pd-${retried}@practicedesk.invalid>`)).toHaveLength(
      1,
    );
  });

  it('a server that never confirms the message: failed as unknown, never sent twice', async () => {
    smtp.setBehaviour((to) => (to === clients[3]?.email ? 'hang' : 'accept'));
    await startWorker();
    const id = await send('email', 3, 'Unconfirmed');
    const [row] = await settled([id]);
    expect(row?.status).toBe('failed');
    expect(row?.lastError).toMatch(/^SMTP: /);
    await new Promise((r) => setTimeout(r, 2500)); // past a retry's backoff: nothing goes out again
    expect(smtp.received.filter((m) => m.messageId === `<pd-${id}@practicedesk.invalid>`)).toHaveLength(1);
    expect(OUTCOME_UNKNOWN).toMatch(/not sent again/);
  });
});

describe('documents e-mailed from billing', () => {
  // The sweep (60 s here) only takes messages older than the pick-up grace (30 s): these must be enqueued
  // when their transaction commits, or they would wait for a sweep.
  it('an invoice, a statement and an unpaid notice go out at once, not at the next sweep', async () => {
    smtp.setBehaviour(() => 'accept');
    await startWorker();
    const client = clients[4] as { id: number };
    const post = async (url: string, payload: object, status: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...admin.bearer, ...CSRF },
        payload,
      });
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const invoice = await post(
      `/api/invoice1/${admin.user.companyId}`,
      {
        clientId: client.id,
        invoiced: '2026-02-05',
        lines: [{ description: 'Assessment', quantity: 1, unitPriceCents: 20_000 }],
      },
      201,
    );
    const ids = [
      (await post(`/api/invoice1/email/${invoice.id}`, {}, 202)).messageId,
      (
        await post(
          `/api/statement/${client.id}/email`,
          { type: 'C', startDate: '2026-02-01', endDate: '2026-02-28' },
          202,
        )
      ).messageId,
      (
        await post(
          `/api/unpaid/client/${client.id}`,
          { unpaidType: 'G', unpaidAmountOutstanding: 1_000 },
          201,
        )
      ).notice.messageId,
    ] as number[];
    const rows = await waitFor(
      async () => {
        const found = await messages(ctx.database.db, sql`id = any(${sql.param(ids)}::bigint[])`);
        return found.every((m) => m.status === 'sent') && found;
      },
      'the billing e-mails to be delivered',
      15_000,
    );
    expect(rows.map((m) => m.transport)).toEqual(['smtp', 'smtp', 'smtp']);
  });
});

describe('SMS through the BulkSMS JSON API (a local server speaking it)', () => {
  it('sends with our reference, a deduplication id and Basic auth; the provider id is kept', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 1000, segmentPriceCents: 30 });
    sms.setBehaviour(() => 'accept');
    await startWorker();
    const id = await send('sms', 0, 'Héllo ✓');
    const [row] = await settled([id]);
    const created = sms.accepted.find((m) => m.userSuppliedId === `pd-${id}`);
    expect(row).toMatchObject({ status: 'sent', transport: 'bulksms', providerRef: created?.id });
    expect(created).toMatchObject({ encoding: 'UNICODE', deduplicationId: String(id), body: 'Héllo ✓' });
    expect(created?.to).toMatch(/^\+27\d{9}$/);
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 970, ledger: 970 });
  });

  it('refunds what the provider rejects: a 400 answer and a FAILED status', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 1000, segmentPriceCents: 30 });
    sms.setBehaviour((s) =>
      s.body === 'bad'
        ? { status: 400, title: 'Bad Request', detail: 'to: invalid phone number' }
        : s.body === 'noroute'
          ? 'failed-status'
          : 'accept',
    );
    await startWorker();
    const ids = [await send('sms', 1, 'bad'), await send('sms', 2, 'noroute'), await send('sms', 3, 'fine')];
    const rows = await settled(ids);
    expect(rows.map((m) => m.status)).toEqual(['failed', 'failed', 'sent']);
    expect(rows[0]?.lastError).toBe('BulkSMS 400: Bad Request: to: invalid phone number');
    expect(rows[1]?.lastError).toBe('BulkSMS: FAILED.NOT_SENT');
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 970, ledger: 970 });
    const refunds = await withSystem(ctx.database.db, (tx) =>
      tx.execute(
        sql`select message_id from sms_credit_ledger where kind = 'refund' and message_id = any(${sql.param(ids)}::bigint[])`,
      ),
    );
    expect(refunds.rows).toHaveLength(2);
  });

  it('retries server errors and timeouts; the deduplication id keeps it to one message', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 1000 });
    sms.setBehaviour((s) => {
      const earlier = sms.submissions.filter((x) => x.userSuppliedId === s.userSuppliedId).length;
      if (s.body === 'flaky' && earlier === 1) return { status: 503, title: 'Service Unavailable' };
      if (s.body === 'slow' && earlier === 1) return 'hang'; // created, but the answer never comes
      return 'accept';
    });
    await startWorker();
    const ids = [await send('sms', 4, 'flaky'), await send('sms', 5, 'slow')];
    const rows = await settled(ids);
    expect(rows.map((m) => [m.status, m.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    for (const id of ids) expect(sms.createdFor(id)).toBe(1);
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 940, ledger: 940 });
  });

  it('gives up after the last attempt when the provider keeps refusing the credentials, and refunds', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 1000 });
    sms.setBehaviour(() => ({ status: 401, title: 'Unauthorized', detail: 'Bad credentials' }));
    await startWorker();
    const id = await send('sms', 6, 'never');
    const [row] = await settled([id]);
    expect(row).toMatchObject({ status: 'failed', attempts: TEST_WORKER_OPTIONS.maxAttempts });
    expect(row?.lastError).toBe('Gave up after 3 attempts: BulkSMS 401: Unauthorized: Bad credentials');
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 1000, ledger: 1000 });
  }, 40_000);
});

describe('without providers: the development outbox', () => {
  it('marks both channels not delivered, refunds the SMS, and the outbox page says so', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 1000 });
    await startWorker({});
    const ids = [await send('email', 7, 'Dev mail'), await send('sms', 7, 'Dev text')];
    const rows = await settled(ids);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'failed',
        transport: 'outbox',
        lastError: NOT_DELIVERED_NO_PROVIDER,
      });
    }
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 1000, ledger: 1000 });
    const page = await ctx.app.inject({
      url: `/api/message1/company/${admin.user.companyId}`,
      headers: admin.bearer,
    });
    expect(page.json().content[0]).toMatchObject({
      id: ids[1],
      transport: 'outbox',
      lastError: NOT_DELIVERED_NO_PROVIDER,
    });
  });
});

describe('the sweep', () => {
  it('enqueues a message no job carries (e.g. the process stopped between commit and enqueue)', async () => {
    sms.setBehaviour(() => 'accept');
    const orphan = await withSystem(ctx.database.db, async (tx) => {
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into messages (company_id, client_id, channel, recipient, content, segments, next_attempt_at)
        values (${admin.user.companyId}, ${clients[8]?.id}, 'sms', '+27825550123', 'orphan', 1, now() - interval '1 second')
        returning id`);
      return rows[0]?.id as number;
    });
    await startWorker(); // sweeps on start
    const [row] = await settled([orphan]);
    expect(row?.status).toBe('sent');
    expect(sms.createdFor(orphan)).toBe(1);
  });
});
