import { addMonthsIso, type ClientsReport, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, type Session } from '../invoices/invoice-test-support.ts';

/** Issue 19, part 5: the clients report, checked against a computation of its own from the stored rows. */
let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let providerId: number;
let productId: number;
const FROM = '2025-01';
const TO = '2025-04';
const ZA_ZONE = 'Africa/Johannesburg';
const UK_ZONE = 'Europe/London';
const report = (who: Session, query = '') =>
  call.get(`/api/report/clients/${who.user.companyId}${query ? `?${query}` : ''}`, who);
const system = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(ctx.database.db, fn);
const idRow = z.object({ id: z.number() });

/** A client written as stored, created (and perhaps deleted) at local times of the company. */
const client = async (who: Session, zone: string, created: string, status = 'A', deleted?: string) =>
  (
    await system((tx) =>
      selectRow(
        tx,
        idRow,
        sql`insert into clients (company_id, name, status, created_at, deleted_at)
            values (${who.user.companyId}, 'Report client', ${status}, (${created}::timestamp at time zone ${zone}),
                    (${deleted ?? null}::timestamp at time zone ${zone}))
            returning id::float8 as id`,
      ),
    )
  )?.id ?? 0;

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  providerId =
    (
      await system((tx) =>
        selectRow(
          tx,
          idRow,
          sql`select id::float8 as id from providers where company_id = ${za.user.companyId} limit 1`,
        ),
      )
    )?.id ?? 0;
  productId =
    (
      await system((tx) =>
        selectRow(
          tx,
          idRow,
          sql`select id::float8 as id from products where company_id = ${uk.user.companyId} limit 1`,
        ),
      )
    )?.id ?? 0;
  await client(za, ZA_ZONE, '2024-12-31 23:30'); // before the range: on the books from the start
  await client(za, ZA_ZONE, '2025-01-31 23:30'); // late on 31 January local (21:30 UTC): January
  await client(za, ZA_ZONE, '2025-02-01 00:30', 'P'); // early on 1 February local (31 January UTC): February
  await client(za, ZA_ZONE, '2025-02-10 09:00', 'I', '2025-03-15 09:00'); // deleted in March
  const insured = await client(za, ZA_ZONE, '2025-03-03 09:00');
  await system((tx) =>
    tx.execute(sql`insert into client_configs (company_id, client_id, provider_id)
                   values (${za.user.companyId}, ${insured}, ${providerId})`),
  );
  const holder = await client(uk, UK_ZONE, '2025-04-01 00:30'); // BST: 31 March 23:30 UTC, April in London
  await system((tx) =>
    tx.execute(sql`insert into client_products (company_id, client_id, product_id, unique_id, name)
                   values (${uk.user.companyId}, ${holder}, ${productId}, 'REPORT-1', 'Report product')`),
  );
});
afterAll(() => ctx.close());

const storedClient = z.object({
  id: z.number(),
  status: z.string(),
  created: z.string(),
  deleted: z.string().nullable(),
  provider: z.number().nullable(),
});

async function stored(companyId: number, zone: string) {
  return system(async (tx) => ({
    clients: await selectRows(
      tx,
      storedClient,
      sql`select c.id::float8 as id, c.status, to_char(c.created_at at time zone ${zone}, 'YYYY-MM') as created,
                 to_char(c.deleted_at at time zone ${zone}, 'YYYY-MM') as deleted,
                 (select cc.provider_id::float8 from client_configs cc
                   where cc.company_id = c.company_id and cc.client_id = c.id) as provider
            from clients c where c.company_id = ${companyId}`,
    ),
    holdings: await selectRows(
      tx,
      z.object({ clientId: z.number(), productId: z.number() }),
      sql`select client_id::float8 as "clientId", product_id::float8 as "productId" from client_products
           where company_id = ${companyId} and deleted_at is null`,
    ),
  }));
}

/** The months computed here from the stored rows, without the report's SQL. */
async function expectedMonths(companyId: number, zone: string, from: string, to: string) {
  const { clients } = await stored(companyId, zone);
  const months: string[] = [];
  for (let m = from; m <= to; m = addMonthsIso(m, 1)) months.push(m);
  return months.map((month) => ({
    month,
    newClients: clients.filter((c) => c.created === month).length,
    deletedClients: clients.filter((c) => c.deleted === month).length,
    onBooks: clients.filter((c) => c.created <= month && (c.deleted === null || c.deleted > month)).length,
  }));
}

const statusSplit = (list: { status: string }[]) => ({
  active: list.filter((c) => c.status === 'A').length,
  inactive: list.filter((c) => c.status === 'I').length,
  pending: list.filter((c) => c.status === 'P').length,
  total: list.length,
});

