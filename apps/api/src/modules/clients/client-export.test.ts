import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/index.ts';
import { withSystem } from '../../db/tenancy.ts';
import { parseCsv } from '../../lib/csv-parse.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { csvCell } from './client-export.ts';
import { postJuristicClient } from './client-test-support.ts';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let staff: Awaited<ReturnType<typeof login>>;
const url = (companyId: number, query = '') => `/api/client1/company/${companyId}/export${query}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  staff = await login(ctx.app, 'za.reception');
  // More clients than one export batch would hold matters less than content: add a hostile name.
  const res = await postJuristicClient(ctx.app, admin, {
    name: '=HYPERLINK("http://evil.example","click"), Ltd',
    email: 'evil@example.com',
    mobile: '+27821110000',
  });
  expect(res.statusCode).toBe(201);
  // A client of the ZA company with a UK mobile: written as dialled from South Africa.
  const abroad = await postJuristicClient(ctx.app, admin, {
    name: 'Thames Partners Ltd',
    email: 'thames@example.com',
    mobile: '+447911123456',
  });
  expect(abroad.statusCode).toBe(201);
});
afterAll(() => ctx.close());

describe('export clients', () => {
  it('is refused without rights A', async () => {
    const res = await ctx.app.inject({ url: url(staff.user.companyId), headers: staff.bearer });
    expect(res.statusCode).toBe(403);
  });

  it('streams clients.csv: header, every client of the company, formulas neutralised, audited', async () => {
    const res = await ctx.app.inject({ url: url(admin.user.companyId), headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="clients.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'name',
      'firstName',
      'preferredName',
      'lastName',
      'email',
      'mobile',
      'type',
      'status',
      'companyId',
      'id',
      'category',
      'mobileE164',
    ]);
    expect(rows).toHaveLength(15);
    expect(new Set(rows.map((r) => r[8]))).toEqual(new Set([String(admin.user.companyId)]));
    const evil = rows.find((r) => r[0]?.includes('HYPERLINK'));
    expect(evil?.[0]).toBe(`'=HYPERLINK("http://evil.example","click"), Ltd`);
    // Phones: the national form (a digit first, no guard, spaces keep the 0), the E.164 form last and guarded.
    const lindiwe = rows.find((r) => r[0] === 'Lindiwe Cele');
    expect([lindiwe?.[5], lindiwe?.[11]]).toEqual(['082 108 7109', "'+27821087109"]);
    const business = rows.find((r) => r[0] === 'Sandton Mining Ltd');
    expect([business?.[5], business?.[11]]).toEqual(['011 555 0100', "'+27115550100"]);
    const abroad = rows.find((r) => r[0] === 'Thames Partners Ltd');
    expect([abroad?.[5], abroad?.[11]]).toEqual(['00 44 7911 123456', "'+447911123456"]);
    for (const row of rows) {
      expect(row[5], row[0]).toMatch(/^0\d* \d[\d ]*$/);
      expect(row[11], row[0]).toMatch(/^'\+\d+$/);
    }
    const audit = await withSystem(ctx.database.db, (tx) => tx.select().from(auditEntries));
    const entry = audit.find((a) => a.action === 'client.export');
    expect(entry).toMatchObject({
      userId: admin.user.id,
      description: 'Exported 15 clients to clients.csv.',
    });
  });

  it('follows the current search and filter', async () => {
    const res = await ctx.app.inject({
      url: url(admin.user.companyId, '?filter=juristic&search=ltd'),
      headers: admin.bearer,
    });
    const [, ...rows] = parseCsv(res.body);
    expect(rows.map((r) => r[6])).toEqual(['J', 'J', 'J']);
  });

  it('finds a mobile searched as people say it, as the list does', async () => {
    const res = await ctx.app.inject({
      url: url(admin.user.companyId, `?search=${encodeURIComponent('082 108 7109')}`),
      headers: admin.bearer,
    });
    const [, ...rows] = parseCsv(res.body);
    expect(rows.map((r) => [r[0], r[5]])).toEqual([['Lindiwe Cele', '082 108 7109']]);
  });

  it('of another company answers 404', async () => {
    const uk = await login(ctx.app, 'uk.admin');
    const res = await ctx.app.inject({ url: url(uk.user.companyId), headers: admin.bearer });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+27', "'+27"],
    ['082 108 7109', '082 108 7109'],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['plain', 'plain'],
    [null, ''],
  ])('csvCell(%j) = %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });
});
