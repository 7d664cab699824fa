import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { credit, messages, setCredit } from './test-support/fixture.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let staff: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let expected: { recipients: number; skipped: number };

/** Spec: active (not deleted) clients with commStatus Y and a mobile; unparseable mobiles are skipped. */
async function prepareClients() {
  const companyId = admin.user.companyId;
  await withSystem(ctx.database.db, async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(
      sql`select id from clients where company_id = ${companyId} and status = 'A' order by id`,
    );
    const [a, b, c, d, e] = rows.map((r) => r.id);
    await tx.execute(sql`update clients set mobile = '082 555 0199' where id = ${a}`); // national: normalised
    await tx.execute(sql`update clients set mobile = 'call reception' where id = ${b}`); // skipped
    await tx.execute(sql`update clients set comm_status = 'N' where id = ${c}`); // no communication
    await tx.execute(sql`update clients set mobile = null where id = ${d}`); // no mobile
    await tx.execute(sql`update clients set deleted_at = now() where id = ${e}`); // deleted
  });
  const count = await withSystem(ctx.database.db, (tx) =>
    tx.execute<{ n: number }>(sql`select count(*)::int as n from clients where company_id = ${companyId}
      and status = 'A' and comm_status = 'Y' and deleted_at is null and mobile is not null`),
  );
  expected = { recipients: (count.rows[0]?.n ?? 0) - 1, skipped: 1 };
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  await prepareClients();
});
afterAll(() => ctx.close());

const bulk = (payload: object, headers: Record<string, string> = {}, who = staff) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/company/${who.user.companyId}/bulksms`,
    headers: { ...who.bearer, ...CSRF, ...headers },
    payload,
  });

describe('bulk SMS (tab 24)', () => {
  it('previews recipients, skipped numbers, cost and balance', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 5000, segmentPriceCents: 25 });
    const url = `/api/client1/company/${staff.user.companyId}/bulksms/preview`;
    const res = await ctx.app.inject({ url: `${url}?message=${'x'.repeat(200)}`, headers: staff.bearer });
    expect(res.json()).toEqual({
      ...expected,
      segmentsPerMessage: 2,
      costCents: expected.recipients * 2 * 25,
      balanceCents: 5000,
    });
    const empty = await ctx.app.inject({ url, headers: staff.bearer });
    expect(empty.json()).toMatchObject({ ...expected, segmentsPerMessage: 0, costCents: 0 });
    expect((await ctx.app.inject({ url, headers: uk.bearer })).statusCode).toBe(404);
  });

  it('debits the whole cost and queues one message per recipient, in E.164', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 5000, segmentPriceCents: 25 });
    const res = await bulk({ message: 'Clinic closed on Friday.' });
    expect(res.statusCode).toBe(202);
    const result = res.json();
    expect(result).toEqual({
      bulkSendId: expect.any(Number),
      ...expected,
      costCents: expected.recipients * 25,
      balanceCents: 5000 - expected.recipients * 25,
    });
    const rows = await messages(ctx.database.db, sql`bulk_send_id = ${result.bulkSendId}`);
    expect(rows).toHaveLength(expected.recipients);
    expect(
      rows.every((m) => /^\+27\d{9}$/.test(m.recipient) && m.status === 'queued' && m.costCents === 25),
    ).toBe(true);
    expect(rows.some((m) => m.recipient === '+27825550199')).toBe(true);
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({
      balance: result.balanceCents,
      ledger: result.balanceCents,
    });
  });

  it('of 50 concurrent sends at a balance for exactly 3, exactly 3 succeed; nothing else is charged or queued', async () => {
    const each = expected.recipients * 30;
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: each * 3, segmentPriceCents: 30 });
    const before = (await messages(ctx.database.db)).length;
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => bulk({ message: `Notice ${i}` })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    const refused = results.find((r) => r.statusCode === 409)?.json();
    expect(refused).toEqual({
      code: 'INSUFFICIENT_CREDIT',
      message: `Insufficient SMS credit: R\u00a0${(each / 100).toFixed(2).replace('.', ',')} short.`,
      requestId: expect.any(String),
    });
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 0, ledger: 0 });
    expect((await messages(ctx.database.db)).length).toBe(before + 3 * expected.recipients);
  });

  it('charges a repeated idempotency key once, even when the repeats race', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 5000, segmentPriceCents: 30 });
    const key = { 'idempotency-key': 'bulk-2026-03-01' };
    const results = await Promise.all(Array.from({ length: 5 }, () => bulk({ message: 'Once only' }, key)));
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(results.map((r) => r.json().bulkSendId)).size).toBe(1);
    const again = await bulk({ message: 'Once only' }, key);
    expect(again.json().bulkSendId).toBe(results[0]?.json().bulkSendId);
    const cost = expected.recipients * 30;
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({
      balance: 5000 - cost,
      ledger: 5000 - cost,
    });
    const sends = await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`select id from bulk_sms_sends where idempotency_key = 'bulk-2026-03-01'`),
    );
    expect(sends.rows).toHaveLength(1);
  });

  it('refuses an empty message, another company, the daily cap and a company nobody can be reached in', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 5000, dailyCap: 100_000 });
    const before = await credit(ctx.database.db, admin.user.companyId);
    const empty = await bulk({ message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ path: 'body.message', message: 'Field is required.' }]);
    const other = await ctx.app.inject({
      method: 'POST',
      url: `/api/client1/company/${uk.user.companyId}/bulksms`,
      headers: { ...staff.bearer, ...CSRF },
      payload: { message: 'Hi' },
    });
    expect(other.statusCode).toBe(404);
    const sentToday = (
      await ctx.app.inject({ url: `/api/credit/${admin.user.companyId}`, headers: admin.bearer })
    ).json().sentToday as number;
    await setCredit(ctx.app, ctx.database.db, admin, {
      balanceCents: 5000,
      dailyCap: sentToday + expected.recipients - 1,
    });
    const capped = await bulk({ message: 'Hi' });
    expect(capped.statusCode).toBe(409);
    expect(capped.json().code).toBe('DAILY_CAP');
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 5000, ledger: 5000 });
    expect(before.balance).toBe(5000);
    await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`update clients set comm_status = 'N' where company_id = ${uk.user.companyId}`),
    );
    const nobody = await bulk({ message: 'Hi' }, {}, uk);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().code).toBe('NO_RECIPIENT');
  });
});
