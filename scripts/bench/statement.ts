/**
 * Statement benchmark (issue 6): "a detailed statement for a client with 1,000 invoices renders in under
 * 1 second". One client of the ZA demo company gets --invoices invoices (default 1,000: one to three lines
 * each with 15% VAT, a third paid in full, some half paid, spread evenly over two years), then:
 *
 * - the detailed (type D) statement PDF over a period covering all of them, downloaded --requests times
 *   (default 30, after --warmup) through the real route on the in-process server over HTTP;
 * - the SQL statements the route runs (company, client, balances, ageing, invoices with lines, payments),
 *   captured once and replayed directly in one transaction as pd_app with the tenant set, like the route;
 * - the split in process: building the statement (SQL through drizzle and assembly) and rendering the PDF;
 * - the compact (type C) statement once, for comparison.
 *
 * --others N first gives the company's other clients N invoices between them (one line each, over the same
 * two years), so that the statement's queries pick one client's invoices out of a large table.
 *
 *   npx tsx scripts/bench/statement.ts [--invoices 1000] [--requests 30] [--warmup 5] [--others 0] [--explain]
 *   PD_TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx tsx scripts/bench/statement.ts                                               # PostgreSQL server
 *
 * Runs on a scratch database (the test harness's: memory:// or a database created and dropped on the
 * server) seeded with the demo data. Budget: the detailed download's p95 under 1,000 ms.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { formatMoney } from '@pd/contracts';
import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Database } from '../../apps/api/src/db/connect.ts';
import { companies } from '../../apps/api/src/db/schema/index.ts';
import { withSystem, withTenant } from '../../apps/api/src/db/tenancy.ts';
import { billingCompany } from '../../apps/api/src/modules/invoices/invoice-context.ts';
import { pdfText } from '../../apps/api/src/modules/invoices/invoice-test-support.ts';
import { buildStatement } from '../../apps/api/src/modules/statements/statement.service.ts';
import { renderStatementPdf } from '../../apps/api/src/modules/statements/statement-pdf.ts';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { createTestContext, TEST_ENGINE } from '../../apps/api/src/test/harness.ts';
import { cliFlags } from '../cli-flags.ts';
import { int, load, ms, signIn, summarise } from './bench-support.ts';
import { explainAsTenant, recordStatements, replayAsTenant } from './sql-capture.ts';

const args = cliFlags(
  'Usage: npx tsx scripts/bench/statement.ts [--invoices 1000] [--requests 30] [--warmup 5] [--explain]',
  {
    invoices: { type: 'string', default: '1000' },
    requests: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    others: { type: 'string', default: '0' },
    explain: { type: 'boolean', default: false },
  },
);
const INVOICES = Number(args.invoices);
const OTHERS = Number(args.others);
const REQUESTS = Number(args.requests);
const WARMUP = Number(args.warmup);
const BUDGET_MS = 1000;
const START = '2024-01-01';
const END = '2026-03-31'; // the last invoice is 2025-12-31; its payments follow within 35 days

type Setup = {
  companyId: number;
  clientId: number;
  currency: string;
  closingCents: number;
  payments: number;
};

type Target = { companyId: number; userId: number; currency: string; clientId: number };

/** The ZA demo company, its admin, and a client with no invoices of its own (the demo ones go to the first five). */
async function target(database: Database): Promise<Target> {
  return withSystem(database.db, async (tx) => {
    const me = (
      await tx.execute<{ companyId: number; userId: number; currency: string }>(sql`
        select c.id as "companyId", u.id as "userId", c.currency from companies c join users u on u.company_id = c.id
         where u.username = 'za.admin'`)
    ).rows[0];
    if (!me) throw new Error('demo company missing');
    const client = (
      await tx.execute<{ id: number }>(sql`
        select c.id from clients c where c.company_id = ${me.companyId} and c.deleted_at is null
           and not exists (select 1 from invoices i where i.bill_to_client_id = c.id)
         order by c.id limit 1`)
    ).rows[0];
    if (!client) throw new Error('no client without invoices');
    await tx.execute(
      sql`insert into billing_settings (company_id) values (${me.companyId}) on conflict do nothing`,
    );
    return { ...me, clientId: client.id };
  });
}

/**
 * --others: invoices (one line each, unpaid) for the company's other clients, in batches of up to 50,000,
 * each its own transaction followed by ANALYZE. The first batch is small: the lines' foreign-key checks
 * are planned from the statistics at hand, and on a table that looks empty they read every invoice per line
 * (as the billing-run benchmark found).
 */
