/**
 * Prospects and phone calls at size (issue 17): the board (columns with totals and the first 50 cards) and
 * the list view of --opportunities opportunities (default 50,000), and the reverse number lookup with
 * --calls calls (default 500,000) in the largest company. Each shape the UI offers is timed over HTTP
 * (in-process server) interleaved with the exact statements the service sends, replayed over node-postgres in
 * the same transaction, role and tenant. Run on a database seeded with clients (npm run seed -- --clients N);
 * the script adds what it lacks once:
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/prospects.ts [options]
 *
 * See docs/benchmarks.md, "Prospects and phone calls".
 */
import { boardQuerySchema, opportunityListQuerySchema, ROLES } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Principal } from '../../apps/api/src/auth/access.ts';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
import { lookupCaller } from '../../apps/api/src/modules/calls/call.service.ts';
import { getBoard, listOpportunityPage } from '../../apps/api/src/modules/prospects/opportunity.service.ts';
import { cliFlags } from '../cli-flags.ts';
import {
  int,
  keepAliveClient,
  largestCompany,
  load,
  ms,
  signIn,
  startBenchServer,
  timeSideBySide,
} from './bench-support.ts';
import { explainAsTenant, recordQueries, replayAsTenant } from './sql-capture.ts';

const args = cliFlags(
  `Usage: npx tsx scripts/bench/prospects.ts [--opportunities N] [--calls N] [--requests N] [--warmup N] [--explain]
Database: DATABASE_URL (PostgreSQL server), seeded with clients.`,
  {
    opportunities: { type: 'string', default: '50000' },
    calls: { type: 'string', default: '500000' },
    requests: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    explain: { type: 'boolean', default: false },
  },
);
const OWNERS = 5;
const USER = 'prospectbench';

interface Place {
  companyId: number;
  pipelineId: number;
  ownerIds: number[];
  number: string;
}

/** Owners (business users, so the Prospects area is theirs), a six-stage pipeline; idempotent. */
async function setUp(database: Database, companyId: number): Promise<Omit<Place, 'number'>> {
  return withSystem(database.db, async (tx) => {
    for (let i = 1; i <= OWNERS; i++) {
      await tx.execute(sql`
        insert into users (company_id, username, email, display_name, password_hash, roles, rights)
        select ${companyId}, ${`${USER}${companyId}.o${i}`}, ${`${USER}${companyId}.o${i}@bench.example`},
          ${`Adviser ${i}`}, password_hash, ${`{${ROLES.rise}}`}, 'A'
          from users where company_id = ${companyId} and rights = 'A' order by id limit 1
        on conflict do nothing`);
    }
    const owners = await tx.execute<{ id: number }>(
      sql`select id from users where company_id = ${companyId} and username like ${`${USER}${companyId}.o%`} order by id`,
    );
    let pipeline = (
      await tx.execute<{ id: number }>(
        sql`select id from pipelines where company_id = ${companyId} and name = 'Bench pipeline'`,
      )
    ).rows[0];
    if (!pipeline) {
      pipeline = (
        await tx.execute<{ id: number }>(sql`insert into pipelines (company_id, name, position)
          values (${companyId}, 'Bench pipeline', -1) returning id`)
      ).rows[0];
      const stages: [string, string, number][] = [
        ['New', 'open', 10],
        ['Contacted', 'open', 20],
        ['Needs analysis', 'open', 40],
        ['Proposal', 'open', 60],
        ['Won', 'won', 100],
        ['Lost', 'lost', 0],
      ];
      for (const [i, [name, kind, probability]] of stages.entries())
        await tx.execute(sql`insert into pipeline_stages (company_id, pipeline_id, name, kind, probability, position)
          values (${companyId}, ${pipeline?.id}, ${name}, ${kind}, ${probability}, ${i})`);
    }
    if (!pipeline) throw new Error('no pipeline');
    return { companyId, pipelineId: Number(pipeline.id), ownerIds: owners.rows.map((r) => Number(r.id)) };
  });
}

