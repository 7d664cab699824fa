import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, needsTransactionPerStatement } from '../db/connect.ts';
import { RowShapeError, selectRow } from './sql.ts';

/**
 * selectRow for the one statement that runs before any tenant is known (the session lookup): outside a
 * transaction on a server, inside one on the embedded engine, whose connections interleave otherwise.
 */
export async function selectRowOutsideTx<S extends z.ZodType>(
  db: Db,
  schema: S,
  query: SQL,
): Promise<z.output<S> | undefined> {
  if (needsTransactionPerStatement(db)) return db.transaction((tx) => selectRow(tx, schema, query));
  const [row] = (await db.execute(query)).rows;
  if (row === undefined) return undefined;
  const parsed = schema.safeParse(row);
  if (!parsed.success) throw new RowShapeError(parsed.error.issues);
  return parsed.data;
}
