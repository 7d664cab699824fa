/**
 * Reminders (issue 16) at size: one company with --appointments appointments (default 20,000) in the next
 * 7 days for 60 bench practitioners, and two SMS rules (24 hours and 2 hours before) on their type, so
 * 40,000 pending dispatches. Measures, on a fresh database (it refuses one it has filled before):
 *   - the rules' creation (each schedules every upcoming appointment in one statement);
 *   - computing and queuing one hour's due dispatches (claim, decide, group, pay, outbox, ledger, delivery
 *     jobs): the dispatches due in a chosen hour are brought forward to now (time travel) and dispatched;
 *   - rescheduling one appointment: the whole PUT /api/appointment/{id}, and the hook alone;
 *   - the 7-day forecast through the API (median, p95, max) beside its one statement replayed raw.
 *
 *   psql -h 127.0.0.1 -U postgres -c 'drop database if exists pd_bench_rem' -c 'create database pd_bench_rem'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/pd_bench_rem npx tsx scripts/bench/reminders.ts
 *
 * Prints Markdown tables for docs/benchmarks.md.
 */
import { addDaysIso, timeZoneFor, todayIn, wallClockToInstant } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withSystem, withTenant } from '../../apps/api/src/db/tenancy.ts';
import { execute, selectRow, selectRows } from '../../apps/api/src/lib/sql.ts';
import { DeliveryPublisher, PRIORITY } from '../../apps/api/src/modules/messaging/delivery/queue.ts';
import { dispatchDue } from '../../apps/api/src/modules/reminders/dispatcher.ts';
import { followAppointments } from '../../apps/api/src/modules/reminders/follow.ts';
import { readForecastData } from '../../apps/api/src/modules/reminders/forecast.queries.ts';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { cliFlags } from '../cli-flags.ts';
import { int, keepAliveClient, load, ms, signIn, startBenchServer, summarise } from './bench-support.ts';
import { recordStatements, replayAsTenant } from './sql-capture.ts';

const args = cliFlags(
  'Usage: DATABASE_URL=postgres://… npx tsx scripts/bench/reminders.ts [--appointments N] [--requests N] [--hours N]',
  {
    appointments: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    hours: { type: 'string', default: '3' },
  },
);
const TARGET = Number(args.appointments);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const HOURS = Number(args.hours);
const PRACTITIONERS = 60;
const CLIENTS = 4000;
const TYPE = 'Reminder bench visit';
const idRow = z.object({ id: z.number() });
const countRow = z.object({ n: z.number() });

/** Bench clients, practitioners, the type and the appointments (system role, set-based statements). */
async function load20k(database: Database, companyId: number, timeZone: string) {
  return withSystem(database.db, async (tx) => {
    const known = await selectRow(tx, idRow, sql`select id from appointment_types where name = ${TYPE}`);
    if (known) throw new Error('This database has the bench already: use a fresh one (see the header).');
    await execute(
      tx,
      sql`insert into clients (company_id, type, name, first_name, last_name, preferred_name, mobile, comm_status)
          select ${companyId}, 'N', 'Bench ' || n, 'Bench', 'Client ' || n, 'Bench' || n,
                 '+2782' || lpad(n::text, 7, '0'), 'Y'
            from generate_series(1, ${CLIENTS}) n`,
    );
    const hash = await selectRow(
      tx,
      z.object({ hash: z.string() }),
      sql`select password_hash as hash from users where company_id = ${companyId} order by id limit 1`,
    );
    await execute(
      tx,
      sql`insert into users (company_id, username, email, display_name, password_hash, roles)
          select ${companyId}, 'remb.p' || n, 'remb.p' || n || '@bench.example', 'Dr Bench ' || n, ${hash?.hash ?? ''},
                 '{ROLE_ISOPRACTICE}'
            from generate_series(1, ${PRACTITIONERS}) n`,
    );
    await execute(
      tx,
      sql`insert into practitioners (company_id, user_id)
          select company_id, id from users where company_id = ${companyId} and username like 'remb.p%'`,
    );
    const type = await selectRow(
      tx,
      idRow,
      sql`insert into appointment_types (company_id, name, duration_minutes, min_minutes, max_minutes, colour)
          values (${companyId}, ${TYPE}, 15, 15, 60, '#123456') returning id`,
    );
    // Day 1–7 from today, 07:00–19:00 in quarter hours, every practitioner: 60 × 7 × 48 = 20,160 slots.
    const today = todayIn(timeZone);
    const inserted = await execute(
      tx,
      sql`insert into appointments (company_id, client_id, practitioner_id, type_id, span, created_by)
          select ${companyId}, c.ids[1 + ((s.n * 7919) % array_length(c.ids, 1))], p.ids[1 + (s.n % ${PRACTITIONERS})],
                 ${type?.id ?? 0},
                 tstzrange(s.start, s.start + interval '15 minutes', '[)'), 0
            from (select n, ((${today}::date + 1 + (n / ${PRACTITIONERS}) / 48)::timestamp + time '07:00'
                             + make_interval(mins => ((n / ${PRACTITIONERS}) % 48) * 15)) at time zone ${timeZone} as start
                    from generate_series(0, ${TARGET - 1}) n) s,
                 (select array_agg(id order by id) as ids from clients
                   where company_id = ${companyId} and name like 'Bench %') c,
                 (select array_agg(user_id order by user_id) as ids from practitioners p
                    join users u on u.company_id = p.company_id and u.id = p.user_id
                   where p.company_id = ${companyId} and u.username like 'remb.p%') p`,
    );
    return { typeId: type?.id ?? 0, appointments: inserted };
  });
}

