/**
 * Intake import (issue 7): a 10,000-row CSV (created, then the same file again: every row an update)
 * and 100 single-patient PDFs, uploaded over HTTP to an in-process server as the browser does, plus the
 * raw-SQL floor for the same inserts. Budgets: CSV under 10 s, 100 PDFs under 20 s.
 *
 *   DATA_DIR=$(mktemp -d) npx tsx scripts/bench/intake-import.ts [--rows 10000] [--pdfs 100] [--repeat 3]
 *   DATABASE_URL=postgres://… npx tsx scripts/bench/intake-import.ts
 *
 * The demo data is created when the database has none; imports go to the demo practice (za.admin).
 */
import { randomBytes } from 'node:crypto';
import { type ImportFormat, intakeUploadPath } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant } from '../../apps/api/src/db/tenancy.ts';
import { loadMapping } from '../../apps/api/src/modules/intake/intake-mapping.ts';
import { samplePatients } from '../../apps/api/src/modules/intake/samples/patients.ts';
import { sampleCsv, samplePdf } from '../../apps/api/src/modules/intake/samples/sample-files.ts';
import { loadIcd10DemoIfEmpty } from '../../apps/api/src/modules/reference/reference.queries.ts';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.ts';
import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo-data.ts';
import { cliFlags } from '../cli-flags.ts';
import { int, load, ms, signIn, startBenchServer, summarise } from './bench-support.ts';

const args = cliFlags('Usage: npx tsx scripts/bench/intake-import.ts [--rows N] [--pdfs N] [--repeat N]', {
  rows: { type: 'string', default: '10000' },
  pdfs: { type: 'string', default: '100' },
  repeat: { type: 'string', default: '3' },
});
const ROWS = Number(args.rows);
const PDFS = Number(args.pdfs);
const REPEAT = Number(args.repeat);
const mappings = { '001': loadMapping('001'), '002': loadMapping('002') };

