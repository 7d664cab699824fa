import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, clients } from '../../db/schema/index.ts';
import { withSystem, withTenant } from '../../db/tenancy.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { searchPairsPattern } from './client-list.sql.ts';

let ctx: TestContext;
let za: Awaited<ReturnType<typeof login>>;
let uk: Awaited<ReturnType<typeof login>>;
let zaCompany: number;
let ukClientId: number;

const person = (over: Record<string, unknown> = {}) => ({
  type: 'N',
  firstName: '  Nandi ',
  lastName: 'Mahlangu',
  preferredName: 'Nandi',
  gender: 'F',
  email: 'Nandi.M@Example.com',
  mobile: '082 555 1234',
  // Each test's client has its own e-mail; an ID number or e-mail of a live client would be a duplicate (409).
  idNumber: null,
  dob: '1980-01-01',
  address1: '5 Jan Smuts Avenue',
  addressRegion: 'Parktown',
  addressState: 'Gauteng',
  addressPostalCode: '2193',
  ...over,
});

beforeAll(async () => {
  ctx = await createTestContext();
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  zaCompany = za.user.companyId;
  const ukList = await ctx.app.inject({
    url: `/api/client1/company/${uk.user.companyId}/lazy`,
    headers: uk.bearer,
  });
  ukClientId = ukList.json().content[0].id;
});
afterAll(() => ctx.close());

