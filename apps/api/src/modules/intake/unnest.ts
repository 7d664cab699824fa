import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * Many rows as one array parameter per column (`unnest($1::bigint[], $2::varchar(200)[], …)`) instead of
 * one parameter per value: measured on the embedded engine about four times faster than multi-row
 * VALUES for an import's 10,000 clients, and never near PostgreSQL's 65,535-parameter limit.
 */
export function columnArrays(
  table: Table,
  keys: string[],
  rows: Record<string, unknown>[],
  /** Columns that identify a row: in the arrays, never in the SET lists. */
  identity: string[] = [],
) {
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  const parts = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    const type = column.getSQLType();
    const values = rows.map((row) => {
      const value = row[key] ?? null;
      return type === 'jsonb' && value !== null ? JSON.stringify(value) : value;
    });
    return {
      name: sql.identifier(column.name),
      array: sql`${sql.param(values)}::${sql.raw(type)}[]`,
      set: !identity.includes(key),
    };
  });
  const list = (items: SQL[]) => sql.join(items, sql`, `);
  const settable = parts.filter((p) => p.set);
  return {
    /** "col1", "col2", … */
    names: list(parts.map((p) => sql`${p.name}`)),
    /** unnest(…) as v("col1", "col2", …) */
    from: sql`unnest(${list(parts.map((p) => p.array))}) as v(${list(parts.map((p) => sql`${p.name}`))})`,
    /** "col1" = v."col1", … for UPDATE … FROM */
    setFromV: list(settable.map((p) => sql`${p.name} = v.${p.name}`)),
    /** "col1" = excluded."col1", … for ON CONFLICT DO UPDATE */
    setFromExcluded: list(settable.map((p) => sql`${p.name} = excluded.${p.name}`)),
  };
}
