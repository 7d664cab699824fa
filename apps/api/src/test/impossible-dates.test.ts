import { errorBodySchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../db/tenancy.ts';
import { selectRow } from '../lib/sql.ts';
import { CSRF, createTestContext, login, type TestContext } from './harness.ts';

/**
 * Issue 12 point 3: a date that does not exist (30 February) answers 400 naming the field, wherever a date is
 * taken, in a body or a query string, and writes nothing; it used to pass validation (Date.parse rolls it
 * over) and fail in the database with a 500.
 */
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof login>>;
let c: number;
let clientId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await login(ctx.app, 'za.admin');
  c = admin.user.companyId;
  clientId =
    (
      await withSystem(ctx.database.db, (tx) =>
        selectRow(
          tx,
          z.object({ id: z.number() }),
          sql`select id from clients where company_id = ${c} and deleted_at is null order by id limit 1`,
        ),
      )
    )?.id ?? 0;
});
afterAll(() => ctx.close());

const BAD = '2026-02-30';
const invoice = () => ({
  clientId,
  invoiced: '2026-02-01',
  lines: [{ description: 'Consultation', quantity: 1, unitPriceCents: 45000 }],
});
const statement = { type: 'C', startDate: '2026-01-01', endDate: '2026-01-31' };

const CASES: [string, 'GET' | 'POST', () => string, unknown, string][] = [
  ['invoice date', 'POST', () => `/api/invoice1/${c}`, { ...invoice(), invoiced: BAD }, 'body.invoiced'],
  ['invoice due date', 'POST', () => `/api/invoice1/${c}`, { ...invoice(), due: BAD }, 'body.due'],
  [
    'statement start',
    'POST',
    () => `/api/statement/${clientId}`,
    { ...statement, startDate: BAD },
    'body.startDate',
  ],
  [
    'statement end',
    'POST',
    () => `/api/statement/${clientId}`,
    { ...statement, endDate: BAD },
    'body.endDate',
  ],
  [
    'invoice list start',
    'GET',
    () => `/api/invoice1/all/lazyloading/${c}?start=${BAD}`,
    undefined,
    'querystring.start',
  ],
  [
    'invoice list end',
    'GET',
    () => `/api/invoice1/all/lazyloading/${c}?end=${BAD}`,
    undefined,
    'querystring.end',
  ],
  [
    'debtors report as at',
    'GET',
    () => `/api/report/debtors/${c}?asAt=${BAD}`,
    undefined,
    'querystring.asAt',
  ],
  ['diary report from', 'GET', () => `/api/report/diary/${c}?from=${BAD}`, undefined, 'querystring.from'],
  ['diary report to', 'GET', () => `/api/report/diary/${c}?to=${BAD}`, undefined, 'querystring.to'],
  ['audit list start', 'GET', () => `/api/audit/company/${c}?start=${BAD}`, undefined, 'querystring.start'],
  [
    'end-of-day list',
    'GET',
    () => `/api/appointment/uninvoiced/${c}?date=${BAD}`,
    undefined,
    'querystring.date',
  ],
  [
    'holidays start',
    'GET',
    () => `/api/appointment/holidays/${c}?start=${BAD}`,
    undefined,
    'querystring.start',
  ],
  [
    'leave start',
    'POST',
    () => `/api/appointment/exception/${c}`,
    { kind: 'closed', startDate: BAD, endDate: '2026-03-01' },
    'body.startDate',
  ],
  // Year 0000: JavaScript's calendar has it, PostgreSQL's does not (it used to pass and fail there with a 500).
  [
    'leave start in year 0000',
    'POST',
    () => `/api/appointment/exception/${c}`,
    { kind: 'closed', startDate: '0000-01-01', endDate: '0000-01-02' },
    'body.startDate',
  ],
  [
    'recall service date in year 0000',
    'POST',
    () => `/api/recall/client/${clientId}`,
    { typeId: 1, serviceDate: '0000-01-01' },
    'body.serviceDate',
  ],
  [
    'diary start in year 0000',
    'GET',
    () => `/api/appointment/diary/${c}?start=0000-01-01T00:00:00Z&end=0000-01-07T00:00:00Z`,
    undefined,
    'querystring.start',
  ],
];

const invoiceCount = async () =>
  (
    await withSystem(ctx.database.db, (tx) =>
      selectRow(
        tx,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from invoices where company_id = ${c}`,
      ),
    )
  )?.n;

describe('an impossible date', () => {
  it.each(CASES)('as the %s answers 400 naming the field', async (_name, method, url, body, path) => {
    const before = await invoiceCount();
    const res = await ctx.app.inject({
      method,
      url: url(),
      headers: { ...admin.bearer, ...CSRF },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = errorBodySchema.parse(res.json());
    expect(error.fields?.map((f) => f.path)).toContain(path);
    expect(await invoiceCount()).toBe(before);
  });
});
