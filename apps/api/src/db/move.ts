import pg from 'pg';
import type { Database } from './connect.ts';
import { runMigrations } from './migrate.ts';

/**
 * Copies a practice's embedded database into an empty PostgreSQL server (issue 12 point 14): the schema by
 * the app's own migrations, then every table's rows, then the sequences; each table is verified by its row
 * count and a checksum of its rows' text computed on both sides.
 */
export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

const BATCH = 2_000;
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** Both sessions print values the same way, so a row's text (and so the checksum) is comparable. */
const SAME_TEXT = `set timezone = 'UTC'; set datestyle = 'ISO, YMD'; set intervalstyle = 'postgres'; set extra_float_digits = 1`;

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function tablesOf(query: Query): Promise<string[]> {
  const { rows } = await query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  return rows.map((r) => String(r.name));
}

/** Columns a row is written with: not generated (stored generated columns are computed again). */
async function writableColumns(query: Query, table: string): Promise<string[]> {
  const { rows } = await query(
    `select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => String(r.name));
}

async function checksum(query: Query, table: string): Promise<TableReport> {
  const { rows } = await query(
    `select count(*)::int as n, coalesce(md5(string_agg(h, '' order by h)), '') as sum
       from (select md5(t::text) as h from public.${q(table)} t) x`,
  );
  return { table, rows: Number(rows[0]?.n ?? 0), checksum: String(rows[0]?.sum ?? '') };
}

export class MoveRefused extends Error {}

export async function moveDatabase(
  source: Database,
  targetUrl: string,
  log: (line: string) => void = () => undefined,
): Promise<TableReport[]> {
  const target = new pg.Pool({ connectionString: targetUrl, max: 2 });
  const from = await source.pool.connect();
  const to = await target.connect();
  try {
    const read: Query = (text, values) => from.query(text, values);
    const write: Query = (text, values) => to.query(text, values);
    if ((await tablesOf(write)).length > 0)
      throw new MoveRefused('The target database is not empty: give the address of a new, empty database.');
    await from.query(SAME_TEXT);
    await to.query(SAME_TEXT);
    log('Creating the schema (migrations)...');
    await runMigrations(target);
    const tables = (await tablesOf(read)).filter((t) => !t.startsWith('__drizzle'));
    await to.query('begin');
    // Rows go in table by table, so foreign keys and triggers wait: the copy is checked as a whole below.
    await to.query(`set local session_replication_role = replica`);
    for (const table of tables) {
      const columns = await writableColumns(read, table);
      const list = columns.map(q).join(', ');
      await to.query(`delete from public.${q(table)}`); // rows a migration seeded are copied from the source
      let copied = 0;
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await from.query(
          `select coalesce(json_agg(t), '[]') as rows
             from (select ${list} from public.${q(table)} order by ctid limit ${BATCH} offset ${offset}) t`,
        );
        const batch = JSON.stringify(rows[0]?.rows ?? []);
        if (batch === '[]') break;
        const inserted = await to.query(
          `insert into public.${q(table)} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::public.${q(table)}, $1::json)`,
          [batch],
        );
        copied += inserted.rowCount ?? 0;
      }
      log(`  ${table}: ${copied.toLocaleString('en')} rows`);
    }
    await to.query('commit');
    await copySequences(read, write);
    log('Verifying row counts and checksums...');
    const reports: TableReport[] = [];
    for (const table of tables) {
      const [a, b] = [await checksum(read, table), await checksum(write, table)];
      if (a.rows !== b.rows || a.checksum !== b.checksum)
        throw new Error(
          `${table}: ${a.rows} rows (${a.checksum}) in the source, ${b.rows} (${b.checksum}) copied`,
        );
      reports.push(a);
    }
    return reports;
  } catch (error) {
    await to.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    from.release();
    to.release();
    await target.end();
  }
}

/** Every sequence of the public schema (identity columns' included) continues where the source's stands. */
async function copySequences(read: Query, write: Query) {
  const { rows } = await read(
    `select sequencename as name, last_value as value from pg_sequences where schemaname = 'public'`,
  );
  for (const r of rows) {
    if (r.value === null) continue; // never used: the target's fresh sequence is right as it is
    await write(`select setval($1::regclass, $2::bigint, true)`, [`public.${q(String(r.name))}`, r.value]);
  }
}
