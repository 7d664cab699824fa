import type { IntakeMapping } from '../intake-mapping.ts';
import { readCsv } from './csv-reader.ts';
import { checkInflatedSize } from './inflate-budget.ts';
import type { ParsedRow } from './map-record.ts';
import { readPdf } from './pdf-reader.ts';
import { FileProblem } from './problems.ts';

export interface ParseJob {
  kind: 'csv' | 'pdf';
  bytes: Uint8Array;
  mapping: IntakeMapping;
  maxRows: number;
}

export type ParseResult =
  | { ok: true; source: 'csv' | 'pdf-form' | 'pdf-text'; rows: ParsedRow[]; warnings: string[] }
  | { ok: false; reason: string };

/** Runs in the parse worker: bytes in, mapped rows out, or the reason the file cannot be imported. */
export async function parseIntake(job: ParseJob): Promise<ParseResult> {
  try {
    if (job.kind === 'pdf') checkInflatedSize(job.bytes); // before pdf-lib or pdf.js decodes a stream
    const read =
      job.kind === 'csv'
        ? readCsv(job.bytes, job.mapping, job.maxRows)
        : await readPdf(job.bytes, job.mapping);
    return { ok: true, ...read };
  } catch (error) {
    if (error instanceof FileProblem) return { ok: false, reason: error.message };
    // A parser's own message says nothing useful to a practice and may leak internals.
    return { ok: false, reason: `The ${job.kind.toUpperCase()} is damaged and cannot be read.` };
  }
}
