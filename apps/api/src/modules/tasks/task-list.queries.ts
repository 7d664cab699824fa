import type { Task, TaskListQuery, TaskSortField } from '@pd/contracts';
import { type AnyColumn, and, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { clients, processes, tasks, users } from '../../db/schema/index.ts';
import type { Tx } from '../../db/tenancy.ts';
import { containsPattern } from '../../lib/text-search.ts';
import { selectTasks, taskList, toTask } from './task.queries.ts';

export const OPEN = ['I', 'W'] as const;
export const CLOSED = ['C', 'R'] as const;

const SORT_COLUMNS: Record<TaskSortField, SQL | AnyColumn> = {
  due: tasks.due,
  created: tasks.createdAt,
  status: tasks.status,
  type: tasks.type,
  description: sql`lower(${tasks.description})`,
  processName: sql`lower(${processes.name})`,
  user: sql`lower(${users.username})`,
  clientName: sql`lower(${clients.name})`,
};

const dueFirst = sql`${tasks.due} asc nulls last`;

/** Open tasks (I or W), soonest due first; optionally one user's. */
export const selectOpenTasks = (tx: Tx, companyId: number, userId?: number) =>
  taskList(
    tx,
    and(
      eq(tasks.companyId, companyId),
      inArray(tasks.status, [...OPEN]),
      userId ? eq(tasks.userId, userId) : undefined,
    ),
    dueFirst,
  );

/** Closed tasks (C or R), last closed first; optionally only those closed in the last `days` days. */
export const selectClosedTasks = (tx: Tx, companyId: number, days?: number) =>
  taskList(
    tx,
    and(
      eq(tasks.companyId, companyId),
      inArray(tasks.status, [...CLOSED]),
      days ? sql`${tasks.closedAt} >= now() - make_interval(days => ${days})` : undefined,
    ),
    sql`${tasks.closedAt} desc nulls last`,
  );

/** Every task of one client, newest first. */
export const selectClientTasks = (tx: Tx, companyId: number, clientId: number) =>
  taskList(tx, and(eq(tasks.companyId, companyId), eq(tasks.clientId, clientId)), desc(tasks.createdAt));

/** Every condition of the lazy list; user text only ever reaches SQL as a parameter. */
function conditions(companyId: number, q: TaskListQuery): SQL | undefined {
  const pattern = q.search ? containsPattern(q.search) : undefined;
  return and(
    eq(tasks.companyId, companyId),
    pattern
      ? sql`(lower(${tasks.description}) like ${pattern} or lower(${clients.name}) like ${pattern})`
      : undefined,
    q.status ? eq(tasks.status, q.status) : undefined,
    q.type ? eq(tasks.type, q.type) : undefined,
    q.category ? eq(tasks.processId, q.category) : undefined,
    q.userId ? eq(tasks.userId, q.userId) : undefined,
    q.filter === 'active' ? inArray(tasks.status, [...OPEN]) : undefined,
    q.filter === 'complete' ? inArray(tasks.status, [...CLOSED]) : undefined,
    q.filter === 'overdue' ? and(inArray(tasks.status, [...OPEN]), sql`${tasks.due} < now()`) : undefined,
    q.start ? gte(tasks.due, new Date(q.start)) : undefined,
    q.end ? lte(tasks.due, new Date(q.end)) : undefined,
  );
}

/** One page, sorted by an allow-listed column (empty values last) with the id as the tie-breaker. */
export async function selectTaskPage(
  tx: Tx,
  companyId: number,
  q: TaskListQuery,
): Promise<{ data: Task[]; totalRecords: number }> {
  const where = conditions(companyId, q);
  const [counted] = await tx
    .select({ n: count() })
    .from(tasks)
    .innerJoin(
      clients,
      and(eq(clients.companyId, tasks.companyId), eq(clients.id, tasks.clientId), isNull(clients.deletedAt)),
    )
    .where(where);
  const totalRecords = counted?.n ?? 0;
  if (totalRecords === 0) return { data: [], totalRecords };
  const direction = q.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const rows = await selectTasks(tx)
    .where(where)
    .orderBy(sql`${SORT_COLUMNS[q.sortField]} ${direction} nulls last`, sql`${tasks.id} ${direction}`)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { data: rows.map(toTask), totalRecords };
}