/** The opportunities and calls the company lacks, spread over its clients, owners and two years. */
async function build(database: Database, p: Omit<Place, 'number'>, opportunities: number, calls: number) {
  await withSystem(database.db, async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    const have = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from opportunities where company_id = ${p.companyId}`,
    );
    const missing = opportunities - Number(have.rows[0]?.n ?? 0);
    if (missing > 0) {
      await tx.execute(
        sql.raw(`
        insert into opportunities (company_id, client_id, pipeline_id, stage_id, title, value_cents, commission_cents,
          probability, expected_close_date, owner_id, source)
        select ${p.companyId}, cl.ids[1 + (g * 7919) % array_length(cl.ids, 1)], ${p.pipelineId}, st.ids[1 + g % 6],
          'Opportunity ' || g, (g * 104729) % 5000000, (g * 7919) % 200000, (g * 13) % 101,
          case when g % 10 = 0 then null else date '2025-11-01' + ((g * 31) % 730)::int end,
          ow.ids[1 + g % ${OWNERS}], 'Referral'
        from generate_series(1::bigint, ${missing}) g,
          (select array_agg(id order by id) as ids from clients where company_id = ${p.companyId} and deleted_at is null) cl,
          (select array_agg(id order by position) as ids from pipeline_stages where pipeline_id = ${p.pipelineId}) st,
          (select array[${p.ownerIds.join(',')}]::bigint[] as ids) ow`),
      );
      console.error(`… ${int(missing)} opportunities`);
    }
    const haveCalls = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from calls where company_id = ${p.companyId}`,
    );
    const missingCalls = calls - Number(haveCalls.rows[0]?.n ?? 0);
    if (missingCalls > 0) {
      await tx.execute(
        sql.raw(`
        insert into calls (company_id, client_id, direction, number, started_at, duration_seconds, outcome, purpose,
          handled_by_id)
        select ${p.companyId}, c.id, case when g % 2 = 0 then 'in' else 'out' end, coalesce(c.mobile, '+27820000000'),
          timestamptz '2026-11-01 00:00Z' - ((g * 104729) % (2 * 365 * 24 * 60)) * interval '1 minute',
          (g * 7) % 900, 'answered', 'Follow-up ' || g, ${p.ownerIds[0]}
        from generate_series(1::bigint, ${missingCalls}) g,
          (select array_agg(id order by id) as ids from clients where company_id = ${p.companyId} and deleted_at is null) cl,
          lateral (select id, mobile from clients where company_id = ${p.companyId}
                    and id = cl.ids[1 + (g * 7919) % array_length(cl.ids, 1)]) c`),
      );
      console.error(`… ${int(missingCalls)} calls`);
    }
  });
  await database.pool.query(
    'vacuum analyze opportunities, pipelines, pipeline_stages, users, calls, clients',
  );
}

const knownNumber = (database: Database, companyId: number) =>
  withSystem(database.db, async (tx) => {
    const { rows } = await tx.execute<{ mobile: string }>(sql`
      select mobile from clients where company_id = ${companyId} and deleted_at is null and mobile like '+%'
      order by id limit 1`);
    if (!rows[0]) throw new Error('no client with a mobile');
    return rows[0].mobile;
  });

