/**
 * Sample client intake files, made from the mappings in force (built-in, or INTAKE_MAPPINGS_DIR /
 * <DATA_DIR>/intake-mappings): for each format (001 Evexia, 002 Netcare) fillable and flat PDFs of one
 * patient each and a CSV; with --bad also files the import refuses, to try the reasons.
 *
 *   npx tsx scripts/intake-samples.ts [--out DIR] [--count N] [--rows N] [--tag TEXT] [--bad]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type ImportFormat, INTAKE_PATHS } from '@pd/contracts';
import { loadMapping, mappingDir } from '../apps/api/src/modules/intake/intake-mapping.ts';
import {
  encryptedPdf,
  formulaCsv,
  javascriptPdf,
  scannedPdf,
} from '../apps/api/src/modules/intake/samples/bad-files.ts';
import { samplePatients } from '../apps/api/src/modules/intake/samples/patients.ts';
import { sampleCsv, samplePdf } from '../apps/api/src/modules/intake/samples/sample-files.ts';
import { cliFlags } from './cli-flags.ts';

const args = cliFlags(
  'Usage: npx tsx scripts/intake-samples.ts [--out DIR] [--count N] [--rows N] [--tag TEXT] [--bad]',
  {
    out: { type: 'string', default: 'intake-samples' },
    count: { type: 'string', default: '3' },
    rows: { type: 'string', default: '25' },
    tag: { type: 'string', default: 'sample' },
    bad: { type: 'boolean', default: false },
  },
);

const out = resolve(args.out);
const count = Number(args.count);
const rows = Number(args.rows);
mkdirSync(out, { recursive: true });
const overrides = mappingDir(process.env.DATA_DIR ?? './data');
const written: string[] = [];
const write = (name: string, bytes: Uint8Array | string) => {
  writeFileSync(join(out, name), bytes);
  written.push(name);
};

for (const [f, format] of (['001', '002'] as ImportFormat[]).entries()) {
  const mapping = loadMapping(format, overrides);
  const name = INTAKE_PATHS[format];
  // Patients of one format never share an e-mail or ID number with the other's.
  const patients = samplePatients(count * 2 + rows, `${args.tag}-${name}`, f * 100_000);
  for (let i = 0; i < count; i++) {
    write(
      `${name}-${format}-fillable-${i + 1}.pdf`,
      await samplePdf(mapping, patients[i] ?? {}, { fillable: true }),
    );
    write(
      `${name}-${format}-flat-${i + 1}.pdf`,
      await samplePdf(mapping, patients[count + i] ?? {}, {
        fillable: false,
        columns: format === '002' ? 2 : 1,
      }),
    );
  }
  write(
    `${name}-${format}.csv`,
    sampleCsv(mapping, patients.slice(count * 2), format === '002' ? 'formFields' : 'labels'),
  );
  if (args.bad) {
    const [first = {}] = patients;
    write(`bad-${name}-encrypted.pdf`, await encryptedPdf(mapping));
    write(`bad-${name}-javascript.pdf`, await javascriptPdf(mapping, first, 'object-stream'));
    write(
      `bad-${name}-formula.csv`,
      formulaCsv(mapping, patients.slice(0, 3), '=HYPERLINK("https://evil.example","x")'),
    );
  }
}
if (args.bad) write('bad-scanned.pdf', await scannedPdf());

console.log(`Wrote ${written.length} files to ${out}:\n  ${written.join('\n  ')}`);
