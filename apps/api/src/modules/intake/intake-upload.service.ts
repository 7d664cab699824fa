import {
  IMPORT_FORMAT_CODES,
  IMPORT_FORMATS,
  type ImportFormat,
  INTAKE_FILE_FIELD,
  INTAKE_MAX_ROWS,
  type IntakeReport,
} from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { DomainError, ValidationError } from '../../lib/errors.ts';
import { mustExist } from '../../lib/sql.ts';
import { findCompany } from '../companies/company.queries.ts';
import { importIntake } from './intake.service.ts';
import type { IntakeMapping } from './intake-mapping.ts';
import type { Upload } from './intake-upload.ts';
import { type ParsePool, ParseQueueFull } from './parse/parse-pool.ts';
import { FileProblem } from './parse/problems.ts';
import { fileKind } from './upload-check.ts';

type Parsed = Awaited<ReturnType<ParsePool['run']>>;

/** A row missing what every intake form has (a name and an e-mail): perhaps the other format's form. */
const incomplete = (row: { values: Record<string, string> }) =>
  !row.values.email || !(row.values.firstName || row.values.name);

/** How much of the file a format's mapping read: its values over every row. */
const valuesRead = (parsed: Parsed | undefined) =>
  parsed?.ok ? parsed.rows.reduce((n, row) => n + Object.keys(row.values).length, 0) : 0;

const otherFormat = (chosen: ImportFormat, other: ImportFormat) =>
  `This file looks like format ${other} (${IMPORT_FORMATS[other]}), not ${chosen} (${IMPORT_FORMATS[chosen]}). Choose ${other} and import it again.`;

const fileError = (message: string) => new ValidationError(message, [{ path: INTAKE_FILE_FIELD, message }]);

/**
 * An uploaded intake file: checked for what it really is, parsed off the request thread (the pool's time
 * and memory limits), then imported in one tenant transaction. A file that cannot be read is a 400 on the
 * file field and writes nothing.
 */
export async function importUpload(
  scope: Scope,
  pool: ParsePool,
  /** A format's mapping, loaded once the file is known to be a CSV or a PDF. */
  file: { format: ImportFormat; mapping: (format: ImportFormat) => IntakeMapping; upload: Upload },
): Promise<IntakeReport> {
  const { format, upload } = file;
  let kind: 'csv' | 'pdf';
  try {
    kind = fileKind(upload.fileName, upload.bytes);
  } catch (error) {
    throw error instanceof FileProblem ? fileError(error.message) : error;
  }
  const mapping = file.mapping(format);
  const companyId = scope.principal.companyId;
  const parse = (using: IntakeMapping) =>
    pool
      .run({ kind, bytes: upload.bytes, mapping: using, maxRows: INTAKE_MAX_ROWS }, companyId)
      .catch((error: unknown) => {
        if (!(error instanceof ParseQueueFull)) throw error;
        throw new DomainError('TOO_MANY_REQUESTS', 429, error.message, undefined, {
          'retry-after': String(error.retryAfterSeconds),
        });
      });
  const parsed = await parse(mapping);
  if (!parsed.ok || parsed.rows.some(incomplete)) {
    // The other format reads more of the file: say so, rather than list every field as required.
    const other = IMPORT_FORMAT_CODES.find((code) => code !== format);
    const second = other ? await parse(file.mapping(other)) : undefined;
    const fits = second?.ok && !second.rows.some(incomplete);
    if (other && fits && valuesRead(second) > valuesRead(parsed)) throw fileError(otherFormat(format, other));
  }
  if (!parsed.ok) throw fileError(parsed.reason);
  return inTenant(scope, async (tx) => {
    const company = mustExist(await findCompany(tx, scope.principal.companyId), 'Company');
    return importIntake(tx, scope.principal, company.type, mapping, {
      format,
      fileName: upload.fileName,
      source: parsed.source,
      rows: parsed.rows,
      warnings: parsed.warnings,
    });
  });
}