async function main() {
  const server = await startBenchServer();
  const { database } = server;
  if (database.engine !== 'postgres') throw new Error('Set DATABASE_URL: this benchmark is for PostgreSQL.');
  const rawPool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  const http = keepAliveClient(server.baseUrl, 1);
  try {
    const company = await largestCompany(database);
    const base = await setUp(database, company.companyId);
    await build(database, base, Number(args.opportunities), Number(args.calls));
    const place: Place = { ...base, number: await knownNumber(database, company.companyId) };
    const owner = place.ownerIds[0] ?? 0;
    const headers = await signIn(server.baseUrl, `${USER}${place.companyId}.o1`);
    const principal = { userId: owner, companyId: place.companyId, roles: [ROLES.rise], rights: 'A' };
    const scope = { db: database.db, principal: principal as unknown as Principal };
    const { rows: sizes } = await database.pool.query(
      `select (select count(*) from opportunities where company_id = $1)::int as opportunities,
              (select count(*) from calls where company_id = $1)::int as calls`,
      [place.companyId],
    );
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(`# Prospects and phone calls, PostgreSQL server, ${when} UTC`);
    console.log(
      `company ${place.companyId} (${int(company.clients)} clients, ${int(sizes[0]?.opportunities)} opportunities, ` +
        `${int(sizes[0]?.calls)} calls); ${args.requests} sequential requests a side after ${args.warmup} warm-up; ` +
        `load average ${load()}`,
    );
    const month = '2026-03';
    const board = (q: Record<string, string>) => ({
      url: `/api/opportunity/board/${place.companyId}?${new URLSearchParams(q)}`,
      run: () => getBoard(scope, boardQuerySchema.parse(q)),
    });
    const list = (q: Record<string, string>) => ({
      url: `/api/opportunity/lazyloading/${place.companyId}?${new URLSearchParams(q)}`,
      run: () => listOpportunityPage(scope, opportunityListQuerySchema.parse(q)),
    });
    const lookup = (number: string) => ({
      url: `/api/call/lookup/${place.companyId}?${new URLSearchParams({ number })}`,
      run: () => lookupCaller(scope, number),
    });
    const pipelineId = String(place.pipelineId);
    const page = { page: '1', size: '10' };
    const cases: [string, { url: string; run: () => Promise<unknown> }][] = [
      ['board, the pipeline', board({ pipelineId })],
      ['board, one owner', board({ pipelineId, ownerId: String(owner) })],
      ['board, one close month', board({ pipelineId, closeMonth: month })],
      ['board, owner and month', board({ pipelineId, ownerId: String(owner), closeMonth: month })],
      ...(
        [
          'expectedCloseDate',
          'title',
          'clientName',
          'stageName',
          'valueCents',
          'probability',
          'owner',
        ] as const
      ).map((sortField): [string, { url: string; run: () => Promise<unknown> }] => [
        `list, sorted by ${sortField}`,
        list({ pipelineId, sortField, sortOrder: '1', ...page }),
      ]),
      ['list, value descending', list({ pipelineId, sortField: 'valueCents', sortOrder: '-1', ...page })],
      ['list, one owner and month', list({ pipelineId, ownerId: String(owner), closeMonth: month, ...page })],
      ['list, page 500', list({ pipelineId, page: '500', size: '10' })],
      ['lookup, a known number', lookup(place.number)],
      ['lookup, an unknown number', lookup('+27829999999')],
    ];
    const lines = [
      '| case | statements | API median / p95 / max ms | SQL median / p95 / max ms | p95 ratio |',
      '| --- | --- | --- | --- | --- |',
    ];
    for (const [name, c] of cases) {
      const statements = await recordQueries(() => c.run());
      if (args.explain) {
        const plans = await explainAsTenant(rawPool, place.companyId, statements);
        console.log(`\n## ${name}\n\n\`\`\`\n${plans.join('\n\n')}\n\`\`\``);
      }
      const t = await timeSideBySide(
        async () => {
          const res = await http.request('GET', c.url, headers);
          if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.slice(0, 300)}`);
        },
        () => replayAsTenant(rawPool, place.companyId, statements),
        { warmup: Number(args.warmup), requests: Number(args.requests) },
      );
      lines.push(
        `| ${name} | ${statements.length} | ${ms(t.api.median)} / ${ms(t.api.p95)} / ${ms(t.api.max)} | ` +
          `${ms(t.raw.median)} / ${ms(t.raw.p95)} / ${ms(t.raw.max)} | ${(t.api.p95 / t.raw.p95).toFixed(2)} |`,
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
