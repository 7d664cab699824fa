import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { CSRF, createTestContext, login, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let staff: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let clientId: number;
let ukClientId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.admin');
  const { rows } = await withSystem(ctx.database.db, (tx) =>
    tx.execute<{ id: number; companyId: number }>(
      sql`select id, company_id as "companyId" from clients order by id`,
    ),
  );
  clientId = rows.find((r) => r.companyId === admin.user.companyId)?.id ?? 0;
  ukClientId = rows.find((r) => r.companyId === uk.user.companyId)?.id ?? 0;
});
afterAll(() => ctx.close());

const addEntry = (id: number, payload: object, who = staff) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${id}/audittrail`,
    headers: { ...who.bearer, ...CSRF },
    payload,
  });

describe('audit trail (tab 15)', () => {
  it('adds a manual entry and lists the client’s entries, newest first', async () => {
    const res = await addEntry(clientId, {
      auditTrailSubProcess: 'Unpaids Management',
      auditTrailDescription: '  Called about the March account.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clientId,
      userId: staff.user.id,
      user: 'Lerato Dlamini',
      subProcess: 'Unpaids Management',
      action: 'audit.manual',
      description: 'Called about the March account.',
      changes: null,
    });
    await addEntry(clientId, { auditTrailSubProcess: 'Billing Management', auditTrailDescription: 'Second' });
    const list = await ctx.app.inject({ url: `/api/client1/${clientId}/audittrail`, headers: staff.bearer });
    expect(list.statusCode).toBe(200);
    const entries = list.json() as { description: string; clientName: string }[];
    expect(entries[0]?.description).toBe('Second');
    expect(entries[1]?.description).toBe('Called about the March account.');
    expect(entries[0]?.clientName).toBeTruthy();
  });

  it('refuses bad input and another company’s client, writing nothing', async () => {
    const count = async () =>
      (
        await withSystem(ctx.database.db, (tx) =>
          tx.execute(sql`select id from audit_entries where action = 'audit.manual'`),
        )
      ).rows.length;
    const before = await count();
    const empty = await addEntry(clientId, {
      auditTrailSubProcess: 'Client Management',
      auditTrailDescription: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual([
      { path: 'body.auditTrailDescription', message: 'Field is required.' },
    ]);
    const wrong = await addEntry(clientId, { auditTrailSubProcess: 'Gossip', auditTrailDescription: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields[0].path).toBe('body.auditTrailSubProcess');
    const foreign = await addEntry(ukClientId, {
      auditTrailSubProcess: 'Client Management',
      auditTrailDescription: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ url: `/api/client1/${ukClientId}/audittrail`, headers: staff.bearer }))
        .statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('company-wide audit list (rights A)', () => {
  const url = () => `/api/audit/company/${admin.user.companyId}`;

  it('records sign-ins, client changes, exports and top-ups with who and what changed', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/client1/${clientId}`,
      headers: { ...staff.bearer, ...CSRF },
      payload: { category: 'Audited category' },
    });
    await ctx.app.inject({
      url: `/api/client1/company/${admin.user.companyId}/export`,
      headers: admin.bearer,
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/credit/${admin.user.companyId}/topup`,
      headers: { ...admin.bearer, ...CSRF },
      payload: { amountCents: 1000 },
    });
    const res = await ctx.app.inject({ url: `${url()}?size=100`, headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const entries = res.json().content as {
      action: string;
      user: string;
      changes: unknown;
      subProcess: string;
    }[];
    const actions = entries.map((e) => e.action);
    for (const action of ['auth.login', 'client.update', 'client.export', 'credit.topup', 'audit.manual']) {
      expect(actions, action).toContain(action);
    }
    expect(entries.find((e) => e.action === 'auth.login')).toMatchObject({ subProcess: 'Security' });
    expect(entries.find((e) => e.action === 'client.update')?.changes).toMatchObject({
      category: { to: 'Audited category' },
    });
    expect(entries.find((e) => e.action === 'credit.topup')?.user).toBe('Thandi Mokoena');
    expect(entries.some((e) => JSON.stringify(e).includes('Thames'))).toBe(false); // nothing of the UK company
  });

  it('searches, filters by date range in the company time zone, and pages', async () => {
    const search = await ctx.app.inject({ url: `${url()}?search=march%20ACCOUNT`, headers: admin.bearer });
    expect(search.json()).toMatchObject({ totalElements: 1 });
    expect(search.json().content[0].description).toBe('Called about the March account.');
    const literal = await ctx.app.inject({ url: `${url()}?search=%25`, headers: admin.bearer });
    expect(literal.json().totalElements).toBe(0); // % is a character, not a wildcard
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Johannesburg' }).format(new Date());
    const inRange = await ctx.app.inject({
      url: `${url()}?start=${today}&end=${today}&size=2`,
      headers: admin.bearer,
    });
    expect(inRange.json().content).toHaveLength(2);
    expect(inRange.json().totalElements).toBeGreaterThan(4);
    const page2 = await ctx.app.inject({
      url: `${url()}?start=${today}&end=${today}&size=2&page=2`,
      headers: admin.bearer,
    });
    expect(page2.json().content[0].id).toBeLessThan(inRange.json().content[1].id);
    const before = await ctx.app.inject({ url: `${url()}?end=2020-01-01`, headers: admin.bearer });
    expect(before.json()).toEqual({ content: [], totalElements: 0 });
    const backwards = await ctx.app.inject({
      url: `${url()}?start=2026-02-01&end=2026-01-01`,
      headers: admin.bearer,
    });
    expect(backwards.statusCode).toBe(400);
    const byClient = await ctx.app.inject({
      url: `${url()}?clientId=${clientId}&size=100`,
      headers: admin.bearer,
    });
    expect(byClient.json().content.every((e: { clientId: number }) => e.clientId === clientId)).toBe(true);
  });

  it('is for administrators of the company only', async () => {
    expect((await ctx.app.inject({ url: url(), headers: staff.bearer })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: url(), headers: uk.bearer })).statusCode).toBe(404);
  });
});
