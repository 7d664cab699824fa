import { addDaysIso, addMonthsIso, type HomeFigures, todayIn } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import { login } from '../../test/harness.ts';
import {
  clientIdsOf,
  type Diary,
  makePractitioner,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
  type Session,
} from '../appointments/appointment-test-support.ts';

/**
 * Issue 19, part 6: a module home's figures from one route, each checked against a computation of its own
 * from the stored rows (this test adds invoices, a payment, appointments and tasks to the demo data), and
 * only what the caller may see.
 */
const ZA_ZONE = 'Africa/Johannesburg';
const UK_ZONE = 'Europe/London';
let d: Diary;
let zaUser: Session;
let ukAdviser: Session;
let zaUserId: number;
const system = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(d.ctx.database.db, fn);
const home = (who: Session, companyId = who.user.companyId) =>
  d.call('GET', `/api/report/home/${companyId}`, who);
const figures = async (who: Session): Promise<HomeFigures> => {
  const res = await home(who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  d = await openDiary();
  zaUser = await login(d.app, 'za.user');
  ukAdviser = await login(d.app, 'uk.adviser');
  const today = todayIn(ZA_ZONE);
  const [clientId = 0] = (await clientIdsOf(d, d.zaCompany)).slice(7, 8);
  const invoice = async (invoiced: string, due: string, cents: number) => {
    const res = await d.call('POST', `/api/invoice1/${d.zaCompany}`, d.za, {
      clientId,
      invoiced,
      due,
      lines: [{ description: 'Home figures', quantity: 1, unitPriceCents: cents }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const fresh = await invoice(today, addDaysIso(today, 30), 123_400);
  const paid = await d.call('POST', `/api/invoice1/payment/${fresh}`, d.za, {
    amount: 23_400,
    date: today,
    method: 'eft',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  await invoice(addDaysIso(today, -45), addDaysIso(today, -40), 45_600); // 30 days, unpaid

  // za.user's own day: two appointments today (one a no-show) and two tasks due (one late).
  zaUserId = await makePractitioner(d, d.za, 'za.user');
  const type = await makeType(d, d.za, { name: 'Home figures' });
  const book = async (time: string) => {
    const res = await d.call('POST', `/api/appointment/${d.zaCompany}`, d.za, {
      clientId,
      practitionerId: zaUserId,
      typeId: type,
      start: `${today}T${time}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  await book('00:10');
  const noShow = await book('00:50');
  const marked = await d.call('POST', `/api/appointment/${noShow}/status`, d.za, { status: 'noshow' });
  expect(marked.statusCode, marked.body).toBe(200);
  const task = async (who: Session, client: number, due: Date) => {
    const res = await d.call('POST', `/api/task/${who.user.companyId}`, who, {
      clientId: client,
      type: 'S',
      description: 'Home figures task',
      userId: who.user.id,
      due: due.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await task(zaUser, clientId, new Date(Date.now() - 3_600_000));
  await task(zaUser, clientId, new Date(Date.now() + 60_000));
  const [ukClient = 0] = await clientIdsOf(d, d.ukCompany);
  await task(ukAdviser, ukClient, new Date(Date.now() - 7_200_000));
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const storedInvoice = z.object({
  id: z.number(),
  status: z.string(),
  invoiced: z.string(),
  due: z.string(),
  total: z.number(),
  paid: z.number(),
});

/** The company's invoices and payments as stored. */
const stored = (companyId: number) =>
  system(async (tx) => ({
    invoices: await selectRows(
      tx,
      storedInvoice,
      sql`select id::float8 as id, status, to_char(invoiced, 'YYYY-MM-DD') as invoiced,
                 to_char(due, 'YYYY-MM-DD') as due, total_cents::float8 as total, paid_cents::float8 as paid
            from invoices where company_id = ${companyId}`,
    ),
    payments: await selectRows(
      tx,
      z.object({ amount: z.number(), paidOn: z.string(), method: z.string() }),
      sql`select amount_cents::float8 as amount, to_char(paid_on, 'YYYY-MM-DD') as "paidOn", method
            from payments where company_id = ${companyId}`,
    ),
  }));

const daysBetween = (later: string, earlier: string) =>
  Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / 86_400_000);

/** Revenue of last month and this month, debtors by bucket and the unpaid list, from the stored rows. */
async function expectedMoney(companyId: number, today: string) {
  const { invoices, payments } = await stored(companyId);
  const live = invoices.filter((i) => i.status !== 'draft' && i.status !== 'cancelled');
  const thisMonth = today.slice(0, 7);
  const revenue = [addMonthsIso(thisMonth, -1), thisMonth].map((month) => ({
    month,
    invoicedCents: live.filter((i) => i.invoiced.startsWith(month)).reduce((s, i) => s + i.total, 0),
    paidCents: payments
      .filter((p) => p.method !== 'write_off' && p.paidOn.startsWith(month))
      .reduce((s, p) => s + p.amount, 0),
  }));
  const buckets = { current: 0, days30: 0, days60: 0, days90: 0, days120: 0 };
  for (const i of live.filter((i) => i.invoiced <= today && i.total !== i.paid)) {
    const late = daysBetween(today, i.due);
    const key =
      late < 30 ? 'current' : late < 60 ? 'days30' : late < 90 ? 'days60' : late < 120 ? 'days90' : 'days120';
    buckets[key] += i.total - i.paid;
  }
  const unpaid = invoices.filter((i) => i.status === 'active' && i.due < today && i.paid < i.total);
  return {
    revenue: { months: revenue },
    debtors: { buckets, totalCents: Object.values(buckets).reduce((a, b) => a + b, 0) },
    unpaid: { count: unpaid.length, outstandingCents: unpaid.reduce((s, i) => s + i.total - i.paid, 0) },
  };
}

/** Today's appointments by status (the company's or one practitioner's), from the stored rows. */
async function expectedDiary(companyId: number, zone: string, practitionerId?: number) {
  const rows = await system((tx) =>
    selectRows(
      tx,
      z.object({ status: z.string(), n: z.number() }),
      sql`select status, count(*)::float8 as n from appointments
           where company_id = ${companyId} and (starts_at at time zone ${zone})::date = ${todayIn(zone)}::date
             ${practitionerId ? sql`and practitioner_id = ${practitionerId}` : sql``}
           group by status`,
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** Open tasks (of live clients) already late, and due later today, from the stored rows. */
async function expectedTasks(companyId: number, zone: string, userId?: number) {
  const rows = await system((tx) =>
    selectRows(
      tx,
      z.object({ due: z.number() }),
      sql`select extract(epoch from t.due)::float8 * 1000 as due from tasks t
            join clients c on c.company_id = t.company_id and c.id = t.client_id and c.deleted_at is null
           where t.company_id = ${companyId} and t.status in ('I', 'W') and t.due is not null
             and t.due < (${addDaysIso(todayIn(zone), 1)}::date::timestamp at time zone ${zone})
             ${userId ? sql`and t.user_id = ${userId}` : sql``}`,
    ),
  );
  const now = Date.now();
  return {
    overdue: rows.filter((r) => r.due < now).length,
    dueToday: rows.filter((r) => r.due >= now).length,
  };
}

const byStatus = (f: HomeFigures) =>
  Object.fromEntries((f.diary?.byStatus ?? []).map((s) => [s.status, s.count]));

describe('module home figures', () => {
  it('a practice administrator: revenue, debtors, unpaid invoices and the company’s diary, as the stored rows say', async () => {
    const f = await figures(d.za);
    const today = todayIn(ZA_ZONE);
    expect([f.today, f.currency]).toEqual([today, 'ZAR']);
    const money = await expectedMoney(d.zaCompany, today);
    expect(f.revenue).toEqual(money.revenue);
    expect(f.debtors).toEqual(money.debtors);
    expect(f.unpaid).toEqual(money.unpaid);
    // What this test made is in them.
    expect(f.debtors?.buckets.days30).toBeGreaterThanOrEqual(45_600);
    expect(f.revenue?.months[1]?.paidCents).toBeGreaterThanOrEqual(23_400);
    expect(f.diary?.scope).toBe('company');
    expect(byStatus(f)).toEqual(await expectedDiary(d.zaCompany, ZA_ZONE));
    // Practice users have no tasks.
    expect(f.tasks).toBeNull();
  });

  it('matches the revenue and debtors reports', async () => {
    const f = await figures(d.za);
    const today = todayIn(ZA_ZONE);
    const month = today.slice(0, 7);
    const revenue = (
      await d.call(
        'GET',
        `/api/report/revenue/${d.zaCompany}?from=${addMonthsIso(month, -1)}&to=${month}`,
        d.za,
      )
    ).json();
    expect(f.revenue?.months.map((m) => m.invoicedCents)).toEqual(
      revenue.months.map((m: { invoicedCents: number }) => m.invoicedCents),
    );
    const debtors = (await d.call('GET', `/api/report/debtors/${d.zaCompany}`, d.za)).json();
    expect(f.debtors?.totalCents).toBe(debtors.totals.totalCents);
  });

  it('a user without rights A gets their own day and no money figures', async () => {
    const f = await figures(zaUser);
    expect([f.revenue, f.debtors, f.unpaid]).toEqual([null, null, null]);
    expect(f.diary?.scope).toBe('own');
    const own = await expectedDiary(d.zaCompany, ZA_ZONE, zaUserId);
    expect(byStatus(f)).toEqual(own);
    expect(own).toMatchObject({ noshow: 1 });
    expect(f.tasks).toEqual({ scope: 'own', ...(await expectedTasks(d.zaCompany, ZA_ZONE, zaUserId)) });
    expect((f.tasks?.overdue ?? 0) + (f.tasks?.dueToday ?? 0)).toBeGreaterThanOrEqual(2);
    // A receptionist (practice role): her own diary, no tasks, no money.
    const reception = await figures(d.reception);
    expect([reception.revenue, reception.debtors, reception.unpaid, reception.tasks]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(reception.diary?.scope).toBe('own');
  });

  it('an adviser firm’s administrator: revenue and the company’s tasks; no debtors, unpaid or diary', async () => {
    const f = await figures(d.uk);
    const today = todayIn(UK_ZONE);
    expect(f.today).toBe(today);
    expect(f.revenue).toEqual((await expectedMoney(d.ukCompany, today)).revenue);
    expect([f.debtors, f.unpaid, f.diary]).toEqual([null, null, null]);
    expect(f.tasks).toEqual({ scope: 'company', ...(await expectedTasks(d.ukCompany, UK_ZONE)) });
    expect(f.tasks?.overdue).toBeGreaterThanOrEqual(1);
    // The adviser without rights A: their own tasks, no money.
    const own = await figures(ukAdviser);
    expect([own.revenue, own.debtors, own.unpaid]).toEqual([null, null, null]);
    expect(own.tasks).toEqual({
      scope: 'own',
      ...(await expectedTasks(d.ukCompany, UK_ZONE, ukAdviser.user.id)),
    });
  });

  it('another company’s id answers 404, a malformed one or a query 400 naming it, and no session 401', async () => {
    expect((await home(d.za, d.ukCompany)).statusCode).toBe(404);
    for (const [url, field] of [
      ['/api/report/home/12x', 'params.companyId'],
      ['/api/report/home/99999999999999999999', 'params.companyId'],
      [`/api/report/home/${d.zaCompany}?asAt=2026-02-30`, 'querystring.asAt'],
      [`/api/report/home/${d.zaCompany}?x=%00`, 'querystring.x'],
    ] as const) {
      const bad = await d.call('GET', url, d.za);
      expect(bad.statusCode, url).toBe(400);
      expect(JSON.stringify(bad.json().fields), url).toContain(field);
    }
    expect((await d.app.inject({ method: 'GET', url: `/api/report/home/${d.zaCompany}` })).statusCode).toBe(
      401,
    );
  });
});