describe('clients report', () => {
  it('new, deleted and on the books per month, and the live clients by status, computed independently', async () => {
    const res = await report(za, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: ClientsReport = res.json();
    expect([body.from, body.to, body.by]).toEqual([FROM, TO, null]);
    const months = await expectedMonths(za.user.companyId, ZA_ZONE, FROM, TO);
    expect(body.months).toEqual(months);
    // What this test made, by hand (the demo's clients are all created after the range).
    expect(body.months.map((m) => [m.newClients, m.deletedClients, m.onBooks])).toEqual([
      [1, 0, 2],
      [2, 0, 4],
      [1, 1, 4],
      [0, 0, 4],
    ]);
    const { clients } = await stored(za.user.companyId, ZA_ZONE);
    expect(body.current).toEqual(statusSplit(clients.filter((c) => c.deleted === null)));
    expect(body.totals).toEqual({ newClients: 4, deletedClients: 1, onBooks: 4 });
    expect(body.groups).toEqual([]);
  });

  it('by medical aid (a practice): live clients per provider, "No medical aid" for the others', async () => {
    const body: ClientsReport = (await report(za, `from=${FROM}&to=${TO}&by=medicalAid`)).json();
    const { clients } = await stored(za.user.companyId, ZA_ZONE);
    const live = clients.filter((c) => c.deleted === null);
    const providers = [...new Set(live.map((c) => c.provider))];
    expect(body.groups).toHaveLength(providers.length);
    for (const provider of providers) {
      const mine = live.filter((c) => c.provider === provider);
      const row = body.groups.find((g) => g.groupId === provider);
      expect(row).toMatchObject({
        ...statusSplit(mine),
        newClients: mine.filter((c) => c.created >= FROM && c.created <= TO).length,
      });
    }
    expect(body.groups.find((g) => g.groupId === null)?.groupName).toBe('No medical aid');
    expect(body.groups.find((g) => g.groupId === providerId)?.newClients).toBeGreaterThanOrEqual(1);
  });

  it('by product (an advisory firm): a row per product held, in its time zone', async () => {
    const body: ClientsReport = (await report(uk, `from=${FROM}&to=${TO}&by=product`)).json();
    expect(body.months).toEqual(await expectedMonths(uk.user.companyId, UK_ZONE, FROM, TO));
    expect(body.months.at(-1)?.newClients).toBe(1); // 00:30 on 1 April in London
    const { clients, holdings } = await stored(uk.user.companyId, UK_ZONE);
    const live = clients.filter((c) => c.deleted === null);
    const ofProduct = live.filter((c) =>
      holdings.some((h) => h.clientId === c.id && h.productId === productId),
    );
    expect(body.groups.find((g) => g.groupId === productId)).toMatchObject({
      ...statusSplit(ofProduct),
      newClients: ofProduct.filter((c) => c.created >= FROM && c.created <= TO).length,
    });
    const without = live.filter((c) => !holdings.some((h) => h.clientId === c.id));
    expect(body.groups.find((g) => g.groupId === null)?.total ?? 0).toBe(without.length);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const thisMonth = todayIn(ZA_ZONE).slice(0, 7);
    const cases: [Session, string, string][] = [
      [za, 'from=2025-13', 'querystring.from'],
      [za, 'to=2025-1', 'querystring.to'],
      [za, `from=${addMonthsIso(thisMonth, -120)}&to=${thisMonth}`, 'querystring.from'],
      [za, 'from=2025-04&to=2025-01', 'querystring.to'],
      [za, `to=${addMonthsIso(thisMonth, 1)}`, 'querystring.to'],
      [za, 'by=colour', 'querystring.by'],
      [za, 'status=A', 'querystring.status'],
      [uk, 'by=medicalAid', 'querystring.by'],
    ];
    for (const [who, query, field] of cases) {
      const res = await report(who, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        query,
      ).toContain(field);
    }
  });

  it('is for administrators only, and never another company’s', async () => {
    const reception = await login(ctx.app, 'za.reception');
    expect((await report(reception)).statusCode).toBe(403);
    expect((await call.get(`/api/report/clients/${za.user.companyId}/csv`, reception)).statusCode).toBe(403);
    expect((await call.get(`/api/report/clients/${za.user.companyId}`, uk)).statusCode).toBe(404);
  });

  it('exports CSV: months, the total, the status split, the groups (formula cells neutralised)', async () => {
    await system((tx) =>
      tx.execute(
        sql`update providers set name = '=HYPERLINK("x")' where company_id = ${za.user.companyId} and id = ${providerId}`,
      ),
    );
    const query = `from=${FROM}&to=${TO}&by=medicalAid`;
    const body: ClientsReport = (await report(za, query)).json();
    const csv = await call.get(`/api/report/clients/${za.user.companyId}/csv?${query}`, za);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="clients-${FROM}-${TO}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'Month,New clients,Deleted clients,On the books at month end',
      '2025-01,1,0,2',
      '2025-02,2,0,4',
      '2025-03,1,1,4',
      '2025-04,0,0,4',
      `Total ${FROM} to ${TO},4,1,4`,
    ]);
    const n = body.current;
    expect(lines).toContain(`All,${n.active},${n.inactive},${n.pending},${n.total}`);
    const g = body.groups.find((row) => row.groupId === providerId);
    expect(lines).toContain(
      `"'=HYPERLINK(""x"")",${g?.active},${g?.inactive},${g?.pending},${g?.total},${g?.newClients}`,
    );
    expect(lines).toHaveLength(6 + 3 + 2 + body.groups.length);
  });
});
