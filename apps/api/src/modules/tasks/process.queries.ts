import { and, asc, count, eq, sql } from 'drizzle-orm';
import { processes, tasks } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

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

/** "Contains", case-insensitive; the caller's text is a parameter with its wildcards escaped. */
export const containsPattern = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function listProcesses(tx: Tx, companyId: number, search?: string) {
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
  const query = tx
    .select(columns)
    .from(processes)
    .where(and(eq(processes.companyId, companyId), eq(processes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertProcess(tx: Tx, companyId: number, values: ProcessValues) {
  const [row] = await tx
    .insert(processes)
    .values({ ...values, companyId })
    .returning(columns);
  if (!row) throw new Error('process not inserted');
  return row;
}

export async function updateProcess(tx: Tx, id: number, values: ProcessValues) {
  const [row] = await tx
    .update(processes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(processes.id, id))
    .returning(columns);
  if (!row) throw new Error('process not updated');
  return row;
}

export async function countTasksOfProcess(tx: Tx, companyId: number, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.processId, id)));
  return row?.n ?? 0;
}

/** Deletes the process; false when a task still refers to it (the foreign key says no). */
export async function deleteProcessIfUnused(tx: Tx, id: number): Promise<boolean> {
  await tx.execute(sql`savepoint before_process_delete`);
  try {
    await tx.delete(processes).where(eq(processes.id, id));
    await tx.execute(sql`release savepoint before_process_delete`);
    return true;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if ((e.cause?.code ?? e.code) !== '23503') throw error;
    await tx.execute(sql`rollback to savepoint before_process_delete`);
    return false;
  }
}