const create = (body: object, who = za) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/client1/${who.user.companyId}`,
    headers: who.bearer,
    payload: body,
  });
const list = (query: string, who = za) =>
  ctx.app.inject({ url: `/api/client1/company/${who.user.companyId}/lazy?${query}`, headers: who.bearer });
const countRows = () => withSystem(ctx.database.db, (tx) => tx.select().from(clients)).then((r) => r.length);

describe('create client', () => {
  it('creates a person with the spec defaults, a built name, trimmed text and an E.164 mobile', async () => {
    const res = await create(person({ idNumber: '8001015009087' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'N',
      name: 'Nandi Mahlangu',
      firstName: 'Nandi',
      email: 'nandi.m@example.com',
      mobile: '+27825551234',
      addressCountry: 'ZA',
      gender: 'F',
      commStatus: 'Y',
      taxRegistered: 'N',
      status: 'A',
      dob: '1980-01-01',
    });
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    expect(audit.some((a) => a.clientId === res.json().id && a.action === 'client.create')).toBe(true);
  });

  it('creates a juristic client from its name alone, without person fields', async () => {
    const res = await create({
      type: 'J',
      name: 'Acme Holdings (Pty) Ltd',
      firstName: 'ignored',
      gender: 'M',
      email: 'acc@acme.example',
      mobile: '+27115550199',
      address1: '1 Rivonia Road',
      addressRegion: 'Sandton',
      addressState: 'Gauteng',
      addressPostalCode: '2196',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Acme Holdings (Pty) Ltd', firstName: null, gender: null });
  });

  it('names every missing required field and writes nothing', async () => {
    const before = await countRows();
    const res = await create({ type: 'N', gender: 'O' });
    expect(res.statusCode).toBe(400);
    const paths = res.json().fields.map((f: { path: string }) => f.path);
    for (const field of [
      'firstName',
      'lastName',
      'preferredName',
      'genderOther',
      'email',
      'mobile',
      'address1',
      'addressRegion',
      'addressState',
      'addressPostalCode',
    ]) {
      expect(paths).toContain(`body.${field}`);
    }
    expect(res.json().fields[0].message).toBe('Field is required.');
    expect(await countRows()).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email' }, 'body.email'],
    [{ mobile: '12' }, 'body.mobile'],
    [{ idNumber: '8001015009088' }, 'body.idNumber'], // wrong check digit
    [{ idNumber: '8013015009087' }, 'body.idNumber'], // month 13
    [{ idNumber: '8002025009085', dob: '1980-01-01' }, 'body.idNumber'], // valid, but another birthday
    [{ addressState: 'Texas' }, 'body.addressState'],
    [{ dob: '2999-01-01', idNumber: null }, 'body.dob'],
    [{ firstName: 'x'.repeat(101) }, 'body.firstName'],
    [{ status: 'X' }, 'body.status'],
    [{ addressCountry: 'XX' }, 'body.addressCountry'],
    [{ billingClientId: 'abc' }, 'body.billingClientId'],
    [{ surprise: 1 }, 'body.surprise'],
  ])('refuses %j on %s', async (over, path) => {
    const before = await countRows();
    const res = await create(person(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    expect(await countRows()).toBe(before);
  });

  it('accepts a UK client with a county and a UK mobile', async () => {
    const res = await create(
      person({
        addressCountry: 'UK',
        addressState: 'Surrey',
        mobile: '07911 123 456',
        email: 'uk.client@example.com',
        idNumber: 'AB123456C',
        addressPostalCode: 'TW9 1DN',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().mobile).toBe('+447911123456');
  });

  it('refuses a related client of another company, and the client itself', async () => {
    const res = await create(person({ billingClientId: ukClientId }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'body.billingClientId', message: 'Choose a client of this company.' },
    ]);
    const own = (await list('search=zulu')).json().content[0].id;
    const created = await create(
      person({ email: 'rel@example.com', adminClientId: own, affiliateClientId: own }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().adminClientName).toBe('Anele Zulu');
    const self = await ctx.app.inject({
      method: 'PUT',
      url: `/api/client1/${created.json().id}`,
      headers: za.bearer,
      payload: { billingClientId: created.json().id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields[0].path).toBe('body.billingClientId');
  });
});

describe('client list', () => {
  it('pages by 10, sorted by last then first name, with an exact total', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.content).toHaveLength(10);
    expect(body.totalExact).toBe(true);
    const keys = body.content.map((c: { lastName: string | null }) => c.lastName ?? '\uffff');
    expect([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(keys);
    const page2 = (await list('page=2')).json();
    expect(page2.totalElements).toBe(body.totalElements);
    expect(page2.content[0].id).not.toBe(body.content[0].id);
  });

  it('searches id, name, e-mail and mobile by "contains", case-insensitively', async () => {
    expect((await list('search=ULU')).json().content.map((c: { name: string }) => c.name)).toContain(
      'Anele Zulu',
    );
    expect((await list('search=sandtonmining')).json().content[0].name).toBe('Sandton Mining Ltd');
    const byMobile = (await list('search=8255512')).json();
    expect(byMobile.content.length).toBeGreaterThan(0);
    const id = byMobile.content[0].id;
    expect((await list(`search=${id}`)).json().content.map((c: { id: number }) => c.id)).toContain(id);
    expect((await list('search=%25')).json().totalElements).toBe(0); // % is text, not a wildcard
  });

  it('finds exactly the clients that contain a term of any length, through the paired-character index', async () => {
    const all = await withSystem(ctx.database.db, (tx) =>
      tx.execute<{ id: number; text: string }>(
        sql`select id, search_text as text from clients where company_id = ${zaCompany} and deleted_at is null`,
      ),
    );
    for (const term of ['ul', 'zu', 'a', '82', 'an', 'e.', 'qx', '@e', 'zulu', 'ndi m']) {
      const expected = all.rows
        .filter((r) => r.text.includes(term))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      const body = (await list(`search=${encodeURIComponent(term.toUpperCase())}&size=100`)).json();
      const got = body.content.map((c: { id: number }) => c.id).sort((a: number, b: number) => a - b);
      expect({ term, total: body.totalElements }).toEqual({ term, total: expected.length });
      // The index lookup itself (a small company's list may take another shape for a common term).
      const viaPairs = await withTenant(ctx.database.db, zaCompany, (tx) =>
        tx.execute<{ id: number }>(sql`select id from clients
          where ctid = any(array(select pd_client_search_pairs_tids(${searchPairsPattern(term)}))) order by id`),
      );
      expect({ term, ids: viaPairs.rows.map((r) => r.id) }).toEqual({ term, ids: expected });
      if (expected.length <= 100) expect(got).toEqual(expected);
      else expect(got.filter((id: number) => !expected.includes(id))).toEqual([]);
    }
  });

  it('applies the standard filters and "starts with" column filters', async () => {
    const juristic = (await list('filter=juristic')).json();
    expect(juristic.content.every((c: { type: string }) => c.type === 'J')).toBe(true);
    const inactive = (await list('filter=inactive')).json();
    expect(inactive.content.every((c: { status: string }) => c.status === 'I')).toBe(true);
    const filters = encodeURIComponent(JSON.stringify({ lastName: 'mo' }));
    const names = (await list(`filters=${filters}`))
      .json()
      .content.map((c: { lastName: string }) => c.lastName);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n: string) => n.toLowerCase().startsWith('mo'))).toBe(true);
  });

  it('sorts by several allow-listed columns and refuses others', async () => {
    const res = (await list('sort=status:desc,name:asc&size=50')).json().content;
    const pairs = res.map((c: { status: string; name: string }) => `${c.status}|${c.name}`);
    expect(res[0].status >= res[res.length - 1].status).toBe(true);
    expect(pairs.length).toBeGreaterThan(10);
    for (const bad of [
      'sort=password:asc',
      'sort=name:sideways',
      'sort=name;drop table clients',
      'size=15',
    ]) {
      expect((await list(bad)).statusCode, bad).toBe(400);
    }
    expect((await list(`filters=${encodeURIComponent('{"search_text":"a"}')}`)).statusCode).toBe(400);
    expect((await list('filters=notjson')).statusCode).toBe(400);
  });

  it('restricts the list to one client, and never shows another company', async () => {
    const own = (await list('search=zulu')).json().content[0].id;
    const one = (await list(`clientId=${own}`)).json();
    expect(one.content.map((c: { id: number }) => c.id)).toEqual([own]);
    expect((await list(`clientId=${ukClientId}`)).json().totalElements).toBe(0);
    const other = await ctx.app.inject({
      url: `/api/client1/company/${uk.user.companyId}/lazy`,
      headers: za.bearer,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('update and delete', () => {
  it('changes only the fields sent, and audits before and after', async () => {
    const id = (await create(person({ email: 'upd@example.com' }))).json().id;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/client1/${id}`,
      headers: za.bearer,
      payload: { addressState: 'Western Cape', addressPostalCode: '8001', status: 'I' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ addressState: 'Western Cape', status: 'I', firstName: 'Nandi' });
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find((a) => a.clientId === id && a.action === 'client.update');
    expect(entry?.changes).toMatchObject({
      addressState: { from: 'Gauteng', to: 'Western Cape' },
      status: { from: 'A', to: 'I' },
    });
  });

  it('an invalid update changes nothing', async () => {
    const id = (await create(person({ email: 'keep@example.com' }))).json().id;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/client1/${id}`,
      headers: za.bearer,
      payload: { email: 'broken', lastName: 'Changed' },
    });
    expect(res.statusCode).toBe(400);
    const after = await ctx.app.inject({ url: `/api/client1/${id}`, headers: za.bearer });
    expect(after.json()).toMatchObject({ email: 'keep@example.com', lastName: 'Mahlangu' });
  });

  it('deletes only with the answer Y; the client leaves lists but its row and audit stay', async () => {
    const id = (await create(person({ email: 'gone@example.com', firstName: 'Zebediah' }))).json().id;
    const refuse = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/client1/${id}?answer=N`,
      headers: za.bearer,
    });
    expect(refuse.statusCode).toBe(400);
    expect((await ctx.app.inject({ url: `/api/client1/${id}`, headers: za.bearer })).statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/client1/${id}?answer=Y`,
      headers: za.bearer,
    });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ url: `/api/client1/${id}`, headers: za.bearer })).statusCode).toBe(404);
    expect((await list('search=zebediah')).json().totalElements).toBe(0);
    const picker = await ctx.app.inject({
      url: `/api/client1/company/${zaCompany}/search/zebediah`,
      headers: za.bearer,
    });
    expect(picker.json()).toEqual([]);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/client1/${id}?answer=Y`,
      headers: za.bearer,
    });
    expect(again.statusCode).toBe(404);
    const rows = await withSystem(ctx.database.db, (tx) => tx.select().from(clients));
    expect(rows.find((r) => r.id === id)?.deletedAt).toBeInstanceOf(Date);
    const audit = await withSystem(ctx.database.db, (tx) =>
      tx.select().from(auditEntries).orderBy(auditEntries.id),
    );
    expect(audit.filter((a) => a.clientId === id).map((a) => a.action)).toEqual([
      'client.create',
      'client.delete',
    ]);
  });

  it('another company’s client answers 404 to read, update and delete, and stays unchanged', async () => {
    for (const [method, url] of [
      ['GET', `/api/client1/${ukClientId}`],
      ['PUT', `/api/client1/${ukClientId}`],
      ['DELETE', `/api/client1/${ukClientId}?answer=Y`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: za.bearer,
        ...(method === 'PUT' ? { payload: { category: 'x' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ctx.app.inject({ url: `/api/client1/${ukClientId}`, headers: uk.bearer })).statusCode).toBe(
      200,
    );
  });
});

describe('pickers', () => {
  it('search the company’s clients by lowercased text; the affiliate picker offers juristic clients', async () => {
    const res = await ctx.app.inject({
      url: `/api/client1/company/${zaCompany}/search/ZULU`,
      headers: za.bearer,
    });
    expect(res.json().map((c: { name: string }) => c.name)).toContain('Anele Zulu');
    const aff = await ctx.app.inject({
      url: `/api/client1/company/${zaCompany}/affiliate/ltd`,
      headers: za.bearer,
    });
    expect(aff.json().map((c: { name: string }) => c.name)).toEqual([
      'Acme Holdings (Pty) Ltd',
      'Sandton Mining Ltd',
    ]);
    const none = await ctx.app.inject({
      url: `/api/client1/company/${zaCompany}/affiliate/zulu`,
      headers: za.bearer,
    });
    expect(none.json()).toEqual([]);
  });
});