async function giveOthers(database: Database, t: Target) {
  const c = t.companyId;
  for (let done = 0; done < OTHERS; ) {
    const batch = Math.min(done === 0 ? 1000 : 50_000, OTHERS - done);
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(sql`
        with base as (select last_invoice_number as n from billing_settings where company_id = ${c} for update),
        cl as (select array_agg(id order by id) as ids from clients
                where company_id = ${c} and deleted_at is null and id <> ${t.clientId}),
        spec as (
          select g, base.n + g as number, cl.ids[(1 + (g * 7919) % array_length(cl.ids, 1))::int] as client_id,
                 ${START}::date + ((g * 104729) % 730)::int as invoiced, 1000 + (g * 37) % 200000 as net
            from generate_series(1::bigint, ${batch}::bigint) g, base, cl),
        ins as (
          insert into invoices (company_id, number, client_id, bill_to_client_id, status, invoiced, due, use_tax_rate,
                                currency, subtotal_cents, vat_cents, total_cents, paid_cents, issued_at)
          select ${c}, number, client_id, client_id, 'active', invoiced, invoiced + 30, 'Y', ${t.currency},
                 net, (net * 15 + 50) / 100, net + (net * 15 + 50) / 100, 0, now()
            from spec returning id, subtotal_cents, vat_cents)
        insert into invoice_lines (company_id, invoice_id, position, description, quantity, unit_price_cents,
                                   vat_rate_bps, net_cents, vat_cents)
        select ${c}, id, 1, 'Consultation', 1, subtotal_cents, 1500, subtotal_cents, vat_cents from ins`);
      await tx.execute(sql`update billing_settings set last_invoice_number = last_invoice_number + ${batch}
                            where company_id = ${c}`);
    });
    await database.pool.query('analyze invoices, invoice_lines');
    done += batch;
    console.error(`… ${int(done)} other invoices`);
  }
}

/**
 * Gives the client its invoices in one statement (as pd_system, like the seeds): numbered on from the
 * settings row, lines priced with 15% VAT per line, and payments that agree with each invoice's paid_cents
 * and status (every third paid in full, in two instalments every sixth; every sixth from the rest half
 * paid; methods rotate).
 */
async function giveInvoices(database: Database, t: Target): Promise<Setup> {
  const c = t.companyId;
  return withSystem(database.db, async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    await tx.execute(sql`
      with base as (select last_invoice_number as n from billing_settings where company_id = ${c} for update),
      spec as (
        select g, base.n + g as number, ${START}::date + ((g - 1) * 730 / ${INVOICES})::int as invoiced
          from generate_series(1, ${INVOICES}::int) g, base),
      line as (
        select s.g, k as position, 1 + (s.g + k) % 2 as quantity,
               (20000 + ((s.g * 37 + k * 11) % 40) * 500)::bigint as unit
          from spec s, generate_series(1, 1 + s.g % 3) k),
      priced as (select *, quantity * unit as net, (quantity * unit * 1500 + 5000) / 10000 as vat from line),
      tot as (select g, sum(net)::bigint as sub, sum(vat)::bigint as vat from priced group by g),
      paid as (
        select g, sub, vat, case when g % 3 = 0 then sub + vat when g % 6 = 1 then (sub + vat) / 2 else 0 end as paid
          from tot),
      ins as (
        insert into invoices (company_id, number, client_id, bill_to_client_id, status, invoiced, due, use_tax_rate,
                              currency, subtotal_cents, vat_cents, total_cents, paid_cents, created_by, issued_at)
        select ${c}, s.number, ${t.clientId}, ${t.clientId},
               case when p.paid = p.sub + p.vat then 'paid' else 'active' end, s.invoiced, s.invoiced + 30, 'Y',
               ${t.currency}, p.sub, p.vat, p.sub + p.vat, p.paid, ${t.userId}, now()
          from spec s join paid p using (g)
        returning id, number),
      lines as (
        insert into invoice_lines (company_id, invoice_id, position, description, quantity, unit_price_cents,
                                   vat_rate_bps, net_cents, vat_cents)
        select ${c}, ins.id, l.position,
               (array['Consultation', 'Follow-up visit', 'Treatment session', 'Assessment'])[1 + (l.g + l.position) % 4],
               l.quantity, l.unit, 1500, l.net, l.vat
          from priced l join spec s using (g) join ins on ins.number = s.number)
      insert into payments (company_id, invoice_id, amount_cents, paid_on, method, reference, created_by)
      select ${c}, ins.id, v.amount, v.paid_on, (array['eft', 'card', 'cash', 'medical_aid'])[1 + p.g % 4],
             'R' || p.g || '/' || v.k, ${t.userId}
        from paid p join spec s using (g) join ins on ins.number = s.number
        cross join lateral (values
          (1, case when p.g % 6 = 0 then p.paid / 2 else p.paid end, s.invoiced + case when p.g % 3 = 0 then 20 else 10 end),
          (2, case when p.g % 6 = 0 then p.paid - p.paid / 2 else 0 end, s.invoiced + 35)) v(k, amount, paid_on)
       where v.amount > 0`);
    await tx.execute(sql`update billing_settings set last_invoice_number = last_invoice_number + ${INVOICES}
                          where company_id = ${c}`);
    // The expected closing balance, from the invoices' own paid_cents (not the payments the statement reads).
    const check = (
      await tx.execute<{
        closing: number;
        invoices: number;
        payments: number;
        lines: number;
        company: number;
      }>(sql`
        select (select sum(total_cents - paid_cents) from invoices where bill_to_client_id = ${t.clientId})::float8 as closing,
               (select count(*)::int from invoices where bill_to_client_id = ${t.clientId}) as invoices,
               (select count(*)::int from payments p join invoices i on i.id = p.invoice_id
                 where i.bill_to_client_id = ${t.clientId}) as payments,
               (select count(*)::int from invoice_lines l join invoices i on i.id = l.invoice_id
                 where i.bill_to_client_id = ${t.clientId}) as lines,
               (select count(*)::int from invoices where company_id = ${c}) as company`)
    ).rows[0];
    if (check?.invoices !== INVOICES)
      throw new Error(`expected ${INVOICES} invoices, found ${check?.invoices}`);
    console.log(
      `client ${t.clientId}: ${int(check.invoices)} invoices, ${int(check.lines)} lines, ${int(check.payments)} payments; ` +
        `the company has ${int(check.company)} invoices in all`,
    );
    return {
      companyId: c,
      clientId: t.clientId,
      currency: t.currency,
      closingCents: check.closing,
      payments: check.payments,
    };
  });
}

