/**
 * The client timeline (issue 17, part 9): the first page of one client with --entries entries spread over
 * the seven kinds, in the largest company with --other rows of each kind for its other clients. Times the
 * API-level function (clientTimeline, the service the route calls), the route over HTTP, and the raw SQL
 * the function sends (node-postgres, the same transaction, role and tenant), and prints the plan. Run on a
 * database seeded with clients (npm run seed -- --clients N); the script adds what it lacks once:
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/client-timeline.ts [options]
 *
 * See docs/benchmarks.md, "Client timeline".
 */
import { TIMELINE_KINDS, type TimelineQuery, timelineQuerySchema } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Principal } from '../../apps/api/src/auth/access.ts';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
import { timelineRows } from '../../apps/api/src/modules/timeline/timeline.queries.ts';
import { clientTimeline } from '../../apps/api/src/modules/timeline/timeline.service.ts';
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
  topUpInvoices,
} from './bench-support.ts';
import { explainAsTenant, type RecordedStatement, recordStatements, replayAsTenant } from './sql-capture.ts';

const args = cliFlags(
  `Usage: npx tsx scripts/bench/client-timeline.ts [--entries N] [--other N] [--requests N] [--warmup N] [--explain]
  --entries N   the measured client's timeline entries (default 2000)
  --other N     rows of each kind (notes, calls, messages, audit entries, appointments, invoices) for the
                company's other clients (default 100000)
  --explain     print EXPLAIN (ANALYZE, BUFFERS) of each case's timeline statement
Database: DATABASE_URL (PostgreSQL server), seeded with clients.`,
  {
    entries: { type: 'string', default: '2000' },
    other: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
  },
);

interface Place {
  companyId: number;
  userId: number;
  clientId: number;
}

/** A minute-spread instant over three years before 2026-11-01, from a row number (deterministic). */
const spread = (g: string) =>
  `(timestamptz '2026-11-01 00:00Z' - ((${g} * 104729) % (3 * 365 * 24 * 60)) * interval '1 minute')`;

/** Inserts for `n` rows with client `client` (SQL) and instant `ts` (SQL), as pd_system. */
const KIND_INSERTS: Record<string, (p: Place, from: string) => string> = {
  note: (p, from) => `insert into notes (company_id, client_id, author_id, subject, description, sharable,
      created_at, updated_at)
    select ${p.companyId}, client, ${p.userId}, 'Note ' || g, '<p>Seen today, <strong>better</strong>.</p>', 'Y', ts, ts
    ${from}`,
  call: (
    p,
    from,
  ) => `insert into calls (company_id, client_id, direction, number, started_at, duration_seconds,
      outcome, purpose, handled_by_id, created_at, updated_at)
    select ${p.companyId}, client, case when g % 2 = 0 then 'in' else 'out' end, '+27821087109', ts, 60 + g % 600,
      'answered', 'Follow-up ' || g, ${p.userId}, ts, ts
    ${from}`,
  message: (
    p,
    from,
  ) => `insert into messages (company_id, client_id, user_id, channel, recipient, subject, content,
      status, created_at, updated_at)
    select ${p.companyId}, client, ${p.userId}, case when (g / 6) % 2 = 0 then 'email' else 'sms' end, 'bench@example.com',
      'Letter ' || g, 'Dear client, your appointment is confirmed.', 'sent', ts, ts
    ${from}`,
  audit: (
    p,
    from,
  ) => `insert into audit_entries (company_id, user_id, client_id, sub_process, action, description, at)
    select ${p.companyId}, ${p.userId}, client, 'Client Management', 'client.update', 'Changed the address ' || g, ts
    ${from}`,
  appointment: (p, from) => `insert into appointments (company_id, client_id, practitioner_id, type_id, span,
      allow_overlap, created_at, updated_at)
    select ${p.companyId}, client, ${p.userId},
      (select min(id) from appointment_types where company_id = ${p.companyId}),
      tstzrange(ts, ts + interval '30 minutes'), true, ts, ts
    ${from}`,
  invoice: (
    p,
    from,
  ) => `insert into invoices (company_id, client_id, bill_to_client_id, invoiced, due, currency,
      subtotal_cents, total_cents, created_by, created_at, updated_at, status)
    select ${p.companyId}, client, client, ts::date, ts::date + 30, 'ZAR', 10000 + g, 10000 + g, ${p.userId}, ts, ts,
      'draft'
    ${from}`,
};

