import type { Task } from '@pd/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { clients, processes, tasks, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { mustExist } from '../../lib/sql.ts';

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

export type TaskValues = Omit<
  typeof tasks.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'workSeconds' | 'workStartedAt' | 'closedAt'
>;
type TaskStatus = TaskValues['status'];
type Clocks = { workSeconds?: SQL; workStartedAt?: SQL | null; closedAt?: SQL | null };

const isClosed = (s: string) => s === 'C' || s === 'R';

/**
 * Work time: entering W starts the clock; leaving W adds the stretch to work_seconds. Entering C or R
 * stops the elapsed clock (closed_at); leaving them for I or W starts it again. Moving between C and R
 * keeps the original closing time. Times come from the database clock.
 */
function clocksFor(from: string, to: TaskStatus | undefined): Clocks {
  if (to === undefined || from === to) return {};
  const set: Clocks = {};
  if (from === 'W') {
    set.workSeconds = sql`${tasks.workSeconds} + greatest(0, floor(extract(epoch from (now() - coalesce(${tasks.workStartedAt}, now())))))::int`;
    set.workStartedAt = null;
  }
  if (to === 'W') set.workStartedAt = sql`now()`;
  if (isClosed(to) && !isClosed(from)) set.closedAt = sql`now()`;
  if (!isClosed(to)) set.closedAt = null;
  return set;
}

/** A task starts at I; one created in another status gets that status's clocks. */
export async function insertTask(tx: Tx, companyId: number, values: TaskValues): Promise<number> {
  const [row] = await tx
    .insert(tasks)
    .values({ ...values, ...clocksFor('I', values.status), companyId })
    .returning({ id: tasks.id });
  return mustExist(row, 'task').id;
}

const ofCompany = (companyId: number, id: number) => and(eq(tasks.companyId, companyId), eq(tasks.id, id));

/** Sets the values given; a status change moves the work and elapsed clocks from the stored status. */
export async function updateTask(
  tx: Tx,
  companyId: number,
  id: number,
  storedStatus: string,
  values: Partial<TaskValues>,
): Promise<void> {
  await tx
    .update(tasks)
    .set({ ...values, ...clocksFor(storedStatus, values.status), updatedAt: new Date() })
    .where(ofCompany(companyId, id));
}

export async function deleteTaskRow(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(tasks).where(ofCompany(companyId, id));
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
