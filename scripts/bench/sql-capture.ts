/**
 * For the bench scripts' "raw SQL" side: record the statements a piece of API code sends through
 * tx.execute, then replay exactly these with node-postgres in the transaction the API opens (tenancy.ts
 * withTenant: role pd_app, tenant set). Used by client-list.ts, invoice-list.ts and statement.ts.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../apps/api/src/db/connect.ts';
import { type Tx, withTenant } from '../../apps/api/src/db/tenancy.ts';

export interface RecordedStatement {
  text: string;
  params: unknown[];
}

const dialect = new PgDialect();

/**
 * Runs fn once in a tenant transaction with a tx whose execute records each statement before running
 * it; answers the statements in order. Statements built with the query builder (tx.select…) are not
 * seen: add them with the builder's toSQL().
 */
export async function recordStatements(
  db: Db,
  companyId: number,
  fn: (tx: Tx) => Promise<unknown>,
): Promise<RecordedStatement[]> {
  const statements: RecordedStatement[] = [];
  await withTenant(db, companyId, async (tx) => {
    const recorder = new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver);
        return (query: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(query);
          statements.push({ text, params });
          return target.execute(query);
        };
      },
    });
    await fn(recorder as Tx);
  });
  if (statements.length === 0) throw new Error('no statement went through tx.execute');
  return statements;
}

/** The API's transaction (role pd_app, the tenant), then the statements; answers the rows they returned. */
export async function replayAsTenant(
  pool: pg.Pool,
  companyId: number,
  statements: RecordedStatement[],
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'pd_app', true), set_config('app.company_id', $1, true)", [
      String(companyId),
    ]);
    let rows = 0;
    for (const s of statements) rows += (await client.query(s.text, s.params)).rowCount ?? 0;
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, in the same role and tenant; answers the plans as text. */
export async function explainAsTenant(
  pool: pg.Pool,
  companyId: number,
  statements: RecordedStatement[],
): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('role', 'pd_app', true), set_config('app.company_id', $1, true)", [
      String(companyId),
    ]);
    const plans: string[] = [];
    for (const s of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${s.text}`,
        s.params,
      );
      plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    await client.query('rollback');
    return plans;
  } finally {
    client.release();
  }
}
