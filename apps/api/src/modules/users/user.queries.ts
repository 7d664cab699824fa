import { and, asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

const ofCompany = (companyId: number, id: number) => and(eq(users.companyId, companyId), eq(users.id, id));

export async function findUser(tx: Tx, companyId: number, id: number) {
  const [row] = await tx.select().from(users).where(ofCompany(companyId, id)).limit(1);
  return row;
}

export function listCompanyUsers(tx: Tx, companyId: number) {
  return tx.select().from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.displayName));
}

export async function setUserActive(tx: Tx, companyId: number, id: number, active: boolean) {
  const [row] = await tx
    .update(users)
    .set({ active, updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning();
  return row;
}