const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

const server = await startBenchServer();
const { database } = server;
await seedDemoIfEmpty(database.db);
const admin = await withSystem(database.db, (tx) =>
  selectRow(
    tx,
    z.object({ companyId: z.number(), region: z.string() }),
    sql`select u.company_id as "companyId", c.region from users u join companies c on c.id = u.company_id
         where u.username = 'za.admin'`,
  ),
);
if (!admin) throw new Error('No za.admin: the demo seed is needed.');
const c = admin.companyId;
const timeZone = timeZoneFor(admin.region);
const auth = await signIn(server.baseUrl, 'za.admin', DEMO_PASSWORD);
const http = keepAliveClient(server.baseUrl, 1);
const json = { ...auth, 'content-type': 'application/json', 'x-requested-with': 'PracticeDesk' };
const call = async (method: string, path: string, body?: unknown) => {
  const res = await http.request(method, path, json, body === undefined ? undefined : JSON.stringify(body));
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  return res.body;
};

say(`Reminders bench, company ${c} (${timeZone}), load ${load()}, ${new Date().toISOString()}`);
let t = performance.now();
const { typeId, appointments } = await load20k(database, c, timeZone);
await database.pool.query('analyze');
say(
  `- loaded ${int(appointments)} appointments (60 practitioners, days 1–7) in ${((performance.now() - t) / 1000).toFixed(1)} s`,
);

await call('PUT', `/api/credit/${c}/settings`, { dailyCap: 1_000_000, segmentPriceCents: 30 });
await call('POST', `/api/credit/${c}/topup`, { amountCents: 100_000_000 });
const template = JSON.parse(
  await call('POST', `/api/reminder/template/${c}`, {
    name: 'Bench reminder',
    channel: 'sms',
    body: 'Hi {{preferredName}}, a reminder of your appointment with {{practitioner}} at {{practiceName}} on {{date}} at {{time}}. {{cancelInstruction}}',
  }),
) as { id: number };
for (const [offsetValue, label] of [
  [24, '24 hours'],
  [2, '2 hours'],
] as const) {
  t = performance.now();
  await call('POST', `/api/reminder/rule/${c}`, {
    typeId,
    channel: 'sms',
    templateId: template.id,
    offsetValue,
    offsetUnit: 'hours',
  });
  say(
    `- rule "SMS ${label} before" created, its upcoming appointments scheduled: ${ms(performance.now() - t)} ms`,
  );
}
// As the tables' owner (the app's roles may not): this server runs without autovacuum.
await database.pool.query('analyze');
const pending = await withSystem(database.db, (tx) =>
  selectRow(tx, countRow, sql`select count(*)::int as n from reminder_dispatches where status = 'pending'`),
);
say(`- ${int(pending?.n ?? 0)} pending dispatches`);

// ------------------------------------------------------------------ one hour's due dispatches
say('');
say('| hour (company zone) | due dispatches | messages | settled | seconds |');
say('| --- | --- | --- | --- | --- |');
const publisher = new DeliveryPublisher(database.db);
await publisher.enqueue([0], PRIORITY.sweep); // starts its pg-boss instance outside the timings (no worker runs)
const tomorrow = addDaysIso(todayIn(timeZone), 1);
for (let h = 0; h < HOURS; h++) {
  const hour = `${String(10 + h).padStart(2, '0')}:00`;
  const from = wallClockToInstant(tomorrow, hour, timeZone) as Date;
  const to = new Date(from.getTime() + 3_600_000);
  // Time travel: the hour's dispatches fall due now, their appointments booked long before.
  const due = await withSystem(database.db, async (tx) => {
    const where = sql`company_id = ${c} and status = 'pending' and due_at >= ${from.toISOString()}::timestamptz
                      and due_at < ${to.toISOString()}::timestamptz`;
    await execute(
      tx,
      sql`update appointments set created_at = now() - interval '30 days'
           where company_id = ${c} and id in (select appointment_id from reminder_dispatches where ${where})`,
    );
    return execute(
      tx,
      sql`update reminder_dispatches set due_at = due_at - (${to.toISOString()}::timestamptz - now()) - interval '1 second'
           where ${where}`,
    );
  });
  t = performance.now();
  const outcome = await dispatchDue(database.db, { batchSize: 200 }, (ids) =>
    publisher.enqueue(ids, PRIORITY.single),
  );
  const seconds = (performance.now() - t) / 1000;
  say(
    `| ${tomorrow} ${hour}–${String(11 + h).padStart(2, '0')}:00 | ${int(due)} | ${int(outcome.messages)} | ${int(outcome.settled)} | **${seconds.toFixed(2)}** |`,
  );
}
await publisher.stop();

