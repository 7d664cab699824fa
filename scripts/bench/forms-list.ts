/**
 * The Forms page (issue 18, part 7): GET /api/form/request/lazyloading/{companyId} in the largest company
 * with --requests form requests (most of them submitted, half of those accepted), timed over HTTP for
 * every filter and sort the page offers. Run on a database seeded with clients (npm run seed -- --clients N);
 * the script adds the requests once:
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/forms-list.ts [--requests N] [--samples N]
 *
 * See docs/benchmarks.md, "Forms page".
 */
import { sql } from 'drizzle-orm';
import { withSystem } from '../../apps/api/src/db/tenancy.ts';
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

const args = cliFlags(
  `Usage: npx tsx scripts/bench/forms-list.ts [--requests N] [--samples N]
  --requests N   form requests of the company (default 100000); 60% submitted, half of those accepted
  --samples N    timed requests per shape (default 100, after 10 to warm up)
Database: DATABASE_URL (PostgreSQL server), seeded with clients.`,
  { requests: { type: 'string', default: '100000' }, samples: { type: 'string', default: '100' } },
);
const wanted = Number(args.requests);
const samples = Number(args.samples);

const server = await startBenchServer();
const company = await largestCompany(server.database);
const c = company.companyId;

/** One published form and `wanted` requests spread over three years, with submissions and acceptances. */
const place = await withSystem(server.database.db, async (tx) => {
  const have = await tx.execute<{ n: number; form: number | null; client: number }>(sql`
    select (select count(*)::int from form_requests where company_id = ${c}) as n,
           (select min(id)::int from forms where company_id = ${c} and name = 'Bench form') as form,
           (select min(id)::int from clients where company_id = ${c} and deleted_at is null) as client`);
  const row = have.rows[0];
  if (row && row.n >= wanted) return { formId: Number(row.form), clientId: Number(row.client) };
  const admin = await tx.execute<{ id: number }>(
    sql`select id::int from users where company_id = ${c} and rights = 'A' order by id limit 1`,
  );
  const adminId = admin.rows[0]?.id;
  const definition = {
    resourceType: 'Questionnaire',
    title: 'Bench form',
    item: [
      { linkId: 'firstName', type: 'string', text: 'First name', definition: 'urn:practice-desk:firstName' },
    ],
  };
  const form = await tx.execute<{ id: number }>(
    sql`insert into forms (company_id, name, created_by_id) values (${c}, 'Bench form', ${adminId}) returning id::int`,
  );
  const formId = form.rows[0]?.id;
  const version = await tx.execute<{ id: number }>(sql`
    insert into form_versions (company_id, form_id, version, status, definition, published_at, published_by_id)
    values (${c}, ${formId}, 1, 'published', ${JSON.stringify(definition)}::jsonb, now(), ${adminId}) returning id::int`);
  const versionId = version.rows[0]?.id;
  const started = Date.now();
  await tx.execute(sql`
    insert into form_requests (company_id, form_version_id, client_id, channel, token_hash, expires_at, status,
      opened_at, created_by_id, created_at, updated_at)
    select ${c}, ${versionId}, ids.a[1 + (g * 7919) % cardinality(ids.a)], (array['sms','email','kiosk'])[1 + g % 3],
      encode(sha256(convert_to('bench-form-' || ${c} || '-' || g, 'UTF8')), 'hex'),
      ts + interval '7 days',
      case when g % 10 < 2 then 'sent' when g % 10 = 2 then 'opened' when g % 10 = 3 then 'revoked' else 'submitted' end,
      case when g % 10 >= 2 then ts + interval '1 hour' end, ${adminId}, ts, ts
      from (select array_agg(id order by id) as a from clients where company_id = ${c} and deleted_at is null) ids,
           generate_series(1::bigint, ${wanted}::bigint) g
      cross join lateral (select timestamptz '2026-11-01 00:00Z' - ((g * 104729) % (3 * 365 * 24 * 60)) * interval '1 minute' as ts) t`);
  await tx.execute(sql`
    insert into form_submissions (company_id, request_id, form_version_id, client_id, response, seal, submitted_at, ip, user_agent)
    select company_id, id, form_version_id, client_id,
      '{"resourceType":"QuestionnaireResponse","status":"completed","item":[{"linkId":"firstName","answer":[{"valueString":"Bench"}]}]}'::jsonb,
      token_hash, created_at + interval '2 hours', '127.0.0.1', 'Bench'
      from form_requests where company_id = ${c} and status = 'submitted'`);
  await tx.execute(sql`
    insert into form_acceptances (company_id, submission_id, client_id, fields, accepted_by_id, accepted_at)
    select company_id, id, client_id, '["firstName"]'::jsonb, ${adminId}, submitted_at + interval '1 day'
      from form_submissions where company_id = ${c} and id % 2 = 0`);
  await tx.execute(sql`analyze form_requests`);
  await tx.execute(sql`analyze form_submissions`);
  await tx.execute(sql`analyze form_acceptances`);
  console.log(`Added ${int(wanted)} form requests in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return { formId: Number(formId), clientId: Number(row?.client) };
});

const headers = await signIn(server.baseUrl, company.username);
const http = keepAliveClient(server.baseUrl, 1);
const base = `/api/form/request/lazyloading/${c}`;
const shapes: [string, string][] = [
  ['newest first (the page as it opens)', ''],
  ['page 50', 'page=50'],
  ['status submitted', 'status=submitted'],
  ['status accepted', 'status=accepted'],
  ['status sent', 'status=sent'],
  ['status expired', 'status=expired'],
  ['status withdrawn', 'status=revoked'],
  ['one form', `formId=${place.formId}`],
  ['one client', `clientId=${place.clientId}`],
  ['sent in one month', 'start=2026-06-01T00:00:00Z&end=2026-06-30T23:59:59Z'],
  ...(['formName', 'clientName', 'status', 'expiresAt', 'submittedAt'] as const).flatMap(
    (f): [string, string][] => [
      [`sort ${f} asc`, `sortField=${f}&sortOrder=asc`],
      [`sort ${f} desc`, `sortField=${f}&sortOrder=desc`],
    ],
  ),
];

console.log(
  `Forms page, company ${c}: ${int(wanted)} requests, ${int(company.clients)} clients; load ${load()}`,
);
console.log('| shape | median ms | p95 ms | max ms | rows |');
console.log('|---|---|---|---|---|');
for (const [name, query] of shapes) {
  const path = `${base}?size=20${query ? `&${query}` : ''}`;
  let total = 0;
  const times: number[] = [];
  for (let i = 0; i < samples + 10; i++) {
    const started = performance.now();
    const res = await http.request('GET', path, headers);
    const spent = performance.now() - started;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.slice(0, 300)}`);
    if (i >= 10) times.push(spent);
    else total = (JSON.parse(res.body) as { totalRecords: number }).totalRecords;
  }
  const s = summarise(times);
  console.log(`| ${name} | ${ms(s.median)} | ${ms(s.p95)} | ${ms(s.max)} | ${int(total)} |`);
}
http.close();
await server.close();
