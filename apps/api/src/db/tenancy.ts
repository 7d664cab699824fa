import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isDatabaseUnreachable } from '../lib/database-outage.ts';
import type { Db } from './connect.ts';
import * as schema from './schema/index.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One Drizzle instance per pooled connection, made once: a pool holds a handful, for the process's life. */
const onConnection = new WeakMap<pg.PoolClient, Db>();

/**
 * One transaction on a connection of the pool. Drizzle's own pool transaction never releases its connection
 * when BEGIN fails (a database outage), so a few failures would leave the pool empty for good; here the
 * connection always goes back, and one the outage broke is dropped instead of reused.
 */
async function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    let bound = onConnection.get(client);
    if (!bound) {
      bound = drizzle(client, { schema }) as unknown as Db;
      onConnection.set(client, bound);
    }
    return await bound.transaction(fn);
  } catch (error) {
    if (isDatabaseUnreachable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Runs fn in one transaction as the application role with the tenant set. PGlite's session user is a
 * superuser (which bypasses even FORCEd row-level security), so the role switch is what makes RLS bite.
 */
export function withTenant<T>(db: Db, companyId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'pd_app', true), set_config('app.company_id', ${String(companyId)}, true)`,
    );
    return fn(tx);
  });
}

/** Cross-tenant work only: sign-in, session lookup, seeding, background jobs. */
export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select set_config('role', 'pd_system', true)`);
    return fn(tx);
  });
}
