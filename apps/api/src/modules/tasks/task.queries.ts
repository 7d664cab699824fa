import type { Task } from '@pd/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { clients, processes, tasks, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';

export type TaskRow = typeof tasks.$inferSelect;

/** Seconds since creation, stopping when the task is closed (C or R). */
export const elapsedSql = sql<number>`greatest(0, floor(extract(epoch from (coalesce(${tasks.closedAt}, now()) - ${tasks.createdAt}))))::int`;
/** Seconds recorded in status W, plus the running stretch while it is in W now. */
export const durationSql = sql<number>`(${tasks.workSeconds} + case when ${tasks.status} = 'W' and ${tasks.workStartedAt} is not null
  then greatest(0, floor(extract(epoch from (now() - ${tasks.workStartedAt}))))::int else 0 end)`;

const columns = {
  id: tasks.id,
  companyId: tasks.companyId,
  processId: tasks.processId,
  processName: processes.name,
  userId: tasks.userId,
  user: users.username,
  clientId: tasks.clientId,
  clientName: clients.name,
  description: tasks.description,
  note: tasks.note,
  type: tasks.type,
  clientVisible: tasks.clientVisible,
  status: tasks.status,
  due: tasks.due,
  createdAt: tasks.createdAt,
  elapsed: elapsedSql,
  duration: durationSql,
};

/**
 * Tasks with their process, user and client names. A deleted client's tasks stay in the database but
 * leave the app with the client, like its notes.
 */
export function selectTasks(tx: Tx) {
  return tx
    .select(columns)
    .from(tasks)
    .innerJoin(
      clients,
      and(eq(clients.companyId, tasks.companyId), eq(clients.id, tasks.clientId), isNull(clients.deletedAt)),
    )
    .leftJoin(processes, and(eq(processes.companyId, tasks.companyId), eq(processes.id, tasks.processId)))
    .leftJoin(users, and(eq(users.companyId, tasks.companyId), eq(users.id, tasks.userId)));
}

type Selected = Awaited<ReturnType<typeof selectTasks>>[number];

export const toTask = ({ createdAt, due, ...row }: Selected): Task =>
  ({ ...row, due: due?.toISOString() ?? null, created: createdAt.toISOString() }) as Task;

export async function taskList(tx: Tx, where: SQL | undefined, ...order: SQL[]): Promise<Task[]> {
  const rows = await selectTasks(tx)
    .where(where)
    .orderBy(...order, tasks.id);
  return rows.map(toTask);
}

export async function findTask(tx: Tx, companyId: number, id: number): Promise<Task | undefined> {
  const [row] = await selectTasks(tx).where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
  return row ? toTask(row) : undefined;
}

/** The task row, locked for a change; none when its client was deleted. */
export async function findTaskRow(tx: Tx, companyId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await tx
    .select({ task: tasks })
    .from(tasks)
    .innerJoin(
      clients,
      and(eq(clients.companyId, tasks.companyId), eq(clients.id, tasks.clientId), isNull(clients.deletedAt)),
    )
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .for('update', { of: tasks });
  return row?.task;
}

export type TaskValues = Omit<typeof tasks.$inferInsert, 'id' | 'companyId' | 'createdAt'>;

export async function insertTask(tx: Tx, companyId: number, values: TaskValues): Promise<number> {
  const [row] = await tx
    .insert(tasks)
    .values({ ...values, companyId })
    .returning({ id: tasks.id });
  if (!row) throw new Error('task not inserted');
  return row.id;
}

export async function updateTask(tx: Tx, id: number, values: Partial<TaskValues>): Promise<void> {
  await tx
    .update(tasks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(tasks.id, id));
}

export async function deleteTaskRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(tasks).where(eq(tasks.id, id));
}

/** A user of the current tenant (by default only an active one). */
export async function findCompanyUser(tx: Tx, companyId: number, id: number, activeOnly = true) {
  const [row] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(eq(users.companyId, companyId), eq(users.id, id), activeOnly ? eq(users.active, true) : undefined),
    );
  return row;
}