/**
 * What the download route runs before rendering (billingCompany, then buildStatement), recorded once: the
 * raw side replays exactly these. billingCompany reads the company through the query builder, not
 * execute, so its statement is taken from the same builder (findCompany's query).
 */
async function captureStatements(database: Database, s: Setup, type: 'C' | 'D') {
  const company = database.db.select().from(companies).where(eq(companies.id, s.companyId)).limit(1).toSQL();
  const recorded = await recordStatements(database.db, s.companyId, async (tx) => {
    const bc = await billingCompany(tx, s.companyId);
    await buildStatement(tx, bc, s.clientId, { type, startDate: START, endDate: END });
  });
  return [{ text: company.sql, params: company.params }, ...recorded];
}

const loadNow = () => (loadavg()[0] ?? 0).toFixed(2);

async function main() {
  const ctx = await createTestContext();
  const { database, app } = ctx;
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const setupStarted = performance.now();
    const who = await target(database);
    await giveOthers(database, who);
    const s = await giveInvoices(database, who);
    await database.pool.query('analyze invoices, invoice_lines, payments');
    const setupMs = performance.now() - setupStarted;
    const headers = {
      ...(await signIn(baseUrl, 'za.admin', DEMO_PASSWORD)),
      'content-type': 'application/json',
    };
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `# Statement, ${TEST_ENGINE === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)'}, ${when} UTC`,
    );
    console.log(
      `set-up ${int(setupMs)} ms; period ${START} to ${END}; ${REQUESTS} sequential requests per side after ` +
        `${WARMUP} warm-up; load average ${load()}`,
    );

    const download = async (type: 'C' | 'D') => {
      const res = await fetch(`${baseUrl}/api/statement/${s.clientId}/download`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type, startDate: START, endDate: END }),
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`download ${type}: ${res.status} ${Buffer.from(bytes)}`);
      if (res.headers.get('content-type') !== 'application/pdf') throw new Error('not application/pdf');
      if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw new Error('not a PDF');
      return bytes;
    };

    // Once: the detailed PDF's text has the expected closing balance and entries.
    const first = await download('D');
    const text = await pdfText(first);
    // pdfText writes every run of white space (the no-break spaces of R 1 234,50 too) as one space.
    const plain = (text: string) => text.replace(/\s+/g, ' ');
    const closing = plain(`Closing balance ${formatMoney(s.closingCents, s.currency)}`);
    if (!text.includes(closing)) throw new Error(`the PDF lacks "${closing}"`);
    const lastLine = plain(`Closing balance ${formatMoney(s.closingCents, s.currency, 'none')}`); // the table's last row
    if (!text.includes(lastLine)) throw new Error(`the PDF lacks the table's "${lastLine}"`);
    const pdf = await getDocument({ data: new Uint8Array(first), isEvalSupported: false, verbosity: 0 })
      .promise;
    console.log(
      `check: PDF ${int(first.length)} bytes, ${pdf.numPages} pages, text has "${closing}" ` +
        `(${s.payments} payments; expected from the invoices' paid amounts)`,
    );
    await pdf.destroy();

    const statementsD = await captureStatements(database, s, 'D');
    const statementsC = await captureStatements(database, s, 'C');
    const service = async (type: 'C' | 'D') =>
      withTenant(database.db, s.companyId, async (tx) => {
        const company = await billingCompany(tx, s.companyId);
        return {
          company,
          ...(await buildStatement(tx, company, s.clientId, { type, startDate: START, endDate: END })),
        };
      });
    const built = await service('D');
    console.log(
      `statement: ${built.statement.entries.length} entries, ${statementsD.length} SQL statements ` +
        `(+ set_config); raw replay returns ${await replayAsTenant(database.pool, s.companyId, statementsD)} rows`,
    );

    if (args.explain) {
      const plans = await explainAsTenant(database.pool, s.companyId, statementsD);
      for (const [i, plan] of plans.entries()) {
        console.log(
          `\n-- statement ${i + 1}: ${statementsD[i]?.text.replace(/\s+/g, ' ').slice(0, 100)}…\n${plan}`,
        );
      }
    }
    for (let i = 0; i < WARMUP; i++) {
      await download('D');
      await replayAsTenant(database.pool, s.companyId, statementsD);
      await renderStatementPdf(built.company, built.client, built.statement);
    }
    const loadAtStart = loadNow();
    const kinds = ['http', 'sql', 'build', 'render'] as const;
    const times = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<
      (typeof kinds)[number],
      number[]
    >;
    const cpu = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<
      (typeof kinds)[number],
      number[]
    >;
    /** Wall time and this process's CPU time (user + system; on the embedded engine PGlite's too). */
    const timed = async <T>(kind: (typeof kinds)[number], fn: () => Promise<T>): Promise<T> => {
      const c = process.cpuUsage();
      const t = performance.now();
      const result = await fn();
      times[kind].push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu[kind].push((used.user + used.system) / 1000);
      return result;
    };
    for (let i = 0; i < REQUESTS; i++) {
      await timed('http', () => download('D'));
      await timed('sql', () => replayAsTenant(database.pool, s.companyId, statementsD));
      const b = await timed('build', () => service('D'));
      await timed('render', () => renderStatementPdf(b.company, b.client, b.statement));
    }
    const loadAtEnd = loadNow();

    // Type C once (after one untimed request), HTTP and its SQL.
    await download('C');
    let t = performance.now();
    const compact = await download('C');
    const compactMs = performance.now() - t;
    t = performance.now();
    await replayAsTenant(database.pool, s.companyId, statementsC);
    const compactSqlMs = performance.now() - t;

    const row = (name: string, kind: (typeof kinds)[number]) => {
      const m = summarise(times[kind]);
      return `| ${name} | ${ms(m.median)} | ${ms(m.p95)} | ${ms(m.max)} | ${ms(summarise(cpu[kind]).median)} |`;
    };
    const http = summarise(times.http);
    const split = () => {
      const b = summarise(times.build).median;
      const r = summarise(times.render).median;
      const pct = (n: number) => `${Math.round((100 * n) / (b + r))}%`;
      return `split in process (medians): SQL and assembly ${ms(b)} ms (${pct(b)}), PDF render ${ms(r)} ms (${pct(r)})`;
    };
    const lines = [
      `| type D, ${int(INVOICES)} invoices (${built.statement.entries.length} entries, ${pdf.numPages} pages) | median ms | p95 ms | max ms | CPU ms, median |`,
      '| --- | --- | --- | --- | --- |',
      row('download over HTTP (the route: SQL + PDF + transfer)', 'http'),
      row(`raw SQL replayed (${statementsD.length} statements, one transaction)`, 'sql'),
      row('in process: statement built (SQL via drizzle + assembly)', 'build'),
      row('in process: PDF rendered (pdfkit)', 'render'),
      '',
      split(),
      `type C once: download ${ms(compactMs)} ms (${int(compact.length)} bytes), raw SQL ${ms(compactSqlMs)} ms ` +
        `(${statementsC.length} statements)`,
      `CPU: this process only (on the server engine PostgreSQL's own work is not in it; the download's PDF is ` +
        `drawn in a renderer process, so its render is not in it either; the in-process render row draws here)`,
      `load average (1 min) ${loadAtStart} at the start of the timed loop, ${loadAtEnd} at its end; now ${load()}`,
      `budget: detailed download p95 ${ms(http.p95)} ms ${http.p95 < BUDGET_MS ? '<' : '>='} ${BUDGET_MS} ms: ` +
        `${http.p95 < BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
    ];
    console.log(`\n${lines.join('\n')}`);
    if (http.p95 >= BUDGET_MS) process.exitCode = 1;
  } finally {
    await ctx.close();
  }
}

await main();
