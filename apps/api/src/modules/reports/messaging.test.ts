import { addMonthsIso, type MessagingReport, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, type Session } from '../invoices/invoice-test-support.ts';

/** Issue 19, part 4: the messaging report, checked against a computation of its own from the stored rows. */
let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
const ZONE = 'Africa/Johannesburg';
const FROM = '2025-05';
const TO = '2025-07';
const report = (who: Session, query = '') =>
  call.get(`/api/report/messaging/${who.user.companyId}${query ? `?${query}` : ''}`, who);
const system = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(ctx.database.db, fn);

const message = (
  at: string,
  channel: string,
  status: string,
  segments: number,
  cost: number,
  bulk?: number,
) =>
  system((tx) =>
    tx.execute(sql`
      insert into messages (company_id, channel, recipient, content, status, segments, cost_cents, bulk_send_id,
                            created_at)
      values (${za.user.companyId}, ${channel}, ${channel === 'sms' ? '+27821234567' : 'a@example.com'}, 'Report test',
              ${status}, ${segments}, ${cost}, ${bulk ?? null}, (${at}::timestamp at time zone ${ZONE}))`),
  );
const ledger = (at: string, kind: string, cents: number) =>
  system((tx) =>
    tx.execute(sql`
      insert into sms_credit_ledger (company_id, kind, amount_cents, created_at)
      values (${za.user.companyId}, ${kind}, ${cents}, (${at}::timestamp at time zone ${ZONE}))`),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  const bulk =
    (
      await system((tx) =>
        selectRow(
          tx,
          z.object({ id: z.number() }),
          sql`insert into bulk_sms_sends (company_id, message, recipients, cost_cents, created_at)
              values (${za.user.companyId}, 'Report test', 2, 60, '2025-06-10T08:00:00Z')
              returning id::float8 as id`,
        ),
      )
    )?.id ?? 0;
  await ledger('2025-05-31 23:30', 'topup', 10_000); // late on the last of May, local time: May
  await ledger('2025-06-03 09:00', 'debit', -90);
  await ledger('2025-06-10 10:00', 'debit', -60);
  await ledger('2025-06-11 09:00', 'refund', 30);
  await message('2025-06-03 09:00', 'sms', 'sent', 2, 60);
  await message('2025-06-03 09:05', 'sms', 'failed', 1, 30); // refunded: not charged
  await message('2025-06-04 09:00', 'email', 'sent', 0, 0);
  await message('2025-06-04 09:01', 'email', 'failed', 0, 0);
  await message('2025-06-04 09:02', 'email', 'queued', 0, 0); // neither sent nor failed
  await message('2025-06-10 10:00', 'sms', 'sent', 1, 30, bulk);
  await message('2025-06-10 10:00', 'sms', 'queued', 1, 30, bulk);
  await message('2025-07-01 00:30', 'sms', 'sent', 3, 90); // early on 1 July local (still 30 June UTC)
});
afterAll(() => ctx.close());

const storedMessage = z.object({
  id: z.number(),
  bulk: z.boolean(),
  month: z.string(),
  channel: z.string(),
  status: z.string(),
  segments: z.number(),
  cost: z.number(),
});

