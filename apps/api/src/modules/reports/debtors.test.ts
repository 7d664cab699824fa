import { AGEING_BUCKETS, ageingBucketOf, type DebtorsReport, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, pdfText, type Session } from '../invoices/invoice-test-support.ts';

/** Issue 19, part 1: the debtors' age analysis, checked against a computation of its own. */
let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clientId: number;
let otherClientId: number;
let practitionerId: number;
let ukPractitionerId: number;
let providerId: number;
const made: Record<string, number> = {};
const AS_AT = '2026-05-20';
const report = (who: Session, query = '') =>
  call.get(`/api/report/debtors/${who.user.companyId}${query ? `?${query}` : ''}`, who);

const idRow = z.object({ id: z.number() });
const system = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(ctx.database.db, fn);

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  [clientId = 0, otherClientId = 0] = (await call.clientIds(za)).slice(9, 11);
  const practitioner = (companyId: number) =>
    system((tx) =>
      selectRow(
        tx,
        z.object({ id: z.number() }),
        sql`select user_id::float8 as id from practitioners
        where company_id = ${companyId} order by user_id limit 1`,
      ),
    );
  practitionerId = (await practitioner(za.user.companyId))?.id ?? 0;
  ukPractitionerId = (await practitioner(uk.user.companyId))?.id ?? 0;
  providerId =
    (
      await system((tx) =>
        selectRow(
          tx,
          idRow,
          sql`insert into providers (company_id, name) values (${za.user.companyId}, 'Discovery Health')
                               returning id::float8 as id`,
        ),
      )
    )?.id ?? 0;

  const invoice = async (name: string, invoiced: string, due: string, cents: number, extra: object = {}) => {
    const res = await call.createInvoice(za, {
      clientId,
      invoiced,
      due,
      lines: [{ description: `Debtors ${name}`, quantity: 1, unitPriceCents: cents }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    made[name] = res.json().id;
  };
  const pay = async (name: string, amount: number, date: string) => {
    const res = await call.pay(za, made[name] ?? 0, amount, date);
    expect(res.statusCode, res.body).toBe(201);
  };
  await invoice('old', '2026-01-01', '2026-01-05', 100_000); // 135 days past due as at 20 May: 120+
  await pay('old', 30_000, '2026-02-01');
  await invoice('paidLater', '2026-03-01', '2026-03-31', 20_000, { practitionerId }); // 50 days: 30
  await pay('paidLater', 23_000, '2026-06-01'); // paid in full after the as-at day: still owed then
  await invoice('recent', '2026-05-10', '2026-06-09', 40_000); // not yet due: current
  await invoice('cancelled', '2026-02-01', '2026-02-15', 50_000); // 94 days: 90, cancelled after the day
  expect((await call.call('DELETE', `/api/invoice1/${made.cancelled}`, za)).statusCode).toBe(204);
  await invoice('later', '2026-05-25', '2026-06-24', 70_000); // invoiced after the day: not in it
  await invoice('aid', '2026-04-01', '2026-04-10', 10_000, { clientId: otherClientId }); // 40 days: 30
  // The medical aid is named afterwards: a medical account then needs the aid's details, not this test's point.
  await system((tx) =>
    tx.execute(sql`insert into client_configs (company_id, client_id, provider_id)
                   values (${za.user.companyId}, ${otherClientId}, ${providerId})
                   on conflict (company_id, client_id) do update set provider_id = excluded.provider_id`),
  );
});
afterAll(() => ctx.close());

const stored = z.object({
  id: z.number(),
  billTo: z.number(),
  patient: z.number(),
  practitionerId: z.number().nullable(),
  status: z.string(),
  invoiced: z.string(),
  due: z.string(),
  total: z.number(),
  cancelledOn: z.string().nullable(),
});
const storedPayment = z.object({ invoiceId: z.number(), amount: z.number(), paidOn: z.string() });

/** The age analysis computed here from the stored rows, without the report's SQL. */
async function expected(
  companyId: number,
  asAt: string,
  keep: (i: z.infer<typeof stored>) => boolean = () => true,
) {
  const [invoices, payments] = await system(
    async (tx) =>
      [
        await selectRows(
          tx,
          stored,
          sql`select id::float8 as id, bill_to_client_id::float8 as "billTo",
        client_id::float8 as patient, practitioner_id::float8 as "practitionerId", status,
        to_char(invoiced, 'YYYY-MM-DD') as invoiced, to_char(due, 'YYYY-MM-DD') as due, total_cents::float8 as total,
        to_char(cancelled_at at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as "cancelledOn"
        from invoices where company_id = ${companyId}`,
        ),
        await selectRows(
          tx,
          storedPayment,
          sql`select invoice_id::float8 as "invoiceId", amount_cents::float8 as amount,
        to_char(paid_on, 'YYYY-MM-DD') as "paidOn" from payments where company_id = ${companyId}`,
        ),
      ] as const,
  );
  const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
  const byClient = new Map<number, Record<string, number>>();
  for (const i of invoices) {
    if (i.status === 'draft' || i.invoiced > asAt || !keep(i)) continue;
    if (i.status === 'cancelled' && (i.cancelledOn === null || i.cancelledOn <= asAt)) continue;
    const paid = payments
      .filter((p) => p.invoiceId === i.id && p.paidOn <= asAt)
      .reduce((s, p) => s + p.amount, 0);
    if (i.total === paid) continue;
    const row = byClient.get(i.billTo) ?? {
      current: 0,
      days30: 0,
      days60: 0,
      days90: 0,
      days120: 0,
      totalCents: 0,
    };
    const bucket = ageingBucketOf(days(asAt, i.due));
    row[bucket] = (row[bucket] ?? 0) + i.total - paid;
    row.totalCents = (row.totalCents ?? 0) + i.total - paid;
    byClient.set(i.billTo, row);
  }
  return byClient;
}

const asMap = (body: DebtorsReport) =>
  new Map(
    body.rows.map(({ clientId: id, current, days30, days60, days90, days120, totalCents }) => [
      id,
      { current, days30, days60, days90, days120, totalCents },
    ]),
  );

describe('debtors’ age analysis', () => {
  it('matches the buckets computed independently from the stored invoices and payments, with totals', async () => {
    for (const asAt of [AS_AT, '2026-02-10', todayIn('Africa/Johannesburg')]) {
      const res = await report(za, `asAt=${asAt}`);
      expect(res.statusCode, res.body).toBe(200);
      const body: DebtorsReport = res.json();
      expect(body.asAt).toBe(asAt);
      expect(asMap(body)).toEqual(await expected(za.user.companyId, asAt));
      for (const b of [...AGEING_BUCKETS, 'totalCents'] as const) {
        expect(body.totals[b]).toBe(body.rows.reduce((s, r) => s + r[b], 0));
      }
      expect(body.totals.clients).toBe(body.rows.length);
    }
  });

  it('as at a day: later payments and cancellations ignored, later invoices left out', async () => {
    const res = await call.get(
      `/api/report/debtors/${za.user.companyId}/client/${clientId}?asAt=${AS_AT}`,
      za,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mine = Object.fromEntries(
      res
        .json()
        .invoices.filter((i: { id: number }) => Object.values(made).includes(i.id))
        .map((i: { id: number; outstandingCents: number; bucket: string; paidCents: number }) => [i.id, i]),
    );
    expect(mine[made.old ?? 0]).toMatchObject({
      outstandingCents: 85_000,
      paidCents: 30_000,
      bucket: 'days120',
      daysPastDue: 135,
    });
    expect(mine[made.paidLater ?? 0]).toMatchObject({
      outstandingCents: 23_000,
      paidCents: 0,
      bucket: 'days30',
    });
    expect(mine[made.recent ?? 0]).toMatchObject({ outstandingCents: 46_000, bucket: 'current' });
    expect(mine[made.cancelled ?? 0]).toMatchObject({ outstandingCents: 57_500, bucket: 'days90' });
    expect(mine[made.later ?? 0]).toBeUndefined();
    expect(mine[made.aid ?? 0]).toBeUndefined(); // billed to the other client

    const today = await call.get(`/api/report/debtors/${za.user.companyId}/client/${clientId}`, za);
    const ids = today.json().invoices.map((i: { id: number }) => i.id);
    expect(ids).toContain(made.later);
    expect(ids).not.toContain(made.paidLater); // paid since
    expect(ids).not.toContain(made.cancelled); // cancelled since
  });

  it('a payment shows at once', async () => {
    const before = (await report(za)).json() as DebtorsReport;
    const row = () => before.rows.find((r) => r.clientId === clientId);
    const res = await call.call('POST', `/api/invoice1/payment/${made.later}`, za, {
      amount: 1_000,
      date: todayIn('Africa/Johannesburg'),
      method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await report(za)).json() as DebtorsReport;
    expect(after.rows.find((r) => r.clientId === clientId)?.totalCents).toBe(
      (row()?.totalCents ?? 0) - 1_000,
    );
    expect(after.totals.totalCents).toBe(before.totals.totalCents - 1_000);
  });

  it('filters by practitioner and by medical aid (the patient’s)', async () => {
    const byPractitioner = (await report(za, `asAt=${AS_AT}&practitionerId=${practitionerId}`)).json();
    expect(asMap(byPractitioner)).toEqual(
      await expected(za.user.companyId, AS_AT, (i) => i.practitionerId === practitionerId),
    );
    expect(byPractitioner.practitionerId).toBe(practitionerId);
    const byAid = (await report(za, `asAt=${AS_AT}&medicalAidId=${providerId}`)).json() as DebtorsReport;
    expect(byAid.rows.map((r) => [r.clientId, r.totalCents])).toEqual([[otherClientId, 11_500]]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const c = za.user.companyId;
    const cases: [string, string][] = [
      ['asAt=2026-02-30', 'querystring.asAt'],
      ['asAt=20-05-2026', 'querystring.asAt'],
      [`asAt=${Number(todayIn('Africa/Johannesburg').slice(0, 4)) - 11}-01-01`, 'querystring.asAt'],
      ['asAt=2999-01-01', 'querystring.asAt'],
      ['colour=red', 'querystring.colour'],
      [`practitionerId=${ukPractitionerId}`, 'querystring.practitionerId'],
      ['practitionerId=abc', 'querystring.practitionerId'],
      [`medicalAidId=${providerId + 1000}`, 'querystring.medicalAidId'],
    ];
    for (const [query, field] of cases) {
      const res = await call.get(`/api/report/debtors/${c}?${query}`, za);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        query,
      ).toContain(field);
    }
    const ukAid = await report(uk, 'medicalAidId=1');
    expect(ukAid.statusCode).toBe(400);
    expect(ukAid.json().fields[0].path).toBe('querystring.medicalAidId');
  });

  it('is for administrators and users who may invoice; never another company’s', async () => {
    expect((await report(await login(ctx.app, 'za.reception'))).statusCode).toBe(200); // may invoice
    expect((await report(await login(ctx.app, 'za.rise'))).statusCode).toBe(403); // enableInvoicing N
    expect((await report(await login(ctx.app, 'uk.noinvoice'))).statusCode).toBe(403);
    expect((await call.get(`/api/report/debtors/${uk.user.companyId}`, za)).statusCode).toBe(404);
    const foreign = await call.get(
      `/api/report/debtors/${za.user.companyId}/client/${(await call.clientIds(uk))[0]}`,
      za,
    );
    expect(foreign.statusCode).toBe(404);
    const ukReport = (await report(uk)).json() as DebtorsReport;
    expect(asMap(ukReport)).toEqual(await expected(uk.user.companyId, ukReport.asAt));
    expect(ukReport.rows.some((r) => r.clientId === clientId)).toBe(false);
  });

  it('exports CSV (formula cells neutralised) and PDF', async () => {
    await system((tx) =>
      tx.execute(
        sql`update clients set name = '=HYPERLINK("x")' where company_id = ${za.user.companyId} and id = ${clientId}`,
      ),
    );
    const body = (await report(za, `asAt=${AS_AT}`)).json() as DebtorsReport;
    const csv = await call.get(`/api/report/debtors/${za.user.companyId}/csv?asAt=${AS_AT}`, za);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="debtors-${AS_AT}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Client id,Client,Open invoices,Current,30 days,60 days,90 days,120+ days,Total');
    expect(lines).toHaveLength(body.rows.length + 2);
    const mine = body.rows.find((r) => r.clientId === clientId);
    expect(lines).toContain(
      `${clientId},"'=HYPERLINK(""x"")",${mine?.openInvoices},${[mine?.current, mine?.days30, mine?.days60, mine?.days90, mine?.days120, mine?.totalCents].map((c) => ((c ?? 0) / 100).toFixed(2)).join(',')}`,
    );
    expect(lines.at(-1)).toContain(`,${(body.totals.totalCents / 100).toFixed(2)}`);

    const pdf = await call.get(`/api/report/debtors/${za.user.companyId}/pdf?asAt=${AS_AT}`, za);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Debtors' age analysis");
    expect(text).toContain(`As at ${AS_AT}`);
    expect(text).toContain(`Total (${body.totals.clients} clients)`);
    expect(
      (await call.get(`/api/report/debtors/${za.user.companyId}/csv?asAt=2026-02-30`, za)).statusCode,
    ).toBe(400);
  });
});
