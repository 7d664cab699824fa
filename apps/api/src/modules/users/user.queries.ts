import { asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

// Tenant transactions: row-level security already limits these to the caller's company.
export async function findUser(tx: Tx, id: number) {
  const rows = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export function listCompanyUsers(tx: Tx, companyId: number) {
  return tx.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.displayName));
}

export async function setUserActive(tx: Tx, id: number, active: boolean) {
  const rows = await tx
    .update(users)
    .set({ active, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return rows[0];
}