/** multipart/form-data with one file in the field `file`, as a browser's FormData sends it. */
async function post(
  baseUrl: string,
  auth: Record<string, string>,
  format: ImportFormat,
  companyId: number,
  name: string,
  bytes: Uint8Array | string,
) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const res = await fetch(`${baseUrl}${intakeUploadPath(format, companyId)}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const report = (await res.json()) as {
    created?: unknown[];
    updated?: unknown[];
    rejected?: unknown[];
    message?: string;
  };
  const elapsed = performance.now() - started;
  const cpuUsed = process.cpuUsage(cpuBefore);
  const cpu = (cpuUsed.user + cpuUsed.system) / 1000;
  if (res.status !== 200) throw new Error(`${name}: ${res.status} ${report.message}`);
  return {
    elapsed,
    cpu,
    created: report.created?.length ?? 0,
    updated: report.updated?.length ?? 0,
    rejected: report.rejected?.length ?? 0,
  };
}

async function main() {
  const server = await startBenchServer();
  try {
    await withSystem(server.database.db, loadIcd10DemoIfEmpty);
    await seedDemoIfEmpty(server.database.db);
    const companyId = await withSystem(server.database.db, async (tx) => {
      const { rows } = await tx.execute<{ companyId: number }>(
        sql`select company_id as "companyId" from users where username = 'za.admin'`,
      );
      if (!rows[0]) throw new Error('No demo practice (za.admin) in this database.');
      return rows[0].companyId;
    });
    const auth = await signIn(server.baseUrl, 'za.admin', DEMO_PASSWORD);
    const engine = server.database.engine === 'postgres' ? 'PostgreSQL server' : 'embedded (PGlite)';
    console.log(
      `# Intake import, ${engine}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load ${load()}`,
    );

    // Warm-up: the parse thread starts (about a second) and the code paths get compiled.
    await post(
      server.baseUrl,
      auth,
      '001',
      companyId,
      'warm.csv',
      sampleCsv(mappings['001'], samplePatients(20, 'warm')),
    );

    const creates: number[] = [];
    const updates: number[] = [];
    const createsCpu: number[] = [];
    const updatesCpu: number[] = [];
    for (let run = 0; run < REPEAT; run++) {
      const csv = sampleCsv(
        mappings['001'],
        samplePatients(ROWS, `b${Date.now().toString(36).slice(-4)}${run}`),
      );
      const created = await post(server.baseUrl, auth, '001', companyId, 'bench.csv', csv);
      const updated = await post(server.baseUrl, auth, '001', companyId, 'bench.csv', csv);
      creates.push(created.elapsed);
      updates.push(updated.elapsed);
      createsCpu.push(created.cpu);
      updatesCpu.push(updated.cpu);
      console.log(
        `csv run ${run + 1}: ${int(Buffer.byteLength(csv) / 1024)} KB, ${int(created.created)} created in ${ms(created.elapsed)} ms; ` +
          `same file again: ${int(updated.updated)} updated in ${ms(updated.elapsed)} ms; ` +
          `CPU ${ms(created.cpu)} / ${ms(updated.cpu)} ms (load ${load()})`,
      );
    }

    const pdfs: { format: ImportFormat; bytes: Uint8Array }[] = [];
    for (const [i, patient] of samplePatients(PDFS, `p${Date.now().toString(36).slice(-4)}`).entries()) {
      const format: ImportFormat = i % 2 === 0 ? '001' : '002';
      pdfs.push({
        format,
        bytes: await samplePdf(mappings[format], patient, { fillable: i % 4 < 2, columns: 2 }),
      });
    }
    const each: number[] = [];
    let pdfCpu = 0;
    const started = performance.now();
    for (const [i, pdf] of pdfs.entries()) {
      const one = await post(server.baseUrl, auth, pdf.format, companyId, `patient-${i}.pdf`, pdf.bytes);
      each.push(one.elapsed);
      pdfCpu += one.cpu;
    }
    const pdfTotal = performance.now() - started;

    // The floor: as many client rows with texts as long as the samples' (the trigram indexes cost by
    // length), inserted by one INSERT … SELECT and rolled back.
    let floor = Number.NaN;
    const rollback = new Error('rollback');
    await withTenant(server.database.db, companyId, async (tx) => {
      const t = performance.now();
      await tx.execute(sql`
        insert into clients (company_id, name, first_name, last_name, preferred_name, email, mobile, id_number, dob,
                             gender, address1, address_region, address_state, address_postal_code)
        select ${companyId}, 'Thandiwe van der Merwe ' || g, 'Thandiwe', 'van der Merwe ' || g, 'Thandiwe',
               'thandiwe.vandermerwe.bx1y0.' || g || '@example.com', '+27820000000', '8001015009087', '1980-01-01',
               'F', '14 Jan Smuts Avenue', 'Parktown', 'Gauteng', '2193'
          from generate_series(1, ${ROWS}) g`);
      floor = performance.now() - t;
      throw rollback;
    }).catch((error: unknown) => {
      if (error !== rollback) throw error;
    });

    const c = summarise(creates);
    const u = summarise(updates);
    const p = summarise(each);
    const cpu = (samples: number[]) => ms(summarise(samples).median);
    console.log('');
    console.log('| case | runs | wall median | wall p95 | CPU median (this process) | budget |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    console.log(
      `| CSV, ${int(ROWS)} new clients | ${REPEAT} | ${ms(c.median)} ms | ${ms(c.p95)} ms | ${cpu(createsCpu)} ms | 10,000 ms |`,
    );
    console.log(
      `| CSV, ${int(ROWS)} updates (same file again) | ${REPEAT} | ${ms(u.median)} ms | ${ms(u.p95)} ms | ${cpu(updatesCpu)} ms | 10,000 ms |`,
    );
    console.log(
      `| ${PDFS} single-patient PDFs, one after another | 1 | ${ms(pdfTotal)} ms in all (each: median ${ms(p.median)}, p95 ${ms(p.p95)}) | | ${ms(pdfCpu)} ms in all | 20,000 ms |`,
    );
    console.log(
      `| raw SQL floor: ${int(ROWS)} client rows in one INSERT … SELECT | 1 | ${ms(floor)} ms | | | |`,
    );
    console.log(
      `\nCSV import / raw floor: ${(c.median / floor).toFixed(1)}x. Load average at the end: ${load()}`,
    );
  } finally {
    await server.close();
  }
}

await main();
