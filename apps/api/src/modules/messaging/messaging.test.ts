import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';
import { credit, messages, setCredit } from './test-support/fixture.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let staff: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let clientIds: number[];
let ukClientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  const rows = await withSystem(ctx.database.db, (tx) =>
    tx.execute<{ id: number; companyId: number }>(
      sql`select id, company_id as "companyId" from clients order by id`,
    ),
  );
  clientIds = rows.rows.filter((r) => r.companyId === admin.user.companyId).map((r) => r.id);
  ukClientId = rows.rows.find((r) => r.companyId === uk.user.companyId)?.id ?? 0;
});
afterAll(() => ctx.close());

const send = (
  channel: 'email' | 'sms',
  clientId: number,
  payload: object,
  extra: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${clientId}/${channel}`,
    headers: { ...staff.bearer, ...CSRF, ...extra },
    payload,
  });
const sender = () => ({ companyId: staff.user.companyId, userId: staff.user.id });
const setClient = (id: number, column: 'email' | 'mobile', value: string | null) =>
  withSystem(ctx.database.db, (tx) =>
    tx.execute(
      sql`update clients set ${sql.identifier(column === 'email' ? 'email' : 'mobile')} = ${value} where id = ${id}`,
    ),
  );

describe('send e-mail (tab 13)', () => {
  it('queues the e-mail for delivery (202) and records it in the audit trail', async () => {
    const id = clientIds[0] as number;
    const res = await send('email', id, {
      ...sender(),
      emailSubject: ' Your appointment ',
      emailMessage: 'See you.',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      clientId: id,
      channel: 'email',
      subject: 'Your appointment',
      content: 'See you.',
      status: 'queued',
      attempts: 0,
      costCents: 0,
      userId: staff.user.id,
    });
    expect(res.json().recipient).toMatch(/@example\.com$/);
    const audit = await withSystem(ctx.database.db, (tx) =>
      tx.execute(sql`select 1 from audit_entries where action = 'message.email' and client_id = ${id}`),
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await messages(ctx.database.db)).length;
    const id = clientIds[1] as number;
    const empty = await send('email', id, { ...sender(), emailSubject: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([{ path: 'body.emailSubject', message: 'Field is required.' }]);
    expect((await send('email', ukClientId, { ...sender(), emailSubject: 'Hi' })).statusCode).toBe(404);
    expect((await send('email', 99_999_999, { ...sender(), emailSubject: 'Hi' })).statusCode).toBe(404);
    const otherCompany = await send('email', id, {
      ...sender(),
      companyId: uk.user.companyId,
      emailSubject: 'Hi',
    });
    expect(otherCompany.statusCode).toBe(404);
    const otherUser = await send('email', id, { ...sender(), userId: admin.user.id, emailSubject: 'Hi' });
    expect(otherUser.statusCode).toBe(400);
    expect(otherUser.json().fields[0].path).toBe('body.userId');
    await setClient(id, 'email', null);
    const none = await send('email', id, { ...sender(), emailSubject: 'Hi' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'NO_RECIPIENT', message: 'The client has no e-mail address.' });
    const badKey = await send(
      'email',
      clientIds[0] as number,
      { ...sender(), emailSubject: 'Hi' },
      { 'idempotency-key': 'x'.repeat(81) },
    );
    expect(badKey.statusCode).toBe(400);
    expect((await messages(ctx.database.db)).length).toBe(before);
  });

  it('answers a repeated idempotency key with the first message, sending once', async () => {
    const key = { 'idempotency-key': 'email-once-1' };
    const payload = { ...sender(), emailSubject: 'Once' };
    const results = await Promise.all(
      [1, 2, 3].map(() => send('email', clientIds[2] as number, payload, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await messages(ctx.database.db, sql`idempotency_key = 'email-once-1'`);
    expect(rows).toHaveLength(1);
  });
});

describe('send SMS (tab 14)', () => {
  it('debits segments × price with the message, in E.164, and audits it', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 1000, segmentPriceCents: 30 });
    const id = clientIds[3] as number;
    await setClient(id, 'mobile', '082 555 0101');
    const text = 'a'.repeat(161); // two segments
    const res = await send('sms', id, { ...sender(), smsMessage: text });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      channel: 'sms',
      recipient: '+27825550101',
      segments: 2,
      costCents: 60,
    });
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 940, ledger: 940 });
    const ledger = await ctx.app.inject({
      url: `/api/credit/${admin.user.companyId}/ledger`,
      headers: admin.bearer,
    });
    expect(ledger.json().content[0]).toMatchObject({
      kind: 'debit',
      amountCents: -60,
      messageId: res.json().id,
    });
  });

  it('refuses bad input without charging: empty text, no usable mobile, other company, too little credit', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 100, segmentPriceCents: 30 });
    const before = (await messages(ctx.database.db)).length;
    const id = clientIds[4] as number;
    const empty = await send('sms', id, { ...sender(), smsMessage: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0]).toEqual({ path: 'body.smsMessage', message: 'Field is required.' });
    expect((await send('sms', ukClientId, { ...sender(), smsMessage: 'Hi' })).statusCode).toBe(404);
    for (const mobile of [null, '12', 'not a number']) {
      await setClient(id, 'mobile', mobile);
      const res = await send('sms', id, { ...sender(), smsMessage: 'Hi' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'NO_RECIPIENT',
        message: 'The client has no usable mobile number.',
      });
    }
    await setClient(id, 'mobile', '+27825550102');
    const costly = await send('sms', id, { ...sender(), smsMessage: 'b'.repeat(459) }); // 3 segments × 30 = 90
    expect(costly.statusCode).toBe(202);
    const tooMuch = await send('sms', id, { ...sender(), smsMessage: 'c'.repeat(100) });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'INSUFFICIENT_CREDIT',
      message: 'Insufficient SMS credit: R\u00a00,20 short.',
    });
    expect((await messages(ctx.database.db)).length).toBe(before + 1);
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 10, ledger: 10 });
  });

  it('stops at the daily cap', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 10_000, dailyCap: 0 });
    const res = await send('sms', clientIds[5] as number, { ...sender(), smsMessage: 'Hi' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DAILY_CAP');
    const account = await ctx.app.inject({
      url: `/api/credit/${staff.user.companyId}`,
      headers: staff.bearer,
    });
    expect(account.json()).toMatchObject({ balanceCents: 10_000, dailyCap: 0 });
    expect(account.json().sentToday).toBeGreaterThan(0);
  });

  it('charges a repeated idempotency key once', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 300 });
    const key = { 'idempotency-key': 'sms-once-1' };
    const payload = { ...sender(), smsMessage: 'Reminder' };
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => send('sms', clientIds[6] as number, payload, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 270, ledger: 270 });
  });
});

describe('prepaid credit and the outbox', () => {
  it('administrators top up (audited, idempotent) and change the settings; others only read', async () => {
    await setCredit(ctx.app, ctx.database.db, admin, { balanceCents: 0 });
    const url = `/api/credit/${admin.user.companyId}`;
    const top = (who: typeof admin, key?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${url}/topup`,
        headers: { ...who.bearer, ...CSRF, ...(key ? { 'idempotency-key': key } : {}) },
        payload: { amountCents: 2500, note: 'March' },
      });
    expect((await top(staff)).statusCode).toBe(403);
    expect((await top(admin, 'top-1')).json()).toMatchObject({ balanceCents: 2500 });
    expect((await top(admin, 'top-1')).json()).toMatchObject({ balanceCents: 2500 });
    expect((await ctx.app.inject({ url, headers: staff.bearer })).json().balanceCents).toBe(2500);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${url}/topup`,
      headers: { ...admin.bearer, ...CSRF },
      payload: { amountCents: 99 },
    });
    expect(bad.statusCode).toBe(400);
    const audit = await withSystem(ctx.database.db, (tx) =>
      tx.execute<{ description: string }>(
        sql`select description from audit_entries where action = 'credit.topup' order by id desc limit 1`,
      ),
    );
    expect(audit.rows[0]?.description).toBe('Topped up SMS credit by R\u00a025,00; balance R\u00a025,00.');
    expect((await ctx.app.inject({ url: `${url}/ledger`, headers: staff.bearer })).statusCode).toBe(403);
    const settings = await ctx.app.inject({
      method: 'PUT',
      url: `${url}/settings`,
      headers: { ...staff.bearer, ...CSRF },
      payload: { dailyCap: 5, segmentPriceCents: 1 },
    });
    expect(settings.statusCode).toBe(403);
    expect(await credit(ctx.database.db, admin.user.companyId)).toEqual({ balance: 2500, ledger: 2500 });
  });

  it('lists every message for administrators, saying no provider is configured', async () => {
    const url = `/api/message1/company/${admin.user.companyId}`;
    expect((await ctx.app.inject({ url, headers: staff.bearer })).statusCode).toBe(403);
    const res = await ctx.app.inject({ url: `${url}?channel=sms&size=2`, headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.delivery).toEqual({ email: 'outbox', sms: 'outbox' });
    expect(page.content).toHaveLength(2);
    expect(page.totalElements).toBeGreaterThanOrEqual(3);
    expect(page.content.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
    expect(page.content[0].clientName).toBeTruthy();
    const other = await ctx.app.inject({
      url: `/api/message1/company/${admin.user.companyId}`,
      headers: uk.bearer,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe("a client's messages (record page)", () => {
  it('anyone signed in reads one client’s messages, newest first; another company’s client is 404', async () => {
    const id = clientIds[2] as number;
    const other = clientIds[3] as number;
    for (const subject of ['First letter', 'Second letter']) {
      expect((await send('email', id, { ...sender(), emailSubject: subject })).statusCode).toBe(202);
    }
    expect((await send('email', other, { ...sender(), emailSubject: 'Not theirs' })).statusCode).toBe(202);
    const res = await ctx.app.inject({ url: `/api/client1/${id}/messages?size=100`, headers: staff.bearer });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.delivery).toEqual({ email: 'outbox', sms: 'outbox' });
    expect(page.content.every((m: { clientId: number }) => m.clientId === id)).toBe(true);
    expect(page.content.slice(0, 2).map((m: { subject: string }) => m.subject)).toEqual([
      'Second letter',
      'First letter',
    ]);
    expect(page.totalElements).toBe(page.content.length);
    const paged = await ctx.app.inject({ url: `/api/client1/${id}/messages?size=1`, headers: staff.bearer });
    expect(paged.json().content).toHaveLength(1);
    expect(paged.json().totalElements).toBe(page.totalElements);

    const foreign = await ctx.app.inject({
      url: `/api/client1/${ukClientId}/messages`,
      headers: staff.bearer,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await ctx.app.inject({ url: `/api/client1/${id}/messages?size=0`, headers: staff.bearer });
    expect(bad.statusCode).toBe(400);
  });
});
