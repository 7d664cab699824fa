import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addDaysIso, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../db/tenancy.ts';
import { execute, selectRow, selectRows } from '../lib/sql.ts';
import { type SmtpStub, startSmtpStub } from '../modules/messaging/test-support/smtp-stub.ts';
import { DEMO_PASSWORD } from '../seed/demo-data.ts';
import { CSRF, createTestContext, freePort, TEST_ENGINE, type TestContext } from './harness.ts';

/**
 * Issue 12 point 13: two app processes (the real entry point, main.ts) on one PostgreSQL server, as behind a
 * load balancer. A session made on one is valid on the other; each message is sent once; a billing run
 * happens once; the monthly billing job both processes schedule at start runs once. PostgreSQL only: the
 * embedded engine is one process's own database.
 */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const STARTUP_MS = 60_000;

interface AppProcess {
  proc: ChildProcess;
  base: string;
}

async function startProcess(databaseUrl: string, smtpUrl: string): Promise<AppProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: smtpUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      MESSAGE_WORKER: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no start within ${STARTUP_MS} ms: ${output}`)),
      STARTUP_MS,
    );
    proc.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('Practice Desk is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    proc.on('exit', (code) => reject(new Error(`exited (${code}): ${output}`)));
  });
  return { proc, base: `http://127.0.0.1:${port}` };
}