/** The report computed here from the stored rows, without the report's SQL. */
async function expected(companyId: number, zone: string, from: string, to: string, kind?: string) {
  const s = await system(async (tx) => ({
    messages: await selectRows(
      tx,
      storedMessage,
      sql`select id::float8 as id, bulk_send_id is not null as bulk,
                 to_char(created_at at time zone ${zone}, 'YYYY-MM') as month, channel, status,
                 segments::float8 as segments, cost_cents::float8 as cost
            from messages where company_id = ${companyId}`,
    ),
    reminders: await selectRows(
      tx,
      z.object({ id: z.number() }),
      sql`select message_id::float8 as id from reminder_dispatches where company_id = ${companyId} and message_id is not null`,
    ),
    recalls: await selectRows(
      tx,
      z.object({ id: z.number() }),
      sql`select message_id::float8 as id from recall_notices where company_id = ${companyId}`,
    ),
    ledger: await selectRows(
      tx,
      z.object({ month: z.string(), kind: z.string(), amount: z.number() }),
      sql`select to_char(created_at at time zone ${zone}, 'YYYY-MM') as month, kind, amount_cents::float8 as amount
            from sms_credit_ledger where company_id = ${companyId}`,
    ),
  }));
  const reminders = new Set(s.reminders.map((r) => r.id));
  const recalls = new Set(s.recalls.map((r) => r.id));
  const kindOf = (m: z.infer<typeof storedMessage>) =>
    m.bulk ? 'bulk' : reminders.has(m.id) ? 'reminder' : recalls.has(m.id) ? 'recall' : 'single';
  const figures = (list: z.infer<typeof storedMessage>[]) => {
    const charged = list.filter((m) => m.channel === 'sms' && m.status !== 'failed');
    return {
      smsMessages: charged.length,
      smsSegments: charged.reduce((t, m) => t + m.segments, 0),
      smsCostCents: charged.reduce((t, m) => t + m.cost, 0),
      emailsSent: list.filter((m) => m.channel === 'email' && m.status === 'sent').length,
      failures: list.filter((m) => m.status === 'failed').length,
    };
  };
  const months: string[] = [];
  for (let m = from; m <= to; m = addMonthsIso(m, 1)) months.push(m);
  const wanted = s.messages.filter((m) => months.includes(m.month) && (!kind || kindOf(m) === kind));
  const rows = months.flatMap((month) =>
    ['bulk', 'recall', 'reminder', 'single']
      .map((k) => ({ month, kind: k, list: wanted.filter((m) => m.month === month && kindOf(m) === k) }))
      .filter((r) => r.list.length > 0)
      .map((r) => ({ month: r.month, kind: r.kind, ...figures(r.list) })),
  );
  const sumOf = (month: string, k: string) =>
    s.ledger.filter((l) => l.month === month && l.kind === k).reduce((t, l) => t + l.amount, 0);
  return {
    months: months.map((month) => ({
      month,
      ...figures(wanted.filter((m) => m.month === month)),
      topUpCents: sumOf(month, 'topup'),
      spentCents: 0 - sumOf(month, 'debit'),
      refundCents: sumOf(month, 'refund'),
      balanceCents: s.ledger.filter((l) => l.month <= month).reduce((t, l) => t + l.amount, 0),
    })),
    rows,
  };
}

