import { mobileSearchForm } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystem } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';

/** Issue 13, point 2: mobiles are stored in E.164 and found as people say them. */

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;

beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.reception');
  uk = await login(ctx.app, 'uk.adviser');
});
afterAll(() => ctx.close());

type Row = { id: number; name: string; mobile: string };
const list = async (query: Record<string, string>, who = za) => {
  const res = await ctx.app.inject({
    url: `/api/client1/company/${who.user.companyId}/lazy?${new URLSearchParams({ size: '100', ...query })}`,
    headers: who.bearer,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { content: Row[]; totalElements: number };
};
const names = async (search: string, who = za) => (await list({ search }, who)).content.map((c) => c.name);

describe('search by mobile', () => {
  // Demo data: Lindiwe Cele's mobile is +27821087109 (Rosebank, ZA); Richmond Bakery's +447911123456 (UK).
  it.each([
    '0821087109',
    '082 108 7109',
    '(082) 108-7109',
    '082.108.7109',
    '+27 82 108 7109',
    '+27821087109',
    '27821087109',
    '821087109',
  ])('finds the ZA client by %j', async (search) => {
    expect(await names(search)).toEqual(['Lindiwe Cele']);
  });

  it('finds a UK client by the UK national number, in the UK company only', async () => {
    expect(await names('07911 123456', uk)).toEqual(['Richmond Bakery Ltd']);
    expect(await names('07911123456', uk)).toEqual(['Richmond Bakery Ltd']);
    // The national form means a number of the caller's company's country, and never another company's client.
    expect(await names('07911 123456')).toEqual([]);
    expect(await names('082 108 7109', uk)).toEqual([]);
  });

  it('finds every client whose text or stored mobile contains the number as typed, for short and long terms', async () => {
    const all = await withSystem(ctx.database.db, (tx) =>
      tx.execute<{ id: number; text: string }>(sql`select id, search_text as text from clients
        where company_id = ${za.user.companyId} and deleted_at is null`),
    );
    for (const term of ['082', '0821', '082 10', '(082) 1', '08', '0', '2782', '+2782 1', '011 555']) {
      const forms = [term.toLowerCase(), mobileSearchForm(term, 'ZA') ?? ''].filter(Boolean);
      const expected = all.rows
        .filter((r) => forms.some((f) => r.text.includes(f)))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const body = await list({ search: term });
      const got = body.content.map((c) => c.id).sort((a, b) => a - b);
      expect({ term, got, total: body.totalElements }).toEqual({
        term,
        got: expected,
        total: expected.length,
      });
    }
    // '082' is how a receptionist starts a number: every client with an 082 mobile, and no landline.
    const byPrefix = await list({ search: '082' });
    expect(byPrefix.content.filter((c) => c.mobile.startsWith('+2782'))).toHaveLength(12);
    expect(byPrefix.content.map((c) => c.name)).not.toContain('Sandton Mining Ltd');
  });

  it('the mobile column filter takes the national form too', async () => {
    const filters = JSON.stringify({ mobile: '082 108' });
    expect((await list({ filters })).content.map((c) => c.name)).toEqual(['Lindiwe Cele']);
    const e164 = JSON.stringify({ mobile: '+2782108' });
    expect((await list({ filters: e164 })).content.map((c) => c.name)).toEqual(['Lindiwe Cele']);
  });

  it('the client pickers find the number as typed', async () => {
    const res = await ctx.app.inject({
      url: `/api/client1/company/${za.user.companyId}/search/${encodeURIComponent('082 108 7109')}`,
      headers: za.bearer,
    });
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Lindiwe Cele']);
  });

  it('answers mobiles in E.164', async () => {
    const [lindiwe] = (await list({ search: '0821087109' })).content;
    expect(lindiwe?.mobile).toBe('+27821087109');
  });
});
