import { isUnclosedQuote, parseCsv } from '../../../lib/csv-parse.ts';
import type { IntakeMapping, MappingField } from '../intake-mapping.ts';
import { mapRecord, nameIndex, type ParsedRow } from './map-record.ts';
import { normaliseName } from './normalise.ts';
import { FileProblem } from './problems.ts';

/** Control characters other than tab, line feed and carriage return mean binary data, not text. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}
/** A spreadsheet runs a cell starting with = + - @ (or tab, CR) as a formula; a phone number or a number is fine. */
const FORMULA = /^[=@\t\r]|^[+-](?![\d\s().-]*$)/;

/** UTF-8 (with or without a BOM), else Windows-1252 as Excel on Windows writes it. */
export function decodeText(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new FileProblem('The CSV is saved as UTF-16; save it as CSV UTF-8 and import it again.');
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (hasControlCharacters(text)) throw new FileProblem('The CSV holds binary data: it is not a text file.');
  return text;
}

function headerFields(header: string[], mapping: IntakeMapping) {
  const index = nameIndex(mapping, 'both');
  const columns: (MappingField | undefined)[] = [];
  const used = new Map<string, string>();
  const ignored: string[] = [];
  for (const name of header) {
    const field = index.get(normaliseName(name));
    if (field && used.has(field.target)) {
      throw new FileProblem(
        `The columns "${used.get(field.target)}" and "${name}" both hold ${field.target}.`,
      );
    }
    if (field) used.set(field.target, name);
    else if (name.trim() !== '') ignored.push(name.trim());
    columns.push(field);
  }
  if (used.size === 0) {
    throw new FileProblem(
      `The header row has none of the column names of the ${mapping.title} (see docs/intake-formats.md).`,
    );
  }
  return { columns, ignored };
}

function readRows(text: string): string[][] {
  try {
    return parseCsv(text);
  } catch (error) {
    if (isUnclosedQuote(error)) throw new FileProblem('The CSV is damaged: a quoted cell is never closed.');
    throw error;
  }
}

/** Header row, then one client per row; each cell goes to the mapping field its column names. */
export function readCsv(bytes: Uint8Array, mapping: IntakeMapping, maxRows: number) {
  const text = decodeText(bytes);
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new FileProblem('The file is empty.');
  const [header = [], ...records] = readRows(text);
  if (header.length === 1 && header[0]?.includes(';')) {
    throw new FileProblem('The CSV uses semicolons; save it with commas between the cells.');
  }
  const { columns, ignored } = headerFields(header, mapping);
  const rows = records.filter((cells) => cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw new FileProblem('The CSV has a header row but no clients.');
  if (rows.length > maxRows) {
    throw new FileProblem(
      `The CSV has ${rows.length.toLocaleString('en')} rows; at most ${maxRows.toLocaleString('en')} can be imported at once.`,
    );
  }
  const parsed: ParsedRow[] = [];
  for (const [i, cells] of records.entries()) {
    const rowNumber = i + 2; // as a spreadsheet numbers it: the header is row 1
    if (!cells.some((c) => c.trim() !== '')) continue;
    if (cells.length > header.length) {
      throw new FileProblem(
        `Row ${rowNumber} has ${cells.length} cells but the header has ${header.length}.`,
      );
    }
    const raw = new Map<MappingField, string>();
    cells.forEach((cell, c) => {
      const field = columns[c];
      if (!field) return;
      if (FORMULA.test(cell.trim())) {
        throw new FileProblem(
          `Row ${rowNumber}, column "${header[c]}" starts with ${JSON.stringify(cell.trim()[0])} and would run as a spreadsheet formula; remove it and import again.`,
        );
      }
      raw.set(field, cell);
    });
    parsed.push(mapRecord(rowNumber, raw, mapping));
  }
  const warnings =
    ignored.length > 0 ? [`Columns not in the ${mapping.title} were ignored: ${ignored.join(', ')}.`] : [];
  return { source: 'csv' as const, rows: parsed, warnings };
}
