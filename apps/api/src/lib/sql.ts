import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/tenancy.ts';
import { NotFoundError } from './errors.ts';

/** A row that does not have the shape its query promised: a bug in the query, never a user's mistake. */
export class RowShapeError extends Error {
  constructor(issues: readonly z.core.$ZodIssue[]) {
    // Paths and expected types only: row values may be personal data and must not reach the logs.
    const described = issues.slice(0, 5).map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`);
    super(`A query returned rows of an unexpected shape: ${described.join('; ')}`);
    this.name = 'RowShapeError';
  }
}

/**
 * The one way to run raw SQL: every row is parsed with the schema the caller names, so the compiler knows
 * the row type and a changed column fails here, loudly, instead of somewhere downstream.
 */
export async function selectRows<S extends z.ZodType>(tx: Tx, schema: S, query: SQL): Promise<z.output<S>[]> {
  const { rows } = await tx.execute(query);
  return rows.map((row) => {
    const parsed = schema.safeParse(row);
    if (!parsed.success) throw new RowShapeError(parsed.error.issues);
    return parsed.data;
  });
}

/** The first row, or undefined when there is none. */
export async function selectRow<S extends z.ZodType>(
  tx: Tx,
  schema: S,
  query: SQL,
): Promise<z.output<S> | undefined> {
  return (await selectRows(tx, schema, query))[0];
}

/** Runs a statement whose rows nobody reads (DDL, set_config, a write without RETURNING). */
export async function execute(tx: Tx, query: SQL): Promise<number> {
  const result = await tx.execute(query);
  return result.rowCount ?? 0;
}

/**
 * The one "must exist" check: a missing row, or another company's (row-level security hides it), answers
 * 404 with what was looked for.
 */
export function mustExist<T>(row: T | null | undefined, what: string): T {
  if (row === undefined || row === null) throw new NotFoundError(what);
  return row;
}
