import { INTAKE_MAX_ROWS } from '@pd/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { auditEntries, clientConfigs, clients } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { execute, selectRows } from '../../lib/sql.ts';
import type { ClientRow, ClientValues } from '../clients/client.queries.ts';
import { columnArrays } from './unnest.ts';

/**
 * Rows per statement. One statement per table for any file within the 10,000-row limit: ten statements
 * of 1,000 took twice as long on the embedded engine (docs/benchmarks.md); parameters are per column.
 */
const CHUNK = INTAKE_MAX_ROWS;

function* chunks<T>(items: T[], size = CHUNK): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * The company's live clients whose ID number or e-mail is among these, locked for the import: one
 * query, served by clients_id_number_idx and clients_email_idx.
 */
export async function findMatchingClients(
  tx: Tx,
  companyId: number,
  idNumbers: string[],
  emails: string[],
): Promise<ClientRow[]> {
  if (idNumbers.length === 0 && emails.length === 0) return [];
  return tx
    .select()
    .from(clients)
    .where(
      and(
        eq(clients.companyId, companyId),
        isNull(clients.deletedAt),
        or(
          sql`${clients.idNumber} = any(${sql.param(idNumbers)}::text[])`,
          sql`lower(${clients.email}) = any(${sql.param(emails)}::text[])`,
        ),
      ),
    )
    .for('update');
}

const insertedClient = z.object({ id: z.number(), email: z.string().nullable() });

/** The ids come back keyed by e-mail, which is unique among the rows of one import. */
export async function insertClients(
  tx: Tx,
  companyId: number,
  rows: ClientValues[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows)) {
    const keys = ['companyId', ...Object.keys(chunk[0] ?? {})];
    const c = columnArrays(
      clients,
      keys,
      chunk.map((values) => ({ ...values, companyId })),
    );
    const inserted = await selectRows(
      tx,
      insertedClient,
      sql`insert into clients (${c.names}) select * from ${c.from} returning id, email`,
    );
    for (const row of inserted) ids.set(row.email ?? '', row.id);
  }
  return ids;
}

/** Each matched client's stored values: exactly the columns toStoredValues produces. */
export async function updateClients(
  tx: Tx,
  companyId: number,
  rows: { id: number; values: ClientValues }[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    const keys = ['id', ...Object.keys(chunk[0]?.values ?? {})];
    const c = columnArrays(
      clients,
      keys,
      chunk.map((r) => ({ ...r.values, id: r.id })),
      ['id'],
    );
    await execute(
      tx,
      sql`update clients c set ${c.setFromV}, updated_at = now() from ${c.from}
           where c.company_id = ${companyId} and c.id = v.id`,
    );
  }
}

export type ConfigRow = typeof clientConfigs.$inferInsert;

export async function findConfigs(
  tx: Tx,
  companyId: number,
  clientIds: number[],
): Promise<Map<number, ConfigRow>> {
  if (clientIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(clientConfigs)
    .where(
      and(
        eq(clientConfigs.companyId, companyId),
        sql`${clientConfigs.clientId} = any(${sql.param(clientIds)}::bigint[])`,
      ),
    );
  return new Map(rows.map((r) => [r.clientId, r]));
}

/** Whole rows: the service has merged each client's stored configuration with the imported fields. */
export async function upsertConfigs(tx: Tx, rows: ConfigRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const keys = Object.keys(chunk[0] ?? {}).filter((k) => k !== 'updatedAt');
    const c = columnArrays(clientConfigs, keys, chunk, ['companyId', 'clientId']);
    await execute(
      tx,
      sql`insert into client_configs (${c.names}) select * from ${c.from}
          on conflict (company_id, client_id) do update set ${c.setFromExcluded}, updated_at = now()`,
    );
  }
}

export type AuditRow = typeof auditEntries.$inferInsert;
const AUDIT_KEYS = ['companyId', 'userId', 'clientId', 'subProcess', 'action', 'description', 'changes'];

/** The per-client entries of one import, as recordAudit writes them, many rows per statement. */
export async function insertAuditEntries(tx: Tx, rows: AuditRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const c = columnArrays(auditEntries, AUDIT_KEYS, chunk);
    await execute(tx, sql`insert into audit_entries (${c.names}) select * from ${c.from}`);
  }
}

/**
 * Foreign-key checks run cached plans made when a table was small (a sequential scan); as an import grows
 * clients by thousands that made each check of client_configs -> clients O(n): 62 s instead of 2 s for
 * 10,000 rows on the embedded engine. Custom plans see the table's real size and use the key.
 */
export const planForGrowingTables = (tx: Tx) =>
  execute(tx, sql`select set_config('plan_cache_mode', 'force_custom_plan', true)`);
