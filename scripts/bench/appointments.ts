/**
 * The diary (issue 15) at size: 20 practitioners and --appointments appointments (default 500,000) over two
 * years in the largest company. The API (HTTP, in-process server) against the exact SQL it runs for the
 * day view of all practitioners and the week view of one; a 52-occurrence series; "next free slot".
 * Run on a database seeded with clients (npm run seed -- --clients N); the script adds what it lacks:
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/appointments.ts [options]
 *
 * Prints Markdown tables for docs/benchmarks.md.
 */

import { addDaysIso, timeZoneFor, todayIn, wallClockToInstant } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
import { selectRow, selectRows } from '../../apps/api/src/lib/sql.ts';
import { type DiaryFilter, diaryQuery } from '../../apps/api/src/modules/appointments/appointment.queries.ts';
import { cliFlags } from '../cli-flags.ts';
import {
  int,
  keepAliveClient,
  largestCompany,
  load,
  ms,
  signIn,
  startBenchServer,
  summarise,
} from './bench-support.ts';
import { replayAsTenant } from './sql-capture.ts';

const args = cliFlags(
  'Usage: DATABASE_URL=postgres://… npx tsx scripts/bench/appointments.ts [--appointments N] [--requests N] [--warmup N] [--series N]',
  {
    appointments: { type: 'string', default: '500000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    series: { type: 'string', default: '30' },
  },
);
const TARGET = Number(args.appointments);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const SERIES = Number(args.series);
const PRACTITIONERS = 20;
const DAYS = 730;

const idRow = z.object({ id: z.number() });
const countRow = z.object({ n: z.number() });

/** 20 practitioners (bench users) with rooms and weekday hours 07:00–19:00, bench types; idempotent. */
async function setUp(database: Database, companyId: number) {
  return withSystem(database.db, async (tx) => {
    const admin = await selectRow(
      tx,
      z.object({ hash: z.string() }),
      sql`select password_hash as hash from users where company_id = ${companyId} and rights = 'A' order by id limit 1`,
    );
    for (let i = 1; i <= PRACTITIONERS + 1; i++) {
      const username = i > PRACTITIONERS ? `apptbench${companyId}.series` : `apptbench${companyId}.p${i}`;
      await tx.execute(sql`
        insert into users (company_id, username, email, display_name, password_hash, roles)
        values (${companyId}, ${username}, ${`${username}@bench.example`}, ${`Practitioner ${i}`}, ${admin?.hash ?? ''}, '{ROLE_ISOPRACTICE}')
        on conflict do nothing`);
    }
    const users = await selectRows(
      tx,
      z.object({ id: z.number(), username: z.string() }),
      sql`select id, username from users where company_id = ${companyId} and username like ${`apptbench${companyId}.%`} order by id`,
    );
    for (const u of users) {
      const room = await selectRow(
        tx,
        idRow,
        sql`insert into rooms (company_id, name) values (${companyId}, ${`Room ${u.username}`})
            on conflict (company_id, lower(name)) do update set name = excluded.name returning id`,
      );
      await tx.execute(sql`
        insert into practitioners (company_id, user_id, default_room_id) values (${companyId}, ${u.id}, ${room?.id ?? null})
        on conflict do nothing`);
      await tx.execute(sql`
        insert into practitioner_hours (company_id, user_id, weekday, start_time, end_time)
        select ${companyId}, ${u.id}, d, '07:00', '19:00' from generate_series(1, 5) d
         where not exists (select 1 from practitioner_hours where company_id = ${companyId} and user_id = ${u.id})`);
    }
    const type = async (name: string, minutes: number, buffer: number) => {
      const found = await selectRow(
        tx,
        idRow,
        sql`select id from appointment_types where company_id = ${companyId} and name = ${name}`,
      );
      if (found) return found.id;
      const made = await selectRow(
        tx,
        idRow,
        sql`insert into appointment_types (company_id, name, duration_minutes, min_minutes, max_minutes, colour, buffer_after_minutes)
            values (${companyId}, ${name}, ${minutes}, 15, 120, '#1e88e5', ${buffer}) returning id`,
      );
      return made?.id ?? 0;
    };
    const quarter = await type('Bench quarter hour', 15, 0);
    const half = await type('Bench half hour', 30, 0);
    const series = users.find((u) => u.username.endsWith('.series'));
    return {
      practitioners: users.filter((u) => u !== series).map((u) => u.id),
      seriesPractitioner: series?.id ?? 0,
      quarter,
      half,
    };
  });
}

/**
 * Tops the practitioners up to TARGET appointments: every day of two years around today, a 15-minute grid
 * 07:00–19:00 in the company's zone, about 71% of slots taken (pseudo-randomly), past ones mostly
 * completed, some cancelled or no-shows; batches of 60 days, as pd_system.
 */
async function topUp(database: Database, companyId: number, tz: string, ids: number[], typeId: number) {
  const have = () =>
    withSystem(
      database.db,
      async (tx) =>
        (
          await selectRow(
            tx,
            countRow,
            sql`select count(*)::int as n from appointments where company_id = ${companyId}
        and practitioner_id = any(${`{${ids.join(',')}}`}::bigint[])`,
          )
        )?.n ?? 0,
    );
  if ((await have()) >= TARGET * 0.95) return have();
  const first = addDaysIso(todayIn(tz), -DAYS / 2);
  const keep = Math.round((TARGET / (DAYS * PRACTITIONERS * 48)) * 10_000);
  const started = performance.now();
  for (let offset = 0; offset < DAYS; offset += 60) {
    const from = addDaysIso(first, offset);
    const to = addDaysIso(first, Math.min(offset + 59, DAYS - 1));
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`
        with p as (select pr.user_id, pr.default_room_id from practitioners pr
                    where pr.company_id = ${companyId} and pr.user_id = any(${`{${ids.join(',')}}`}::bigint[])),
        cl as (select array_agg(id order by id) as ids from (
                 select id from clients where company_id = ${companyId} and deleted_at is null order by id limit 20000) c),
        grid as (
          select d::date as day, p.user_id, p.default_room_id, s,
                 abs(hashtext(d::date::text || ':' || p.user_id || ':' || s)) as h
            from generate_series(${from}::date, ${to}::date, interval '1 day') d, p, generate_series(0, 47) s)
        insert into appointments (company_id, client_id, practitioner_id, room_id, type_id, span, buffer_minutes,
                                  status, cancel_reason, created_by)
        select ${companyId}, cl.ids[1 + (g.h / 7) % array_length(cl.ids, 1)], g.user_id, g.default_room_id, ${typeId},
               tstzrange((g.day + time '07:00' + g.s * interval '15 minutes') at time zone ${tz},
                         (g.day + time '07:00' + (g.s + 1) * interval '15 minutes') at time zone ${tz}, '[)'),
               0,
               case when g.day >= current_date then 'booked' when g.h % 23 = 0 then 'cancelled'
                    when g.h % 29 = 0 then 'noshow' else 'fulfilled' end,
               case when g.day < current_date and g.h % 23 = 0 then 'client' end,
               g.user_id
          from grid g, cl
         where g.h % 10000 < ${keep}`);
    });
    console.error(`… ${from} to ${to}`);
  }
  console.error(`loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await database.pool.query(
    'vacuum analyze appointments, practitioners, practitioner_hours, rooms, appointment_types, users, clients, invoices',
  );
  return have();
}

async function timed(fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/**
 * Wall time, and this process's CPU time added to `cpu` (ms): on a loaded machine the wall times mostly
 * measure waiting for a core, while the CPU each side spends in Node (HTTP, the API's work, node-postgres
 * parsing rows) does not depend on the load.
 */
async function timedCpu(fn: () => Promise<unknown>, cpu: { ms: number }) {
  const before = process.cpuUsage();
  const took = await timed(fn);
  const used = process.cpuUsage(before);
  cpu.ms += (used.user + used.system) / 1000;
  return took;
}

async function main() {
  const server = await startBenchServer();
  const { database } = server;
  if (database.engine !== 'postgres') throw new Error('Run on PostgreSQL: DATABASE_URL=postgres://…');
  const rawPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const http = keepAliveClient(server.baseUrl, 1);
  try {
    const company = await largestCompany(database);
    const { rows } = await database.pool.query('select region from companies where id = $1', [
      company.companyId,
    ]);
    const tz = timeZoneFor(String(rows[0]?.region ?? 'UK'));
    const setup = await setUp(database, company.companyId);
    const total = await topUp(database, company.companyId, tz, setup.practitioners, setup.quarter);
    const headers = await signIn(server.baseUrl, company.username);
    const json = { ...headers, 'content-type': 'application/json' };
    const c = company.companyId;
    console.log(
      `# Appointments, PostgreSQL server, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    console.log(
      `company ${c} (${tz}): ${int(total)} appointments of ${PRACTITIONERS} practitioners over ${DAYS} days; load average ${load()}`,
    );

    // A Wednesday about a month ahead: a full diary day.
    let day = addDaysIso(todayIn(tz), 30);
    while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDaysIso(day, 1);
    const dayStart = wallClockToInstant(day, '00:00', tz) ?? new Date();
    const dayEnd = wallClockToInstant(addDaysIso(day, 1), '00:00', tz) ?? new Date();
    const weekEnd = wallClockToInstant(addDaysIso(day, 7), '00:00', tz) ?? new Date();
    const weeks6End = wallClockToInstant(addDaysIso(day, 42), '00:00', tz) ?? new Date();
    const agendaEnd = wallClockToInstant(addDaysIso(day, 14), '00:00', tz) ?? new Date();
    const one = setup.practitioners[7];
    const room = await withSystem(database.db, (tx) =>
      selectRow(
        tx,
        idRow,
        sql`select default_room_id as id from practitioners where company_id = ${c} and user_id = ${one}`,
      ),
    );
    // What the diary asks for (DiaryPage): the default status filter is apps/web's DEFAULT_STATUSES.
    const shown = ['booked', 'arrived', 'fulfilled', 'noshow'];
    const day1 = { start: dayStart, end: dayEnd };
    const cases: { name: string; filter: DiaryFilter; requests?: number }[] = [
      { name: 'day view, all practitioners (as the diary asks)', filter: { ...day1, statuses: shown } },
      { name: 'day view, all practitioners, no status filter', filter: day1 },
      { name: 'day view, one room (room filter)', filter: { ...day1, roomId: room?.id, statuses: shown } },
      { name: 'day view, one type', filter: { ...day1, typeId: setup.quarter, statuses: shown } },
      { name: 'day view, cancelled only', filter: { ...day1, statuses: ['cancelled'] } },
      {
        name: 'week view, one practitioner',
        filter: { start: dayStart, end: weekEnd, practitionerId: one, statuses: shown },
      },
      {
        name: 'agenda, 14 days, one practitioner',
        filter: { start: dayStart, end: agendaEnd, practitionerId: one, statuses: shown },
      },
      {
        name: 'month view, 6 weeks, one practitioner',
        filter: { start: dayStart, end: weeks6End, practitionerId: one, statuses: shown },
      },
      {
        name: 'month view, 6 weeks, all practitioners',
        filter: { start: dayStart, end: weeks6End, statuses: shown },
        requests: Math.min(REQUESTS, 20),
      },
    ];
    const lines = [
      '| case | rows | API median / p95 / max ms | SQL median / p95 / max ms | p95 ratio | Node CPU ms a request, API / SQL |',
      '| --- | --- | --- | --- | --- | --- |',
    ];
    for (const { name, filter, requests = REQUESTS } of cases) {
      const q = new URLSearchParams({ start: filter.start.toISOString(), end: filter.end.toISOString() });
      if (filter.practitionerId) q.set('practitionerId', String(filter.practitionerId));
      if (filter.roomId) q.set('roomId', String(filter.roomId));
      if (filter.typeId) q.set('typeId', String(filter.typeId));
      if (filter.statuses) q.set('status', filter.statuses.join(','));
      const path = `/api/appointment/diary/${c}?${q}`;
      const built = new PgDialect().sqlToQuery(diaryQuery(c, filter, tz));
      const statements = [{ text: built.sql, params: built.params }];
      const api = async () => {
        const res = await http.request('GET', path, headers);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
        return res.body;
      };
      // The API also reads the company (its time zone) first: the raw side replays that too.
      const replayed = [{ text: 'select * from companies where id = $1', params: [c] }, ...statements];
      const raw = () => replayAsTenant(rawPool, c, replayed);
      const count = (JSON.parse(await api()) as unknown[]).length;
      // The statement answers one row: the whole list as JSON text, which the API sends as it is.
      if ((await raw()) !== 2) throw new Error(`${name}: the statement did not answer one row`);
      for (let i = 0; i < Math.min(WARMUP, requests); i++) {
        await api();
        await raw();
      }
      const apiTimes: number[] = [];
      const rawTimes: number[] = [];
      const apiCpu = { ms: 0 };
      const rawCpu = { ms: 0 };
      for (let i = 0; i < requests; i++) {
        apiTimes.push(await timedCpu(api, apiCpu));
        rawTimes.push(await timedCpu(raw, rawCpu));
      }
      const a = summarise(apiTimes);
      const r = summarise(rawTimes);
      lines.push(
        `| ${name} | ${int(count)} | ${ms(a.median)} / ${ms(a.p95)} / ${ms(a.max)} | ${ms(r.median)} / ${ms(r.p95)} / ${ms(r.max)} | ${(a.p95 / r.p95).toFixed(2)} | ${ms(apiCpu.ms / requests)} / ${ms(rawCpu.ms / requests)} |`,
      );
      console.log(lines.at(-1));
    }

    // 52-occurrence series for an empty practitioner, each at its own weekday and quarter hour.
    await withSystem(database.db, async (tx) => {
      // The reminders a booking records (migration 0027) go first: they refer to the appointments.
      const mine = sql`(select id from appointments where company_id = ${c} and practitioner_id = ${setup.seriesPractitioner})`;
      await tx.execute(
        sql`delete from reminder_dispatches where company_id = ${c} and appointment_id in ${mine}`,
      );
      await tx.execute(
        sql`delete from reminder_appointments where company_id = ${c} and appointment_id in ${mine}`,
      );
      await tx.execute(
        sql`delete from appointments where company_id = ${c} and practitioner_id = ${setup.seriesPractitioner}`,
      );
    });
    const seriesTimes: number[] = [];
    for (let i = 0; i < SERIES + 5; i++) {
      const start = `${addDaysIso(day, i % 7)}T${String(7 + Math.floor(i / 7)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`;
      const body = JSON.stringify({
        clientId: 1,
        practitionerId: setup.seriesPractitioner,
        typeId: setup.half,
        start,
        frequency: 'weekly',
        count: 52,
        skipClashes: true,
      });
      const clientRow = await withSystem(database.db, (tx) =>
        selectRow(
          tx,
          idRow,
          sql`select id from clients where company_id = ${c} and deleted_at is null order by id limit 1`,
        ),
      );
      const t = performance.now();
      const res = await http.request(
        'POST',
        `/api/appointment/series/${c}`,
        json,
        body.replace('"clientId":1', `"clientId":${clientRow?.id}`),
      );
      const took = performance.now() - t;
      if (res.status !== 201) throw new Error(`series: ${res.status} ${res.body}`);
      if (i >= 5) seriesTimes.push(took);
    }
    const s = summarise(seriesTimes);
    console.log(
      `| 52-occurrence series (POST) | 52 | ${ms(s.median)} / ${ms(s.p95)} / ${ms(s.max)} | — | — |`,
    );

    // Next free slot over all 20 practitioners, from 06:00 on successive days.
    const slotTimes: number[] = [];
    for (let i = 0; i < REQUESTS + WARMUP; i++) {
      const from = wallClockToInstant(addDaysIso(day, i % 60), '06:00', tz) ?? new Date();
      const path = `/api/appointment/slots/${c}?typeId=${setup.quarter}&from=${from.toISOString()}&count=10`;
      const t = performance.now();
      const res = await http.request('GET', path, headers);
      const took = performance.now() - t;
      if (res.status !== 200 || (JSON.parse(res.body) as unknown[]).length !== 10)
        throw new Error(`slots: ${res.status} ${res.body}`);
      if (i >= WARMUP) slotTimes.push(took);
    }
    const f = summarise(slotTimes);
    console.log(
      `| next free slot, 20 practitioners | 10 | ${ms(f.median)} / ${ms(f.p95)} / ${ms(f.max)} | — | — |`,
    );
    console.log(`load average at the end ${load()}`);
  } finally {
    http.close();
    await rawPool.end();
    await server.close();
  }
}

await main();
