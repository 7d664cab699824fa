import { and, count, eq, isNull } from 'drizzle-orm';
import { clients, companies, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** The company itself: its id is the tenant, so this lookup names the company. */
export async function findCompany(tx: Tx, id: number, lock = false): Promise<CompanyRow | undefined> {
  const query = tx.select().from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function companySummary(tx: Tx, companyId: number) {
  const byStatus = await tx
    .select({ status: clients.status, n: count() })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), isNull(clients.deletedAt)))
    .groupBy(clients.status);
  const [userRow] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  const clientsByStatus = { A: 0, I: 0, P: 0 };
  for (const row of byStatus) {
    if (row.status === 'A' || row.status === 'I' || row.status === 'P') clientsByStatus[row.status] = row.n;
  }
  return { companyId, clientsByStatus, userCount: userRow?.n ?? 0 };
}

export async function updateCompany(tx: Tx, id: number, values: Partial<typeof companies.$inferInsert>) {
  const [row] = await tx.update(companies).set(values).where(eq(companies.id, id)).returning();
  return mustExist(row, 'company');
}
