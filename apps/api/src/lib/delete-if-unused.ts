import { sql } from 'drizzle-orm';
import type { Tx } from '../db/tenancy.ts';
import { execute } from './sql.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Runs a delete inside a savepoint; false when a foreign key says another row still refers to it. The
 * transaction goes on either way, so the caller can answer with a conflict instead of a failed request.
 */
export async function deleteIfUnreferenced(tx: Tx, remove: () => Promise<unknown>): Promise<boolean> {
  await execute(tx, sql`savepoint before_delete`);
  try {
    await remove();
    await execute(tx, sql`release savepoint before_delete`);
    return true;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) !== FOREIGN_KEY_VIOLATION) throw error;
    await execute(tx, sql`rollback to savepoint before_delete`);
    return false;
  }
}
