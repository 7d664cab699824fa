import { addDaysIso, type DiaryReport, isoWeekdayOf, weekStartIso } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withSystem } from '../../db/tenancy.ts';
import { selectRows } from '../../lib/sql.ts';
import {
  clientIdsOf,
  type Diary,
  makePractitioner,
  makeType,
  openDiary,
  SET_UP_TIMEOUT,
  type Session,
  userIdOf,
} from '../appointments/appointment-test-support.ts';
import { publicHolidays } from '../appointments/holidays.ts';

/** Issue 19, part 3: the diary report, checked against a computation of its own from the stored rows. */
let d: Diary;
let practitioner: number;
let clients: number[];
const ZONE = 'Africa/Johannesburg';
const FROM = '2025-03-01';
const TO = '2025-04-30';
const system = <T>(fn: Parameters<typeof withSystem<T>>[1]) => withSystem(d.ctx.database.db, fn);
const report = (who: Session, query = '') =>
  d.call('GET', `/api/report/diary/${who.user.companyId}${query ? `?${query}` : ''}`, who);

/** An appointment written as stored (the report reads rows; how they were booked does not matter here). */
const appointment = (
  client: number,
  type: number,
  local: string,
  minutes: number,
  status: string,
  reason?: string,
) =>
  system((tx) =>
    tx.execute(sql`
      insert into appointments (company_id, client_id, practitioner_id, type_id, span, status, cancel_reason)
      values (${d.zaCompany}, ${client}, ${practitioner}, ${type},
              tstzrange((${local}::timestamp at time zone ${ZONE}),
                        (${local}::timestamp at time zone ${ZONE}) + make_interval(mins => ${minutes}), '[)'),
              ${status}, ${reason ?? null})`),
  );
const away = (userId: number | null, start: string, end: string, from?: string, to?: string) =>
  system((tx) =>
    tx.execute(sql`
      insert into availability_exceptions (company_id, user_id, kind, start_date, end_date, start_time, end_time)
      values (${d.zaCompany}, ${userId}, ${userId === null ? 'closed' : 'leave'}, ${start}::date, ${end}::date,
              ${from ?? null}::time, ${to ?? null}::time)`),
  );

beforeAll(async () => {
  d = await openDiary();
  const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00' }));
  practitioner = await makePractitioner(d, d.za, 'za.user', [
    ...weekdays,
    { weekday: 3, start: '14:00', end: '16:00' },
  ]);
  const type = await makeType(d, d.za, { name: 'Diary report type' });
  clients = (await clientIdsOf(d, d.zaCompany)).slice(-3);
  const [a = 0, b = 0, c = 0] = clients;
  await away(practitioner, '2025-03-12', '2025-03-12'); // a Wednesday's leave: 360 minutes
  await away(practitioner, '2025-03-13', '2025-03-13', '09:00', '10:00'); // an hour of a Thursday
  await away(null, '2025-04-04', '2025-04-04'); // the practice closed on a Friday
  await appointment(a, type, '2025-03-03 09:00', 60, 'fulfilled'); // a's first: new in March
  await appointment(a, type, '2025-04-07 09:00', 30, 'fulfilled'); // returning in April
  await appointment(b, type, '2025-03-05 10:00', 45, 'noshow'); // holds time, b not seen
  await appointment(b, type, '2025-04-08 10:00', 15, 'booked'); // b's first seen: new in April
  await appointment(c, type, '2025-03-06 10:00', 30, 'cancelled', 'late');
  await appointment(c, type, '2025-03-07 10:00', 30, 'entered-in-error'); // not counted at all
  await appointment(c, type, '2025-03-31 23:30', 60, 'arrived'); // starts in March, ends in April
}, SET_UP_TIMEOUT);
afterAll(() => d.ctx.close());

const storedAppointment = z.object({
  practitionerId: z.number(),
  clientId: z.number(),
  status: z.string(),
  cancelReason: z.string().nullable(),
  day: z.string(),
  minutes: z.number(),
});
const storedHours = z.object({ userId: z.number(), weekday: z.number(), from: z.number(), to: z.number() });
const storedAway = z.object({
  userId: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  from: z.number().nullable(),
  to: z.number().nullable(),
});
const minutesOf = (column: string) =>
  sql.raw(`(extract(hour from ${column}) * 60 + extract(minute from ${column}))::float8`);

