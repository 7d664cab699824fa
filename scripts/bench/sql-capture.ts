/**
 * For the bench scripts' "raw SQL" side: record the statements a piece of API code sends through
 * tx.execute, then replay exactly these with node-postgres in the transaction the API opens (tenancy.ts
 * withTenant: role pd_app, tenant set). Used by client-list.ts, invoice-list.ts and statement.ts.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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

/** The transaction's own statements, which replayAsTenant sends itself. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|select set_config\('role')/i;

/**
 * Runs fn once and records every statement node-postgres sends meanwhile (query builder included), minus
 * the transaction's own (begin, the role and tenant, commit); fn must be the only database work running.
 */
export async function recordQueries(fn: () => Promise<unknown>): Promise<RecordedStatement[]> {
  const statements: RecordedStatement[] = [];
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    // query(text, values), query(config, values) (drizzle) or query(config with values)
    const config =
      typeof first === 'string' ? { text: first } : (first as { text?: string; values?: unknown });
    const values = Array.isArray(second) ? second : Array.isArray(config?.values) ? config.values : [];
    const text = config?.text ?? '';
    if (text && !TRANSACTION_CONTROL.test(text)) statements.push({ text, params: values });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  pg.Client.prototype.query = patched as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  if (statements.length === 0) throw new Error('no statement was sent');
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
