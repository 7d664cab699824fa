import { CLIENT_ALL_COLUMNS, type ClientListQuery, type ClientListRow } from '@pd/contracts';
import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/access.ts';
import type { Db } from '../../db/connect.ts';
import { withTenant } from '../../db/tenancy.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listConditions } from './client-list.sql.ts';

const BATCH = 2000;
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
 * The company's clients matching the list's search and filters, every page, in id order.
 * Short transactions per batch (keyset on id): memory stays flat and no transaction is held open
 * while the client reads, which matters on the embedded engine where transactions queue.
 */
export async function* exportClientsCsv(
  db: Db,
  principal: Principal,
  q: ClientListQuery,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...CLIENT_ALL_COLUMNS])}`; // BOM: spreadsheets then read UTF-8 correctly
  let lastId = 0;
  let rows = 0;
  try {
    for (;;) {
      const batch = await withTenant(db, principal.companyId, async (tx) => {
        const where = listConditions(principal.companyId, q);
        const result = await tx.execute<ClientListRow>(sql`
          select id, company_id as "companyId", name, first_name as "firstName", preferred_name as "preferredName",
                 last_name as "lastName", email, mobile, type, status, category
            from clients where ${where} and id > ${lastId} order by id limit ${BATCH}`);
        return result.rows;
      });
      if (batch.length === 0) break;
      yield batch.map((row) => csvLine(CLIENT_ALL_COLUMNS.map((c) => row[c]))).join('');
      rows += batch.length;
      lastId = batch[batch.length - 1]?.id ?? lastId;
      if (batch.length < BATCH) break;
    }
  } finally {
    await withTenant(db, principal.companyId, (tx) =>
      recordAudit(tx, principal, {
        subProcess: 'Client Management',
        action: 'client.export',
        description: `Exported ${rows} client${rows === 1 ? '' : 's'} to clients.csv.`,
        changes: { rows, search: q.search ?? null, filter: q.filter ?? null, filters: q.filters ?? null },
      }),
    );
  }
}