async function stored(companyId: number) {
  return system(async (tx) => ({
    appointments: await selectRows(
      tx,
      storedAppointment,
      sql`select practitioner_id::float8 as "practitionerId", client_id::float8 as "clientId", status,
                 cancel_reason as "cancelReason", to_char(lower(span) at time zone ${ZONE}, 'YYYY-MM-DD') as day,
                 (extract(epoch from upper(span) - lower(span)) / 60)::float8 as minutes
            from appointments where company_id = ${companyId}`,
    ),
    hours: await selectRows(
      tx,
      storedHours,
      sql`select user_id::float8 as "userId", weekday::float8 as weekday, ${minutesOf('start_time')} as from,
                 case when end_time = '24:00' then 1440 else ${minutesOf('end_time')} end as to
            from practitioner_hours where company_id = ${companyId}`,
    ),
    away: await selectRows(
      tx,
      storedAway,
      sql`select user_id::float8 as "userId", to_char(start_date, 'YYYY-MM-DD') as "startDate",
                 to_char(end_date, 'YYYY-MM-DD') as "endDate", ${minutesOf('start_time')} as from,
                 ${minutesOf('end_time')} as to
            from availability_exceptions where company_id = ${companyId}`,
    ),
    practitioners: await selectRows(
      tx,
      z.object({ id: z.number(), name: z.string() }),
      sql`select p.user_id::float8 as id, u.display_name as name from practitioners p
            join users u on u.company_id = p.company_id and u.id = p.user_id where p.company_id = ${companyId}`,
    ),
  }));
}

/** Minutes of a day's working hours not covered by the practitioner's or the practice's exceptions, minute by minute. */
function workedOn(s: Awaited<ReturnType<typeof stored>>, userId: number, day: string, holidays: Set<string>) {
  if (holidays.has(day)) return 0;
  const weekday = isoWeekdayOf(day);
  const away = s.away.filter(
    (e) => (e.userId === null || e.userId === userId) && e.startDate <= day && e.endDate >= day,
  );
  let minutes = 0;
  for (let m = 0; m < 1440; m += 1) {
    const working = s.hours.some(
      (h) => h.userId === userId && h.weekday === weekday && h.from <= m && m < h.to,
    );
    const off = away.some((e) => e.from === null || e.to === null || (e.from <= m && m < e.to));
    if (working && !off) minutes += 1;
  }
  return minutes;
}

const rate = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null;

/** The report computed here from the stored rows, without the report's SQL. */
async function expected(
  companyId: number,
  from: string,
  to: string,
  period: 'week' | 'month',
  only?: number,
) {
  const s = await stored(companyId);
  const holidays = new Set(publicHolidays('ZA', from, to).map((h) => h.date));
  const keyOf = (day: string) => (period === 'month' ? day.slice(0, 7) : weekStartIso(day));
  const seen = ['booked', 'arrived', 'fulfilled'];
  const firstSeen = new Map<number, string>();
  for (const a of s.appointments) {
    if (!seen.includes(a.status)) continue;
    const first = firstSeen.get(a.clientId);
    if (!first || a.day < first) firstSeen.set(a.clientId, a.day);
  }
  const people = s.practitioners.filter((p) => only === undefined || p.id === only);
  const inRange = s.appointments.filter(
    (a) =>
      a.day >= from &&
      a.day <= to &&
      a.status !== 'entered-in-error' &&
      people.some((p) => p.id === a.practitionerId),
  );
  const figures = (days: string[], ids: number[], periodStart: (day: string) => string) => {
    const mine = inRange.filter((a) => days.includes(a.day) && ids.includes(a.practitionerId));
    const workingMinutes = ids.reduce(
      (s1, id) => s1 + days.reduce((s2, day) => s2 + workedOn(s, id, day, holidays), 0),
      0,
    );
    const bookedMinutes = Math.round(
      mine.filter((a) => a.status !== 'cancelled').reduce((sum, a) => sum + a.minutes, 0),
    );
    const clientsSeen = new Set(mine.filter((a) => seen.includes(a.status)).map((a) => a.clientId));
    const newOnes = [...clientsSeen].filter((id) =>
      mine.some(
        (a) =>
          a.clientId === id && seen.includes(a.status) && (firstSeen.get(id) ?? '') >= periodStart(a.day),
      ),
    );
    const noShows = mine.filter((a) => a.status === 'noshow').length;
    const lateCancels = mine.filter((a) => a.status === 'cancelled' && a.cancelReason === 'late').length;
    return {
      workingMinutes,
      bookedMinutes,
      utilisation: rate(bookedMinutes, workingMinutes),
      appointments: mine.length,
      noShows,
      lateCancels,
      noShowRate: rate(noShows, mine.length),
      lateCancelRate: rate(lateCancels, mine.length),
      newClients: newOnes.length,
      returningClients: clientsSeen.size - newOnes.length,
    };
  };
  const days: string[] = [];
  for (let day = from; day <= to; day = addDaysIso(day, 1)) days.push(day);
  const periods = [...new Set(days.map(keyOf))];
  const daysOf = (key: string) => days.filter((day) => keyOf(day) === key);
  const startOf = (day: string) => [daysOf(keyOf(day))[0] ?? day].sort()[0] ?? day;
  const ids = people.map((p) => p.id);
  const rows = periods.flatMap((key) =>
    [...people]
      .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      .map((p) => ({
        period: key,
        practitionerId: p.id,
        practitionerName: p.name,
        ...figures(daysOf(key), [p.id], startOf),
      }))
      .filter((r) => r.workingMinutes > 0 || r.appointments > 0),
  );
  return {
    periods: periods.map((key) => ({ period: key, ...figures(daysOf(key), ids, startOf) })),
    rows,
    totals: figures(days, ids, () => from),
  };
}

