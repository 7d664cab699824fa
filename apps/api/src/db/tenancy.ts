import { sql } from 'drizzle-orm';
import type { Db } from './connect.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs fn in one transaction as the application role with the tenant set. PGlite's session user is a
 * superuser (which bypasses even FORCEd row-level security), so the role switch is what makes RLS bite.
 */
export function withTenant<T>(db: Db, companyId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', 'pd_app', true), set_config('app.company_id', ${String(companyId)}, true)`,
    );
    return fn(tx);
  });
}

/** Cross-tenant work only: sign-in, session lookup, seeding, background jobs. */
export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('role', 'pd_system', true)`);
    return fn(tx);
  });
}
