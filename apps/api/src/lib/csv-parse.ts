import { CsvError, parse } from 'csv-parse/sync';

/**
 * RFC 4180 CSV on the csv-parse library: a UTF-8 BOM dropped, quoted fields with doubled quotes, commas and
 * line breaks inside quotes; CRLF, LF or CR between rows, even mixed in one file (Excel and hand edits);
 * rows of any length; blank lines skipped. A quote inside an unquoted cell is kept as text.
 */
const OPTIONS = {
  bom: true,
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** Every row as its cells. Throws a CsvError for a file it cannot read (see isUnclosedQuote). */
export function parseCsv(text: string): string[][] {
  return parse(text, OPTIONS);
}

/** A quoted cell that is never closed: a damaged file, not one long cell. */
export const isUnclosedQuote = (error: unknown): boolean =>
  error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED';

/** Rows as objects keyed by the header row's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.map((h) => h.trim());
  return rows.map((r) => Object.fromEntries(names.map((name, i) => [name, (r[i] ?? '').trim()])));
}