describe('diary report', () => {
  it('per month: working and booked minutes, no-shows, late cancellations, new and returning clients', async () => {
    const res = await report(d.za, `from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    const body: DiaryReport = res.json();
    expect([body.from, body.to, body.period, body.practitionerId]).toEqual([FROM, TO, 'month', null]);
    const want = await expected(d.zaCompany, FROM, TO, 'month');
    expect(body.periods).toEqual(want.periods);
    expect(body.rows).toEqual(want.rows);
    expect(body.totals).toEqual(want.totals);
    // The figures this test made, worked out by hand: 21 working days of 4 hours (the shipped holiday
    // calendars start in 2026) but the 12th (leave), Wednesday afternoons but the 12th, less an hour on the 13th.
    const march = body.rows.find((r) => r.period === '2025-03' && r.practitionerId === practitioner);
    expect(march).toMatchObject({
      workingMinutes: 21 * 240 - 240 + 3 * 120 - 60,
      bookedMinutes: 60 + 45 + 60,
      appointments: 4,
      noShows: 1,
      lateCancels: 1,
      noShowRate: 0.25,
      newClients: 2,
      returningClients: 0,
    });
    const april = body.rows.find((r) => r.period === '2025-04' && r.practitionerId === practitioner);
    expect(april).toMatchObject({ bookedMinutes: 45, appointments: 2, newClients: 1, returningClients: 1 });
  });

  it('per week, for one practitioner, matches the same computation', async () => {
    const query = `from=2025-03-05&to=2025-04-09&period=week&practitionerId=${practitioner}`;
    const body: DiaryReport = (await report(d.za, query)).json();
    expect(body.period).toBe('week');
    expect(body.periods.map((p) => p.period)).toEqual([
      '2025-03-03',
      '2025-03-10',
      '2025-03-17',
      '2025-03-24',
      '2025-03-31',
      '2025-04-07',
    ]);
    const want = await expected(d.zaCompany, '2025-03-05', '2025-04-09', 'week', practitioner);
    expect(body).toEqual({
      from: '2025-03-05',
      to: '2025-04-09',
      period: 'week',
      practitionerId: practitioner,
      ...want,
    });
    expect(body.rows.every((r) => r.practitionerId === practitioner)).toBe(true);
    // The first week starts on the 5th: the fulfilled appointment on the 3rd is outside the range.
    expect(body.periods[0]).toMatchObject({ appointments: 2, bookedMinutes: 45 });
  });

  it('public holidays are not working time', async () => {
    const query = `from=2026-04-01&to=2026-04-10&period=week&practitionerId=${practitioner}`;
    const body: DiaryReport = (await report(d.za, query)).json();
    // Good Friday (3 April) and Family Day (6 April) off: Wed 6 h, Thu 4 h; Tue 4, Wed 6, Thu 4, Fri 4.
    expect(body.periods.map((p) => [p.period, p.workingMinutes])).toEqual([
      ['2026-03-30', 600],
      ['2026-04-06', 1080],
    ]);
  });

  it('defaults to this month and the two before', async () => {
    const body: DiaryReport = (await report(d.za)).json();
    expect(body.periods).toHaveLength(3);
    expect(body.from.endsWith('-01')).toBe(true);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const ukPractitioner = await makePractitioner(d, d.uk, 'uk.user');
    const notPractitioner = await userIdOf(d, 'za.reception');
    const cases: [string, string][] = [
      ['from=2025-02-30', 'querystring.from'],
      ['to=2025-13-01', 'querystring.to'],
      ['from=25-01-01', 'querystring.from'],
      ['from=2025-05-01&to=2025-04-30', 'querystring.to'],
      ['from=2015-01-01&to=2025-01-01', 'querystring.from'],
      ['period=day', 'querystring.period'],
      ['colour=red', 'querystring.colour'],
      [`practitionerId=${ukPractitioner}`, 'querystring.practitionerId'],
      [`practitionerId=${notPractitioner}`, 'querystring.practitionerId'],
      ['practitionerId=1e3', 'querystring.practitionerId'],
      ['from=2025-01-01%00', 'querystring.from'],
    ];
    for (const [query, field] of cases) {
      const res = await report(d.za, query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().fields.map((f: { path: string }) => f.path),
        query,
      ).toContain(field);
    }
    expect((await report(d.za, 'from=2015-01-02&to=2025-01-01')).statusCode).toBe(200);
  });

  it('is for administrators only, and never another company’s', async () => {
    expect((await report(d.reception)).statusCode).toBe(403);
    expect((await d.call('GET', `/api/report/diary/${d.zaCompany}/csv`, d.reception)).statusCode).toBe(403);
    expect((await d.call('GET', `/api/report/diary/${d.zaCompany}`, d.uk)).statusCode).toBe(404);
    const uk: DiaryReport = (await report(d.uk, `from=${FROM}&to=${TO}`)).json();
    expect(uk.rows.some((r) => r.practitionerId === practitioner)).toBe(false);
  });

  it('exports CSV: a row per period, the total, then per practitioner (formula cells neutralised)', async () => {
    await system((tx) =>
      tx.execute(sql`update users set display_name = '=HYPERLINK("x")' where id = ${practitioner}`),
    );
    const query = `from=${FROM}&to=${TO}`;
    const body: DiaryReport = (await report(d.za, query)).json();
    const csv = await d.call('GET', `/api/report/diary/${d.zaCompany}/csv?${query}`, d.za);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="diary-${FROM}-${TO}.csv"`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Period,Practitioner,Working minutes,Booked minutes,Utilisation %,Appointments,No-shows,No-show %,Late cancellations,Late cancellation %,New clients,Returning clients',
    );
    expect(lines).toHaveLength(1 + body.periods.length + 1 + 1 + body.rows.length);
    const march = body.rows.find((r) => r.period === '2025-03' && r.practitionerId === practitioner);
    const pct = (x: number | null | undefined) => (x == null ? '' : (x * 100).toFixed(1));
    expect(lines).toContain(
      `2025-03,"'=HYPERLINK(""x"")",${march?.workingMinutes},${march?.bookedMinutes},${pct(march?.utilisation)},4,1,25.0,1,25.0,2,0`,
    );
    const t = body.totals;
    expect(lines[body.periods.length + 1]).toBe(
      `Total ${FROM} to ${TO},All practitioners,${t.workingMinutes},${t.bookedMinutes},${pct(t.utilisation)},${t.appointments},${t.noShows},${pct(t.noShowRate)},${t.lateCancels},${pct(t.lateCancelRate)},${t.newClients},${t.returningClients}`,
    );
    expect((await d.call('GET', `/api/report/diary/${d.zaCompany}/csv?period=day`, d.za)).statusCode).toBe(
      400,
    );
  });
});
