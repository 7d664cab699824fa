import { addMonthsIso, formatMoney, type RevenueReport, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRow, selectRows } from '../../lib/sql.ts';
import { createTestContext, login, type TestContext } from '../../test/harness.ts';
import { api, pdfText, type Session } from '../invoices/invoice-test-support.ts';

/** Issue 19, part 2: revenue per month, checked against a computation of its own from the stored rows. */
let ctx: TestContext;
let call: ReturnType<typeof api>;
let za: Session;
let uk: Session;
let clientId: number;
let practitionerId: number;
let productId: number;
const made: Record<string, number> = {};
const FROM = '2025-12';
const TO = '2026-06';
const report = (who: Session, query = '') =>
  call.get(`/api/report/revenue/${who.user.companyId}${query ? `?${query}` : ''}`, who);
const system = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(ctx.database.db, fn);

beforeAll(async () => {
  ctx = await createTestContext();
  call = api(ctx);
  za = await login(ctx.app, 'za.admin');
  uk = await login(ctx.app, 'uk.admin');
  [clientId = 0] = (await call.clientIds(za)).slice(12, 13);
  practitionerId =
    (
      await system((tx) =>
        selectRow(
          tx,
          z.object({ id: z.number() }),
          sql`select user_id::float8 as id from practitioners
               where company_id = ${za.user.companyId} order by user_id limit 1`,
        ),
      )
    )?.id ?? 0;
  productId = (await call.products(za))[0]?.id ?? 0;

  const invoice = async (name: string, invoiced: string, cents: number, extra: object = {}) => {
    const res = await call.createInvoice(za, {
      clientId,
      invoiced,
      lines: [{ description: `Revenue ${name}`, quantity: 1, unitPriceCents: cents }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    made[name] = res.json().id;
  };
  const pay = async (name: string, amount: number, date: string) => {
    const res = await call.pay(za, made[name] ?? 0, amount, date);
    expect(res.statusCode, res.body).toBe(201);
  };
  await invoice('jan', '2026-01-15', 100_000, { practitionerId });
  await pay('jan', 40_000, '2026-01-31'); // paid in January
  await pay('jan', 20_000, '2026-03-01'); // and in March
  await invoice('feb', '2026-02-28', 30_000, {
    lines: [
      { description: 'Revenue product', quantity: 2, unitPriceCents: 10_000, productId },
      { description: 'Revenue free', quantity: 1, unitPriceCents: 5_000 },
    ],
  });
  await invoice('cancelled', '2026-03-10', 50_000); // cancelled: never invoiced revenue
  expect((await call.call('DELETE', `/api/invoice1/${made.cancelled}`, za)).statusCode).toBe(204);
  await invoice('draft', '2026-04-02', 70_000, { draft: true });
  await invoice('may', '2026-05-31', 80_000, { practitionerId });
  await pay('may', 92_000, '2026-06-01');
});
afterAll(() => ctx.close());

const storedInvoice = z.object({
  id: z.number(),
  practitionerId: z.number().nullable(),
  status: z.string(),
  invoiced: z.string(),
  total: z.number(),
  vat: z.number(),
  cancelledOn: z.string().nullable(),
});
const storedPayment = z.object({
  invoiceId: z.number(),
  amount: z.number(),
  paidOn: z.string(),
  method: z.string(),
});
const storedLine = z.object({ invoiceId: z.number(), productId: z.number().nullable(), amount: z.number() });

async function stored(companyId: number, zone: string) {
  return system(async (tx) => ({
    invoices: await selectRows(
      tx,
      storedInvoice,
      sql`select id::float8 as id, practitioner_id::float8 as "practitionerId", status,
            to_char(invoiced, 'YYYY-MM-DD') as invoiced, total_cents::float8 as total, vat_cents::float8 as vat,
            to_char(cancelled_at at time zone ${zone}, 'YYYY-MM-DD') as "cancelledOn"
            from invoices where company_id = ${companyId}`,
    ),
    payments: await selectRows(
      tx,
      storedPayment,
      sql`select invoice_id::float8 as "invoiceId", amount_cents::float8 as amount,
            to_char(paid_on, 'YYYY-MM-DD') as "paidOn", method from payments where company_id = ${companyId}`,
    ),
    lines: await selectRows(
      tx,
      storedLine,
      sql`select invoice_id::float8 as "invoiceId", product_id::float8 as "productId",
            (net_cents + vat_cents)::float8 as amount from invoice_lines where company_id = ${companyId}`,
    ),
  }));
}

/** The months computed here from the stored rows, without the report's SQL. */
async function expectedMonths(companyId: number, zone: string, from: string, to: string, vat: boolean) {
  const { invoices, payments } = await stored(companyId, zone);
  const months: string[] = [];
  for (let m = from; m <= to; m = addMonthsIso(m, 1)) months.push(m);
  return months.map((month) => {
    const last = `${month}-31`; // string comparison: every day of the month is <= its "31st"
    const counts = (i: z.infer<typeof storedInvoice>) => i.status !== 'draft' && i.status !== 'cancelled';
    const ofMonth = invoices.filter((i) => counts(i) && i.invoiced.startsWith(month));
    const owingThen = invoices.filter(
      (i) =>
        i.status !== 'draft' &&
        i.invoiced <= last &&
        (i.status !== 'cancelled' || (i.cancelledOn !== null && i.cancelledOn > last)),
    );
    const paidBy = (id: number) =>
      payments.filter((p) => p.invoiceId === id && p.paidOn <= last).reduce((s, p) => s + p.amount, 0);
    return {
      month,
      invoicedCents: ofMonth.reduce((s, i) => s + i.total, 0),
      paidCents: payments
        .filter((p) => p.method !== 'write_off' && p.paidOn.startsWith(month))
        .reduce((s, p) => s + p.amount, 0),
      outstandingCents: owingThen.reduce((s, i) => s + i.total - paidBy(i.id), 0),
      vatCents: vat ? ofMonth.reduce((s, i) => s + i.vat, 0) : null,
    };
  });
}

describe('revenue report', () => {
  it('matches invoiced, paid, outstanding and VAT computed independently, with totals', async () => {
    const res = await report(za, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: RevenueReport = res.json();
    expect([body.from, body.to, body.currency, body.taxRegistered, body.by]).toEqual([
      FROM,
      TO,
      'ZAR',
      true,
      null,
    ]);
    const expected = await expectedMonths(za.user.companyId, 'Africa/Johannesburg', FROM, TO, true);
    expect(body.months).toEqual(expected);
    // What this test made shows in its months (figures from the seed may add to them).
    const jan = body.months.find((m) => m.month === '2026-01');
    expect(jan?.paidCents).toBeGreaterThanOrEqual(40_000);
    expect(body.totals).toEqual({
      invoicedCents: expected.reduce((s, m) => s + m.invoicedCents, 0),
      paidCents: expected.reduce((s, m) => s + m.paidCents, 0),
      outstandingCents: expected.at(-1)?.outstandingCents,
      vatCents: expected.reduce((s, m) => s + (m.vatCents ?? 0), 0),
    });
    expect(body.groups).toEqual([]);
  });

  it('outstanding at a month end is the debtors’ age analysis total as at its last day', async () => {
    const body: RevenueReport = (await report(za, `from=${FROM}&to=${TO}`)).json();
    for (const [month, last] of [
      ['2026-01', '2026-01-31'],
      ['2026-05', '2026-05-31'],
    ] as const) {
      const debtors = (await call.get(`/api/report/debtors/${za.user.companyId}?asAt=${last}`, za)).json();
      expect(body.months.find((m) => m.month === month)?.outstandingCents).toBe(debtors.totals.totalCents);
    }
  });

  it('a payment shows at once', async () => {
    const today = todayIn('Africa/Johannesburg');
    const before: RevenueReport = (await report(za)).json();
    expect(before.to).toBe(today.slice(0, 7));
    expect(before.from).toBe(addMonthsIso(today.slice(0, 7), -11));
    expect(before.months).toHaveLength(12);
    const res = await call.call('POST', `/api/invoice1/payment/${made.feb}`, za, {
      amount: 1_000,
      date: today,
      method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const after: RevenueReport = (await report(za)).json();
    expect(after.totals.paidCents).toBe(before.totals.paidCents + 1_000);
    expect(after.totals.outstandingCents).toBe(before.totals.outstandingCents - 1_000);
  });

  it('by practitioner: invoiced and paid per month and practitioner add up to the months', async () => {
    const body: RevenueReport = (await report(za, `from=${FROM}&to=${TO}&by=practitioner`)).json();
    expect(body.by).toBe('practitioner');
    const { invoices, payments } = await stored(za.user.companyId, 'Africa/Johannesburg');
    const practitionerOf = new Map(invoices.map((i) => [i.id, i.practitionerId]));
    for (const m of body.months) {
      const rows = body.groups.filter((g) => g.month === m.month);
      expect(rows.reduce((s, g) => s + g.invoicedCents, 0)).toBe(m.invoicedCents);
      expect(rows.reduce((s, g) => s + (g.paidCents ?? 0), 0)).toBe(m.paidCents);
    }
    const mine = (month: string) =>
      body.groups.find((g) => g.month === month && g.groupId === practitionerId);
    const invoicedBy = (month: string) =>
      invoices
        .filter(
          (i) =>
            i.practitionerId === practitionerId &&
            i.invoiced.startsWith(month) &&
            !['draft', 'cancelled'].includes(i.status),
        )
        .reduce((s, i) => s + i.total, 0);
    const paidTo = (month: string) =>
      payments
        .filter(
          (p) =>
            p.method !== 'write_off' &&
            p.paidOn.startsWith(month) &&
            practitionerOf.get(p.invoiceId) === practitionerId,
        )
        .reduce((s, p) => s + p.amount, 0);
    for (const month of ['2026-01', '2026-03', '2026-05', '2026-06']) {
      expect(mine(month)?.invoicedCents ?? 0, month).toBe(invoicedBy(month));
      expect(mine(month)?.paidCents ?? 0, month).toBe(paidTo(month));
    }
    expect(mine('2026-01')?.invoicedCents).toBeGreaterThanOrEqual(115_000);
  });

  it('by product or billing plan: the lines’ amounts per month, nothing paid per product', async () => {
    const body: RevenueReport = (await report(za, `from=${FROM}&to=${TO}&by=product`)).json();
    const { invoices, lines } = await stored(za.user.companyId, 'Africa/Johannesburg');
    for (const m of body.months) {
      const rows = body.groups.filter((g) => g.month === m.month);
      expect(rows.reduce((s, g) => s + g.invoicedCents, 0)).toBe(m.invoicedCents);
      expect(rows.every((g) => g.paidCents === null)).toBe(true);
    }
    const feb = invoices.filter((i) => i.invoiced.startsWith('2026-02') && i.status !== 'draft');
    const ofProduct = lines
      .filter(
        (l) => l.productId === productId && feb.some((i) => i.id === l.invoiceId && i.status !== 'cancelled'),
      )
      .reduce((s, l) => s + l.amount, 0);
    const row = body.groups.find((g) => g.month === '2026-02' && g.groupId === productId);
    expect(row?.invoicedCents).toBe(ofProduct);
    expect(ofProduct).toBeGreaterThanOrEqual(20_000);
  });

  it('by appointment type: the billed appointment’s type, invoiced and paid, computed from the stored rows', async () => {
    const body: RevenueReport = (await report(za, 'by=appointmentType')).json();
    expect(body.by).toBe('appointmentType');
    const typed = await system((tx) =>
      selectRows(
        tx,
        z.object({ id: z.number(), typeId: z.number().nullable() }),
        sql`select i.id::float8 as id, a.type_id::float8 as "typeId" from invoices i
              left join appointments a on a.company_id = i.company_id and a.id = i.appointment_id
             where i.company_id = ${za.user.companyId}`,
      ),
    );
    const typeOf = new Map(typed.map((t) => [t.id, t.typeId]));
    const { invoices, payments } = await stored(za.user.companyId, 'Africa/Johannesburg');
    const expected = new Map<string, { invoicedCents: number; paidCents: number }>();
    const add = (
      month: string,
      typeId: number | null,
      key: 'invoicedCents' | 'paidCents',
      amount: number,
    ) => {
      if (month < body.from || month > body.to) return;
      const k = `${month}|${typeId}`;
      const row = expected.get(k) ?? { invoicedCents: 0, paidCents: 0 };
      row[key] += amount;
      expected.set(k, row);
    };
    for (const i of invoices) {
      if (i.status !== 'draft' && i.status !== 'cancelled')
        add(i.invoiced.slice(0, 7), typeOf.get(i.id) ?? null, 'invoicedCents', i.total);
    }
    for (const p of payments) {
      if (p.method !== 'write_off')
        add(p.paidOn.slice(0, 7), typeOf.get(p.invoiceId) ?? null, 'paidCents', p.amount);
    }
    expect(
      new Map(
        body.groups.map((g) => [
          `${g.month}|${g.groupId}`,
          { invoicedCents: g.invoicedCents, paidCents: g.paidCents },
        ]),
      ),
    ).toEqual(expected);
    expect(body.groups.some((g) => g.groupId !== null)).toBe(true); // the demo diary's billed appointments
    expect(body.groups.filter((g) => g.groupId === null).every((g) => g.groupName === 'No appointment')).toBe(
      true,
    );
  });

  it('a company that is not tax registered has no VAT figures; never another company’s', async () => {
    const res = await report(uk, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: RevenueReport = res.json();
    expect(body.taxRegistered).toBe(false);
    expect(body.totals.vatCents).toBeNull();
    expect(body.months).toEqual(await expectedMonths(uk.user.companyId, 'Europe/London', FROM, TO, false));
    expect((await call.get(`/api/report/revenue/${uk.user.companyId}`, za)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const thisMonth = todayIn('Africa/Johannesburg').slice(0, 7);
    const cases: [string, string][] = [
      ['from=2026-13', 'querystring.from'],
      ['to=2026-00', 'querystring.to'],
      ['from=26-01', 'querystring.from'],
      ['from=2026-01-01', 'querystring.from'],
      [`from=${addMonthsIso(thisMonth, -24)}&to=${thisMonth}`, 'querystring.from'],
      ['from=2026-05&to=2026-03', 'querystring.to'],
      [`to=${addMonthsIso(thisMonth, 1)}`, 'querystring.to'],
      [`from=${addMonthsIso(thisMonth, 2)}`, 'querystring.from'],
      ['by=colour', 'querystring.by'],
      ['colour=red', 'querystring.colour'],
    ];
    for (const [query, field] of cases) {
      const res = await report(za, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        query,
      ).toContain(field);
    }
    const most = await report(za, `from=${addMonthsIso(thisMonth, -23)}&to=${thisMonth}`);
    expect(most.statusCode).toBe(200);
    expect(most.json().months).toHaveLength(24);
  });

  it('is for administrators only', async () => {
    expect((await report(await login(ctx.app, 'za.reception'))).statusCode).toBe(403);
    expect(
      (await call.get(`/api/report/revenue/${za.user.companyId}/csv`, await login(ctx.app, 'za.reception')))
        .statusCode,
    ).toBe(403);
  });

  it('exports CSV: a row per month, the total row, then the groups (formula cells neutralised)', async () => {
    await system((tx) =>
      tx.execute(
        sql`update users set display_name = '=HYPERLINK("x")' where company_id = ${za.user.companyId} and id = ${practitionerId}`,
      ),
    );
    const body: RevenueReport = (await report(za, `from=${FROM}&to=${TO}&by=practitioner`)).json();
    const csv = await call.get(
      `/api/report/revenue/${za.user.companyId}/csv?from=${FROM}&to=${TO}&by=practitioner`,
      za,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="revenue-${FROM}-${TO}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Month,Invoiced,Paid,Outstanding at month end,VAT');
    const units = (c: number | null) => ((c ?? 0) / 100).toFixed(2);
    const jan = body.months.find((m) => m.month === '2026-01');
    expect(lines).toContain(
      `2026-01,${units(jan?.invoicedCents ?? 0)},${units(jan?.paidCents ?? 0)},${units(jan?.outstandingCents ?? 0)},${units(jan?.vatCents ?? 0)}`,
    );
    const t = body.totals;
    expect(lines[body.months.length + 1]).toBe(
      `Total ${FROM} to ${TO} (ZAR),${units(t.invoicedCents)},${units(t.paidCents)},${units(t.outstandingCents)},${units(t.vatCents)}`,
    );
    expect(lines).toHaveLength(body.months.length + 2 + 2 + body.groups.length);
    expect(lines).toContain(
      `2026-01,"'=HYPERLINK(""x"")",${units(body.groups.find((g) => g.month === '2026-01' && g.groupId === practitionerId)?.invoicedCents ?? 0)},${units(body.groups.find((g) => g.month === '2026-01' && g.groupId === practitionerId)?.paidCents ?? 0)}`,
    );
    expect((await call.get(`/api/report/revenue/${za.user.companyId}/csv?from=2026-13`, za)).statusCode).toBe(
      400,
    );
  });

  it('exports PDF: the months with what was invoiced, paid and outstanding as the app shows them, and the total', async () => {
    const body: RevenueReport = (await report(za, `from=${FROM}&to=${TO}`)).json();
    const pdf = await call.get(`/api/report/revenue/${za.user.companyId}/pdf?from=${FROM}&to=${TO}`, za);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="revenue-${FROM}-${TO}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    const money = (c: number | null) => formatMoney(c ?? 0, 'ZAR', 'none').replace(/\s+/g, ' ');
    expect(text).toContain(`${FROM} to ${TO}`);
    for (const m of body.months) expect(text).toContain(m.month);
    const t = body.totals;
    for (const cents of [t.invoicedCents, t.paidCents, t.outstandingCents, t.vatCents])
      expect(text).toContain(money(cents));
    expect(
      (await call.get(`/api/report/revenue/${za.user.companyId}/pdf`, await login(ctx.app, 'za.reception')))
        .statusCode,
    ).toBe(403);
    expect((await call.get(`/api/report/revenue/${za.user.companyId}/pdf?from=2026-13`, za)).statusCode).toBe(
      400,
    );
  });
});
