import {
  CLIENT_ALL_COLUMNS,
  CLIENT_EXPORT_COLUMNS,
  type ClientListQuery,
  type ClientListRow,
  mobileForSheet,
} from '@pd/contracts';
import { inTenant, type Scope } from '../../lib/deps.ts';
import { mustExist } from '../../lib/sql.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { clientExportBatch, companyCountry, EXPORT_BATCH } from './client-list.queries.ts';
import { listConditions } from './client-list.sql.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A spreadsheet would run a cell starting with = + - @ tab or CR as a formula: prefix it with '. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * A client's cells in CLIENT_EXPORT_COLUMNS order. The mobile column holds the number as the company's
 * staff read it (082 108 7109: it starts with a digit, so no guard, and its spaces keep the leading 0),
 * the last column the E.164 form the API sends to (guarded by csvCell, as it starts with +).
 */
export function exportCells(row: ClientListRow, country: string): unknown[] {
  return [
    ...CLIENT_ALL_COLUMNS.map((c) =>
      c === 'mobile' ? (mobileForSheet(row.mobile, country) ?? row.mobile) : row[c],
    ),
    row.mobile,
  ];
}

/**
 * The company's clients matching the list's search and filters. The filters are checked here, before the
 * first byte: once the file has started, a refusal can only cut it off.
 */
export function exportClientsCsv(scope: Scope, q: ClientListQuery): AsyncGenerator<string> {
  listConditions(scope.principal.companyId, q, null);
  return csvOfClients(scope, q);
}

/**
 * Every page of the matching clients, in id order.
 * Short transactions per batch (keyset on id): memory stays flat and no transaction is held open
 * while the client reads, which matters on the embedded engine where transactions queue.
 */
async function* csvOfClients(scope: Scope, q: ClientListQuery): AsyncGenerator<string> {
  const { companyId } = scope.principal;
  yield `\uFEFF${csvLine([...CLIENT_EXPORT_COLUMNS])}`; // BOM: spreadsheets then read UTF-8 correctly
  const country = mustExist(await inTenant(scope, (tx) => companyCountry(tx, companyId)), 'Company');
  let lastId = 0;
  let rows = 0;
  try {
    for (;;) {
      const batch = await inTenant(scope, (tx) => clientExportBatch(tx, companyId, country, q, lastId));
      if (batch.length === 0) break;
      yield batch.map((row) => csvLine(exportCells(row, country))).join('');
      rows += batch.length;
      lastId = batch[batch.length - 1]?.id ?? lastId;
      if (batch.length < EXPORT_BATCH) break;
    }
  } finally {
    await inTenant(scope, (tx) =>
      recordAudit(tx, scope.principal, {
        subProcess: 'Client Management',
        action: 'client.export',
        description: `Exported ${rows} client${rows === 1 ? '' : 's'} to clients.csv.`,
        changes: { rows, search: q.search ?? null, filter: q.filter ?? null, filters: q.filters ?? null },
      }),
    );
  }
}