/** A practitioner (the admin) and an appointment type, so appointments can be written. */
const ensureDiary = (database: Database, p: Place) =>
  withSystem(database.db, async (tx) => {
    await tx.execute(sql`insert into practitioners (company_id, user_id) values (${p.companyId}, ${p.userId})
      on conflict do nothing`);
    await tx.execute(sql`insert into appointment_types (company_id, name, duration_minutes, min_minutes, max_minutes,
        colour)
      select ${p.companyId}, 'Consultation', 30, 15, 60, '#1e88e5'
      where not exists (select 1 from appointment_types where company_id = ${p.companyId})`);
  });

async function build(database: Database, p: Place, other: number, entries: number) {
  const started = performance.now();
  await ensureDiary(database, p);
  const others = `from generate_series(1::bigint, ${other}) g,
      (select array_agg(id order by id) as ids from clients
        where company_id = ${p.companyId} and deleted_at is null and id <> ${p.clientId}) cl,
      lateral (select cl.ids[1 + (g * 7919) % array_length(cl.ids, 1)] as client, ${spread('g')} as ts) r`;
  // The measured client: entry g is kind g % 6 (messages alternate e-mail and SMS); pairs share an instant.
  const mine = (k: number) => `from generate_series(1::bigint, ${entries}) g,
      lateral (select ${p.clientId}::bigint as client,
        timestamptz '2026-11-01 00:00Z' - (g / 2) * interval '13 hours' as ts) r where g % 6 = ${k}`;
  const kinds = Object.keys(KIND_INSERTS);
  for (const [k, kind] of kinds.entries()) {
    const insert = KIND_INSERTS[kind];
    if (!insert) continue;
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      if (kind !== 'invoice') await tx.execute(sql.raw(insert(p, others)));
      await tx.execute(sql.raw(insert(p, mine(k))));
    });
    console.error(`… ${kind}s`);
  }
  await topUpInvoices(database, p.companyId, other);
  await database.pool.query('vacuum analyze notes, calls, messages, audit_entries, appointments, invoices');
  console.error(`… built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The measured client: the company's first live client, and whether its entries are there already. */
const findPlace = (database: Database, companyId: number, username: string) =>
  withSystem(database.db, async (tx) => {
    const { rows } = await tx.execute<{ clientId: number; userId: number; notes: number }>(sql`
      select (select min(id) from clients where company_id = ${companyId} and deleted_at is null) as "clientId",
        (select id from users where company_id = ${companyId} and username = ${username}) as "userId",
        (select count(*)::int from notes where company_id = ${companyId}) as notes`);
    const row = rows[0];
    if (!row) throw new Error('no client');
    return {
      place: { companyId, userId: Number(row.userId), clientId: Number(row.clientId) },
      built: row.notes > 0,
    };
  });

async function timeThree(
  fn: () => Promise<unknown>,
  http: () => Promise<unknown>,
  raw: () => Promise<unknown>,
  counts: { warmup: number; requests: number },
) {
  const sides = [fn, http, raw];
  for (let i = 0; i < counts.warmup; i++) for (const side of sides) await side();
  const times: number[][] = [[], [], []];
  for (let i = 0; i < counts.requests; i++) {
    for (const [s, side] of sides.entries()) {
      const t = performance.now();
      await side();
      times[s]?.push(performance.now() - t);
    }
  }
  return times.map(summarise);
}

async function main() {
  const server = await startBenchServer();
  const { database } = server;
  if (database.engine !== 'postgres') throw new Error('Set DATABASE_URL: this benchmark is for PostgreSQL.');
  const rawPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const http = keepAliveClient(server.baseUrl, 1);
  try {
    const company = await largestCompany(database);
    const { place, built } = await findPlace(database, company.companyId, company.username);
    if (!built) await build(database, place, Number(args.other), Number(args.entries));
    const headers = await signIn(server.baseUrl, company.username);
    const principal = {
      userId: place.userId,
      companyId: place.companyId,
      roles: [],
      rights: 'A',
    } as unknown as Principal;
    const scope = { db: database.db, principal };
    const { rows: sizes } = await database.pool.query(
      `select (select count(*) from notes where company_id = $1)::int as notes,
              (select count(*) from calls where company_id = $1)::int as calls,
              (select count(*) from messages where company_id = $1)::int as messages,
              (select count(*) from invoices where company_id = $1)::int as invoices,
              (select count(*) from appointments where company_id = $1)::int as appointments,
              (select count(*) from audit_entries where company_id = $1)::int as audit`,
      [place.companyId],
    );
    const all = await clientTimeline(scope, place.clientId, timelineQuerySchema.parse({ size: '100' }));
    const deep = await (async () => {
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const p = await clientTimeline(
          scope,
          place.clientId,
          timelineQuerySchema.parse({ size: '100', cursor: cursor || undefined }),
        );
        cursor = p.nextCursor ?? cursor;
      }
      return cursor;
    })();
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(`# Client timeline, PostgreSQL server, ${when} UTC`);
    console.log(
      `company ${place.companyId} (${int(company.clients)} clients): ${Object.entries(sizes[0] ?? {})
        .map(([k, v]) => `${int(Number(v))} ${k}`)
        .join(', ')}; client ${place.clientId} with ${args.entries} entries; ${args.requests} sequential ` +
        `requests per side after ${args.warmup} warm-up; load average ${load()}`,
    );
    if (all.entries.length === 0) throw new Error('the client has no timeline');
    const cases: [string, Record<string, string>][] = [
      ['first page (20, every kind)', {}],
      ['first page, calls and SMS', { kinds: 'call,sms' }],
      ['page after 1,000 entries', { cursor: deep }],
    ];
    const lines = [
      '| case | function median / p95 / max ms | HTTP median / p95 / max ms | SQL median / p95 / max ms | function ÷ SQL (p95) |',
      '| --- | --- | --- | --- | --- |',
    ];
    for (const [name, query] of cases) {
      const q: TimelineQuery = timelineQuerySchema.parse(query);
      const filter = {
        companyId: place.companyId,
        clientId: place.clientId,
        userId: place.userId,
        // Every kind, as the service reads them (the raw side then sends the same statement).
        kinds: q.kinds ?? TIMELINE_KINDS,
        cursor: q.cursor,
        limit: q.size + 1,
      };
      const recorded = await recordStatements(database.db, place.companyId, (tx) => timelineRows(tx, filter));
      // The service's client check (query builder, not recorded) written out: the raw side sends it too.
      const statements: RecordedStatement[] = [
        {
          text: 'select id, name from clients where company_id = $1 and id = $2 and deleted_at is null',
          params: [place.companyId, place.clientId],
        },
        ...recorded,
      ];
      if (args.explain) {
        const [plan] = await explainAsTenant(rawPool, place.companyId, recorded);
        console.log(`\n## ${name}\n\n\`\`\`\n${plan}\n\`\`\``);
      }
      const url = `/api/client1/${place.clientId}/timeline?${new URLSearchParams(query)}`;
      const [f, h, r] = await timeThree(
        () => clientTimeline(scope, place.clientId, q),
        async () => {
          const res = await http.request('GET', url, headers);
          if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 300)}`);
        },
        () => replayAsTenant(rawPool, place.companyId, statements),
        { warmup: Number(args.warmup), requests: Number(args.requests) },
      );
      if (!f || !h || !r) throw new Error('no samples');
      lines.push(
        `| ${name} | ${ms(f.median)} / ${ms(f.p95)} / ${ms(f.max)} | ${ms(h.median)} / ${ms(h.p95)} / ${ms(h.max)} | ` +
          `${ms(r.median)} / ${ms(r.p95)} / ${ms(r.max)} | ${(f.p95 / r.p95).toFixed(2)} |`,
      );
      console.error(lines[lines.length - 1]);
    }
    console.log(`\n${lines.join('\n')}\n\nload average at the end: ${load()}`);
  } finally {
    http.close();
    await rawPool.end();
    await server.close();
  }
}

await main();