// ------------------------------------------------------------------ rescheduling one appointment
const movable = await withSystem(database.db, (tx) =>
  selectRows(
    tx,
    z.object({ id: z.number(), start: z.string() }),
    sql`select a.id, to_char(a.starts_at at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI') as start
          from appointments a where a.company_id = ${c} and a.type_id = ${typeId}
           and a.starts_at > now() + interval '3 days' order by a.id limit ${REQUESTS + WARMUP}`,
  ),
);
const apiTimes: number[] = [];
for (const [i, a] of movable.entries()) {
  // A week later is an empty day for every practitioner: no clash; its two reminders move with it.
  const later = `${addDaysIso(a.start.slice(0, 10), 7)}T${a.start.slice(11)}`;
  const start = performance.now();
  await call('PUT', `/api/appointment/${a.id}`, { start: later });
  if (i >= WARMUP) apiTimes.push(performance.now() - start);
}
const rollback = new Error('rollback');
const hookTimes: number[] = [];
for (const [i, a] of movable.entries()) {
  try {
    await withTenant(database.db, c, async (tx) => {
      await execute(
        tx,
        sql`update appointments set span = tstzrange(lower(span) + interval '1 day', upper(span) + interval '1 day', '[)')
             where company_id = ${c} and id = ${a.id}`,
      );
      const start = performance.now();
      await followAppointments(tx, c, [a.id]);
      if (i >= WARMUP) hookTimes.push(performance.now() - start);
      throw rollback;
    });
  } catch (error) {
    if (error !== rollback) throw error;
  }
}
const api = summarise(apiTimes);
const hook = summarise(hookTimes);
say('');
say('| reschedule one appointment (2 reminders move) | median / p95 / max ms |');
say('| --- | --- |');
say(
  `| PUT /api/appointment/{id} (HTTP, whole request) | ${ms(api.median)} / **${ms(api.p95)}** / ${ms(api.max)} |`,
);
say(
  `| the hook alone (followAppointments, in its transaction) | ${ms(hook.median)} / **${ms(hook.p95)}** / ${ms(hook.max)} |`,
);

// ------------------------------------------------------------------ the 7-day forecast
// The route's one statement (counts, company, templates), replayed raw as the API's role and tenant.
const statements = await recordStatements(database.db, c, (tx) => readForecastData(tx, c));
const rawPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
const forecastApi = () => call('GET', `/api/reminder/forecast/${c}`);
const forecastRaw = () => replayAsTenant(rawPool, c, statements);
for (let i = 0; i < WARMUP; i++) {
  await forecastApi();
  await forecastRaw();
}
const fa: number[] = [];
const fr: number[] = [];
for (let i = 0; i < REQUESTS; i++) {
  let s = performance.now();
  await forecastApi();
  fa.push(performance.now() - s);
  s = performance.now();
  await forecastRaw();
  fr.push(performance.now() - s);
}
const fApi = summarise(fa);
const fRaw = summarise(fr);
const upcoming = summarise(
  await (async () => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const s = performance.now();
      await call('GET', `/api/reminder/upcoming/${c}?size=20`);
      times.push(performance.now() - s);
    }
    return times;
  })(),
);
const days = JSON.parse(await forecastApi()) as { days: { sms: number }[] };
say('');
say('| read | rows | API median / p95 / max ms | SQL median / p95 / max ms | p95 ratio |');
say('| --- | --- | --- | --- | --- |');
say(
  `| 7-day forecast (GET /api/reminder/forecast; SQL: its one statement) | ${int(days.days.reduce((n, d) => n + d.sms, 0))} pending SMS | ${ms(fApi.median)} / **${ms(fApi.p95)}** / ${ms(fApi.max)} | ${ms(fRaw.median)} / ${ms(fRaw.p95)} / ${ms(fRaw.max)} | ${(fApi.p95 / fRaw.p95).toFixed(2)} |`,
);
say(
  `| upcoming, first page of 20 | — | ${ms(upcoming.median)} / **${ms(upcoming.p95)}** / ${ms(upcoming.max)} | — | — |`,
);
say('');
say(`Load average at the end: ${load()}.`);

await rawPool.end();
http.close();
await server.close();
