import { and, asc, count, eq, sql } from 'drizzle-orm';
import { processes, tasks } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { deleteIfUnreferenced } from '../../lib/delete-if-unused.ts';
import { mustExist } from '../../lib/sql.ts';

import { containsPattern } from '../../lib/text-search.ts';

export interface ProcessValues {
  name: string;
  description: string | null;
  active: 'Y' | 'N';
}

const columns = {
  id: processes.id,
  companyId: processes.companyId,
  name: processes.name,
  description: processes.description,
  active: processes.active,
};

/** Every query names its company beside row-level security (defence in depth). */
const ofCompany = (companyId: number, id: number) =>
  and(eq(processes.companyId, companyId), eq(processes.id, id));

export function selectProcesses(tx: Tx, companyId: number, search?: string) {
  return tx
    .select(columns)
    .from(processes)
    .where(
      and(
        eq(processes.companyId, companyId),
        search ? sql`lower(${processes.name}) like ${containsPattern(search)}` : undefined,
      ),
    )
    .orderBy(asc(processes.name), asc(processes.id));
}

export async function findProcess(tx: Tx, companyId: number, id: number, lock = false) {
  const query = tx.select(columns).from(processes).where(ofCompany(companyId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertProcess(tx: Tx, companyId: number, values: ProcessValues) {
  const [row] = await tx
    .insert(processes)
    .values({ ...values, companyId })
    .returning(columns);
  return mustExist(row, 'process');
}

export async function updateProcess(tx: Tx, companyId: number, id: number, values: ProcessValues) {
  const [row] = await tx
    .update(processes)
    .set({ ...values, updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning(columns);
  return mustExist(row, 'process');
}

export async function countTasksOfProcess(tx: Tx, companyId: number, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.processId, id)));
  return row?.n ?? 0;
}

/** Deletes the process; false when a task still refers to it (the foreign key says no). */
export const deleteProcessIfUnused = (tx: Tx, companyId: number, id: number): Promise<boolean> =>
  deleteIfUnreferenced(tx, () => tx.delete(processes).where(ofCompany(companyId, id)));