describe('messaging report', () => {
  it('matches the messages and the credit ledger computed independently, with totals', async () => {
    const res = await report(za, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: MessagingReport = res.json();
    expect([body.from, body.to, body.currency, body.kind]).toEqual([FROM, TO, 'ZAR', null]);
    const want = await expected(za.user.companyId, ZONE, FROM, TO);
    expect(body.months).toEqual(want.months);
    expect(body.rows).toEqual(want.rows);
    const june = body.months.find((m) => m.month === '2025-06');
    // What this test wrote, by hand: 3 SMS charged (2 + 1 + 1 segments, 60 + 30 + 30), the failed one
    // refunded; 1 e-mail sent; 2 failures; debits 150, a refund of 30.
    expect(june).toMatchObject({
      smsMessages: 3,
      smsSegments: 4,
      smsCostCents: 120,
      emailsSent: 1,
      failures: 2,
    });
    expect(june).toMatchObject({ topUpCents: 0, spentCents: 150, refundCents: 30 });
    expect(body.rows.find((r) => r.month === '2025-06' && r.kind === 'bulk')).toMatchObject({
      smsMessages: 2,
      smsCostCents: 60,
    });
    expect(body.months.find((m) => m.month === '2025-05')?.topUpCents).toBeGreaterThanOrEqual(10_000);
    expect(body.months.find((m) => m.month === '2025-07')?.smsSegments).toBeGreaterThanOrEqual(3);
    const balanceJune = (june?.balanceCents ?? 0) - (body.months[0]?.balanceCents ?? 0);
    expect(balanceJune).toBe(-150 + 30);
    expect(body.totals).toEqual({
      smsMessages: want.months.reduce((t, m) => t + m.smsMessages, 0),
      smsSegments: want.months.reduce((t, m) => t + m.smsSegments, 0),
      smsCostCents: want.months.reduce((t, m) => t + m.smsCostCents, 0),
      emailsSent: want.months.reduce((t, m) => t + m.emailsSent, 0),
      failures: want.months.reduce((t, m) => t + m.failures, 0),
      topUpCents: want.months.reduce((t, m) => t + m.topUpCents, 0),
      spentCents: want.months.reduce((t, m) => t + m.spentCents, 0),
      refundCents: want.months.reduce((t, m) => t + m.refundCents, 0),
      balanceCents: want.months.at(-1)?.balanceCents,
    });
  });

  it('by kind: only that kind’s messages; the balance stays the company’s', async () => {
    const all: MessagingReport = (await report(za, `from=${FROM}&to=${TO}`)).json();
    const bulk: MessagingReport = (await report(za, `from=${FROM}&to=${TO}&kind=bulk`)).json();
    expect(bulk.kind).toBe('bulk');
    const want = await expected(za.user.companyId, ZONE, FROM, TO, 'bulk');
    expect(bulk.months).toEqual(want.months);
    expect(bulk.rows.every((r) => r.kind === 'bulk')).toBe(true);
    expect(bulk.months.map((m) => m.balanceCents)).toEqual(all.months.map((m) => m.balanceCents));
    const single: MessagingReport = (await report(za, `from=${FROM}&to=${TO}&kind=single`)).json();
    expect(single.months.find((m) => m.month === '2025-06')?.failures).toBe(2);
  });

  it('never another company’s; a company without messages has zeros', async () => {
    const res = await report(uk, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: MessagingReport = res.json();
    expect(body.months).toEqual((await expected(uk.user.companyId, 'Europe/London', FROM, TO)).months);
    expect(body.currency).toBe('GBP');
    expect((await call.get(`/api/report/messaging/${za.user.companyId}`, uk)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const thisMonth = todayIn(ZONE).slice(0, 7);
    const cases: [string, string][] = [
      ['from=2025-13', 'querystring.from'],
      ['to=2025-00', 'querystring.to'],
      ['from=2025-06-01', 'querystring.from'],
      [`from=${addMonthsIso(thisMonth, -120)}&to=${thisMonth}`, 'querystring.from'],
      ['from=2025-06&to=2025-05', 'querystring.to'],
      [`to=${addMonthsIso(thisMonth, 1)}`, 'querystring.to'],
      ['kind=fax', 'querystring.kind'],
      ['colour=red', 'querystring.colour'],
      ['from=2025-06%00', 'querystring.from'],
    ];
    for (const [query, field] of cases) {
      const res = await report(za, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        query,
      ).toContain(field);
    }
    const most = await report(za, `from=${addMonthsIso(thisMonth, -119)}&to=${thisMonth}`);
    expect(most.statusCode).toBe(200);
    expect(most.json().months).toHaveLength(120);
  });

  it('is for administrators only', async () => {
    const reception = await login(ctx.app, 'za.reception');
    expect((await report(reception)).statusCode).toBe(403);
    expect((await call.get(`/api/report/messaging/${za.user.companyId}/csv`, reception)).statusCode).toBe(
      403,
    );
  });

  it('exports CSV: a row per month, the total, then a row per month and kind', async () => {
    const query = `from=${FROM}&to=${TO}`;
    const body: MessagingReport = (await report(za, query)).json();
    const csv = await call.get(`/api/report/messaging/${za.user.companyId}/csv?${query}`, za);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="messaging-${FROM}-${TO}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Month,SMS,SMS segments,SMS cost,E-mails sent,Failures,Top-ups,Spent,Refunds,Balance at month end',
    );
    expect(lines).toHaveLength(1 + body.months.length + 1 + 2 + body.rows.length);
    const units = (c: number) => (c / 100).toFixed(2);
    const june = body.months.find((m) => m.month === '2025-06');
    expect(lines).toContain(
      `2025-06,${june?.smsMessages},${june?.smsSegments},${units(june?.smsCostCents ?? 0)},${june?.emailsSent},${june?.failures},${units(june?.topUpCents ?? 0)},1.50,0.30,${units(june?.balanceCents ?? 0)}`,
    );
    expect(lines).toContain('2025-06,Bulk,2,2,0.60,0,0');
    expect((await call.get(`/api/report/messaging/${za.user.companyId}/csv?kind=fax`, za)).statusCode).toBe(
      400,
    );
  });
});