async function call(p: AppProcess, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${p.base}${path}`, {
    method,
    headers: {
      ...CSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`not reached within ${ms} ms`);
}

describe.skipIf(TEST_ENGINE !== 'postgres')('two app processes on one PostgreSQL server', () => {
  let ctx: TestContext;
  let smtp: SmtpStub;
  let a: AppProcess;
  let b: AppProcess;
  let companyId: number;
  const count = async (query: ReturnType<typeof sql>) =>
    (await withSystem(ctx.database.db, (tx) => selectRow(tx, z.object({ n: z.number() }), query)))?.n ?? 0;

  /** Next month (Johannesburg's calendar): its monthly products are all due and none is billed yet. */
  const nextMonth = addDaysIso(`${todayIn('Africa/Johannesburg').slice(0, 7)}-01`, 40).slice(0, 7);
  /** This month's finished billing runs of the company (the ZA demo company: Johannesburg's month). */
  const monthRuns = () => sql`select count(*)::int as n from billing_runs
     where company_id = ${companyId} and status = 'done'
       and period_start = ${`${todayIn('Africa/Johannesburg').slice(0, 7)}-01`}::date`;

  beforeAll(async () => {
    ctx = await createTestContext();
    smtp = await startSmtpStub();
    companyId = (
      await withSystem(ctx.database.db, (tx) =>
        selectRow(
          tx,
          z.object({ id: z.number() }),
          sql`select company_id as id from users where username = 'za.admin'`,
        ),
      )
    )?.id as number;
    // Billing day 1: the month is due the moment either process starts, so both schedule the same job.
    await withSystem(ctx.database.db, (tx) =>
      execute(
        tx,
        sql`insert into billing_settings (company_id, billing_day) values (${companyId}, 1)
            on conflict (company_id) do update set billing_day = 1`,
      ),
    );
    if ((await count(monthRuns())) !== 0) throw new Error("the demo already has this month's billing run");
    const url = ctx.database.pool.options.connectionString ?? '';
    [a, b] = await Promise.all([startProcess(url, smtp.url), startProcess(url, smtp.url)]);
  }, 2 * STARTUP_MS);

  afterAll(async () => {
    for (const p of [a, b]) p?.proc.kill('SIGTERM');
    await smtp?.close();
    await ctx?.close();
  });

  it('accepts a session made on one process on the other, and its sign-out on both', async () => {
    const signIn = await call(a, 'POST', '/api/auth/login', undefined, {
      username: 'za.admin',
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const token = signIn.json.token as string;
    expect((await call(b, 'GET', '/api/auth/ping', token)).status).toBe(200);
    expect((await call(b, 'POST', '/api/auth/logout', token)).status).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/auth/ping', token)).status).toBe(401);
  });

  it('sends each message once when both processes run the delivery worker', async () => {
    const signIn = await call(b, 'POST', '/api/auth/login', undefined, {
      username: 'za.admin',
      password: DEMO_PASSWORD,
    });
    const token = signIn.json.token as string;
    const userId = (signIn.json.user as { id: number }).id;
    const clients = await withSystem(ctx.database.db, (tx) =>
      selectRows(
        tx,
        z.object({ id: z.number() }),
        sql`select id from clients where company_id = ${companyId} and deleted_at is null and email is not null
             order by id limit 5`,
      ),
    );
    const before = smtp.received.length;
    const sends = clients.flatMap((c, i) =>
      [a, b].map((p) =>
        call(p, 'POST', `/api/client1/${c.id}/email`, token, {
          companyId,
          userId,
          emailSubject: `Two processes ${i}`,
          emailMessage: 'Sent once',
        }),
      ),
    );
    for (const res of await Promise.all(sends)) expect(res.status).toBeLessThan(300);
    const expected = sends.length;
    await until(async () => smtp.received.length - before >= expected, 60_000);
    await new Promise((r) => setTimeout(r, 3_000)); // time for a duplicate to show up
    const mail = smtp.received.slice(before);
    expect(mail).toHaveLength(expected);
    expect(new Set(mail.map((m) => m.messageId)).size).toBe(expected);
  }, 90_000);

  it('bills a month once when both processes are asked to run it at once', async () => {
    const token = (
      await call(a, 'POST', '/api/auth/login', undefined, { username: 'za.admin', password: DEMO_PASSWORD })
    ).json.token as string;
    // Three clients hold a monthly product (the demo has none): the month has three invoices to make.
    const plan = await call(a, 'POST', `/api/billingplan/${companyId}`, token, {
      name: 'Two processes',
      amount: 1500,
      frequency: 'monthly',
    });
    const product = await call(a, 'POST', `/api/product1/${companyId}`, token, {
      name: 'Two processes',
      premium: 2500,
      value: 100000,
      billingPlanId: plan.json.id,
    });
    const holders = await withSystem(ctx.database.db, (tx) =>
      selectRows(
        tx,
        z.object({ id: z.number() }),
        sql`select id from clients where company_id = ${companyId} and deleted_at is null order by id limit 3`,
      ),
    );
    for (const c of holders)
      expect((await call(b, 'POST', `/api/clientproduct/${c.id}/${product.json.id}`, token)).status).toBe(
        201,
      );
    const answers = await Promise.all(
      [a, b, a, b].map((p) => call(p, 'POST', `/api/billingrun/${companyId}`, token, { period: nextMonth })),
    );
    for (const r of answers) expect(r.status).toBe(201);
    // The runs take the company's numbering lock in turn: the first bills the month, the rest find it billed.
    const created = answers.map((r) => r.json.invoices as number);
    expect(created.filter((n) => n > 0)).toHaveLength(1);
    const billed = sql`select count(*)::int as n from invoices
                        where company_id = ${companyId} and billing_period = ${`${nextMonth}-01`}::date`;
    const twice = sql`select count(*)::int as n from (
                        select client_product_id from invoices
                         where company_id = ${companyId} and billing_period = ${`${nextMonth}-01`}::date and status <> 'cancelled'
                         group by client_product_id having count(*) > 1) d`;
    expect(created.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(await count(billed)).toBe(3);
    expect(await count(twice)).toBe(0);
  }, 60_000);

  it('runs the monthly billing job both processes scheduled at start once', async () => {
    const runs = monthRuns();
    await until(async () => (await count(runs)) >= 1, 60_000);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await count(runs)).toBe(1);
  }, 90_000);
});
